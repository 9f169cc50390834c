/**
 * Dates as the product shows them (spec 000 §9): DD-MMM-YYYY, with HH:mm for date-times, in the user's time zone.
 * Written out rather than with date-fns's `format`, whose token parser and locale are 20 KB of the first
 * download for three fixed patterns (test/client/items/formatDate.test.ts checks both agree).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number, length = 2): string => String(value).padStart(length, '0');
/** The year as date-fns's `yyyy`: 1 BC is 0001. */
const year = (date: Date): string => pad(date.getFullYear() > 0 ? date.getFullYear() : 1 - date.getFullYear(), 4);
const monthYear = (date: Date): string => `${MONTHS[date.getMonth()]}-${year(date)}`;
const day = (date: Date): string => `${pad(date.getDate())}-${monthYear(date)}`;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2024-05-01` -> `01-May-2024`; a date-time -> `01-May-2024 14:05` in the browser's zone; other text unchanged. */
export function formatDate(value: string, withTime = false): string {
  const calendar = DAY.exec(value);
  // A calendar date has no zone: parsed as local midnight it shows the same day everywhere.
  const date = calendar ? new Date(+calendar[1]!, +calendar[2]! - 1, +calendar[3]!) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return withTime ? `${day(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day(date);
}

/** An imprecise date YYYY, YYYY-M or YYYY-M-D as YYYY, MMM-YYYY or DD-MMM-YYYY. */
export function formatImpreciseDate(value: string): string {
  const m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value);
  if (!m) return value;
  if (m[2] === undefined) return m[1]!;
  const date = new Date(+m[1]!, +m[2] - 1, m[3] === undefined ? 1 : +m[3]);
  return m[3] === undefined ? monthYear(date) : day(date);
}
