/** Dates as the product shows them (spec 000 §9): DD-MMM-YYYY, with HH:mm for date-times, in the user's time zone. */
import { format } from 'date-fns';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2024-05-01` -> `01-May-2024`; a date-time -> `01-May-2024 14:05` in the browser's zone; other text unchanged. */
export function formatDate(value: string, withTime = false): string {
  const day = DAY.exec(value);
  // A calendar date has no zone: parsed as local midnight it shows the same day everywhere.
  const date = day ? new Date(+day[1]!, +day[2]! - 1, +day[3]!) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return format(date, withTime ? 'dd-MMM-yyyy HH:mm' : 'dd-MMM-yyyy');
}

/** An imprecise date YYYY, YYYY-M or YYYY-M-D as YYYY, MMM-YYYY or DD-MMM-YYYY. */
export function formatImpreciseDate(value: string): string {
  const m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value);
  if (!m) return value;
  if (m[2] === undefined) return m[1]!;
  const date = new Date(+m[1]!, +m[2] - 1, m[3] === undefined ? 1 : +m[3]);
  return format(date, m[3] === undefined ? 'MMM-yyyy' : 'dd-MMM-yyyy');
}
