import { parseShownDate, shownDate, storedDate } from '../../../src/client/items/fields/shownDate';

describe('dates typed as they are shown (DD-MMM-YYYY [HH:mm])', () => {
  it.each([
    ['03-Feb-2025', '2025-02-03'],
    ['3-feb-2025', '2025-02-03'],
    ['3 Feb 2025', '2025-02-03'],
    ['  03-FEB-2025 ', '2025-02-03'],
    ['2025-02-03', '2025-02-03'],
  ])('reads the date %p as %p', (text, stored) => {
    expect(storedDate(text, false)).toBe(stored);
  });

  it('reads a date and time in the local zone and stores the ISO moment', () => {
    expect(storedDate('03-Feb-2025 09:15', true)).toBe(new Date(2025, 1, 3, 9, 15).toISOString());
    expect(storedDate('2025-02-03T09:15', true)).toBe(new Date(2025, 1, 3, 9, 15).toISOString());
  });

  it('keeps text that is no date as typed (the form rule refuses it), and nothing as nothing', () => {
    expect(storedDate('31-Feb-2025', false)).toBe('31-Feb-2025');
    expect(storedDate('soon', false)).toBe('soon');
    expect(storedDate('03-Feb-2025', true)).toBe('03-Feb-2025');
    expect(storedDate('   ', false)).toBe('');
    expect(parseShownDate('03-Feb-25', false)).toBeNull();
  });

  it('shows a stored value the way it is typed', () => {
    expect(shownDate('2025-02-03', false)).toBe('03-Feb-2025');
    expect(shownDate(new Date(2025, 1, 3, 9, 15).toISOString(), true)).toBe('03-Feb-2025 09:15');
    expect(shownDate('', false)).toBe('');
    expect(shownDate(undefined, true)).toBe('');
  });
});
