/**
 * The first download's own date wording agrees with date-fns, which the rest of the app (and the
 * product before) words dates with: DD-MMM-YYYY [HH:mm] and "in 5 minutes".
 */
import { format, formatDistanceToNowStrict } from 'date-fns';
import fc from 'fast-check';
import { formatDate, formatImpreciseDate } from '../../../src/client/items/fields/formatDate';
import { distanceFromNow } from '../../../src/client/shell/distanceFromNow';

const moment = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true });

afterEach(() => jest.restoreAllMocks());

describe('dates as the product shows them', () => {
  it('words any date and date-time as date-fns does', () => {
    fc.assert(
      fc.property(moment, (date) => {
        const iso = date.toISOString();
        expect(formatDate(iso)).toBe(format(date, 'dd-MMM-yyyy'));
        expect(formatDate(iso, true)).toBe(format(date, 'dd-MMM-yyyy HH:mm'));
      }),
    );
  });

  it('words calendar and imprecise dates', () => {
    expect(formatDate('2024-05-01')).toBe('01-May-2024');
    expect(formatDate('2024-12-31', true)).toBe('31-Dec-2024 00:00');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatImpreciseDate('2024')).toBe('2024');
    expect(formatImpreciseDate('2024-2')).toBe('Feb-2024');
    expect(formatImpreciseDate('2024-2-9')).toBe('09-Feb-2024');
    expect(formatImpreciseDate('in spring')).toBe('in spring');
  });

  it('words how far a moment is from now as date-fns does, in English', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const offset = fc.oneof(
      fc.integer({ min: -120_000, max: 120_000 }),
      fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }),
      fc.integer({ min: -3 * 365 * 86_400_000, max: 3 * 365 * 86_400_000 }),
    );
    fc.assert(
      fc.property(offset, (ms) => {
        jest.spyOn(Date, 'now').mockReturnValue(now);
        const date = new Date(now + ms);
        expect(distanceFromNow(date, 'en', now)).toBe(formatDistanceToNowStrict(date, { addSuffix: true }));
      }),
      { numRuns: 500 },
    );
    expect(distanceFromNow(new Date(now + 5 * 60_000), 'en', now)).toBe('in 5 minutes');
    expect(distanceFromNow(new Date(now), 'en', now)).toBe('0 seconds ago');
    expect(distanceFromNow(new Date(now + 5 * 60_000), 'fr', now)).toBe('dans 5 minutes');
  });
});
