import { relativeTime } from '../../../src/client/items/relativeTime';

const NOW = Date.UTC(2025, 0, 31, 12, 0, 0);
const S = 1000;
const H = 3600 * S;
const D = 24 * H;
const ago = (ms: number) => relativeTime(NOW - ms, NOW);

describe('relativeTime', () => {
  it('says now for the first 10 seconds (and for a time ahead of the clock)', () => {
    expect(ago(0)).toEqual({ now: true });
    expect(ago(9_999)).toEqual({ now: true });
    expect(ago(-5 * S)).toEqual({ now: true });
    expect(ago(10 * S)).toEqual({ now: false, value: 10, unit: 'second' });
  });

  it('counts seconds, minutes and hours, and hours up to 47', () => {
    expect(ago(59 * S)).toEqual({ now: false, value: 59, unit: 'second' });
    expect(ago(60 * S)).toEqual({ now: false, value: 1, unit: 'minute' });
    expect(ago(H)).toEqual({ now: false, value: 1, unit: 'hour' });
    expect(ago(36 * H)).toEqual({ now: false, value: 36, unit: 'hour' });
    expect(ago(2 * D - 1)).toEqual({ now: false, value: 47, unit: 'hour' });
  });

  it('uses days and weeks only from 2 of them on', () => {
    expect(ago(2 * D)).toEqual({ now: false, value: 2, unit: 'day' });
    expect(ago(13 * D)).toEqual({ now: false, value: 13, unit: 'day' });
    expect(ago(14 * D)).toEqual({ now: false, value: 2, unit: 'week' });
    expect(ago(59 * D)).toEqual({ now: false, value: 8, unit: 'week' });
    expect(ago(60 * D)).toEqual({ now: false, value: 2, unit: 'month' });
    expect(ago(400 * D)).toEqual({ now: false, value: 1, unit: 'year' });
  });
});
