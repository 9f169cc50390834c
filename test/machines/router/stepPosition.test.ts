import { formatStepPosition, parseStepPosition } from '../../../machines/router/stepPosition';

describe('step wizard position', () => {
  it('reads current and current-furthest', () => {
    expect(parseStepPosition('2')).toEqual({ current: 2, furthest: 2 });
    expect(parseStepPosition('2-4')).toEqual({ current: 2, furthest: 4 });
  });

  it('refuses anything else', () => {
    for (const bad of [undefined, '', '0', '4-2', 'a-b', '2-', '-4', '2-4-6']) expect(parseStepPosition(bad)).toBeNull();
  });

  it('writes back the short form when the furthest step is the current one', () => {
    expect(formatStepPosition({ current: 3, furthest: 3 })).toBe('3');
    expect(formatStepPosition({ current: 2, furthest: 4 })).toBe('2-4');
    expect(formatStepPosition({ current: 5, furthest: 4 })).toBe('5');
  });
});
