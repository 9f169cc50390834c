/** A facet range: its key and bounds (ISO instants or numbers; null is open). */
export interface RangeBucket<T extends string | number = string> {
  key: string;
  from: T | null;
  to: T | null;
}

const DAY_MS = 86_400_000;

/** Date facet buckets of spec 000 §9 as [from, to) days before the start of today. */
export const DATE_BUCKET_DAYS: readonly (readonly [string, number | null, number])[] = [
  ['today', null, 0],
  ['yesterday', 0, 1],
  ['lastWeek', 1, 7],
  ['7-30', 7, 30],
  ['30-60', 30, 60],
  ['60-90', 60, 90],
  ['90-180', 90, 180],
  ['before180', 180, 36_525],
];

/**
 * The date facet buckets relative to `now`, as [from, to) instants, with days starting at local
 * midnight for a client `tzOffset` minutes behind UTC (as `Date.getTimezoneOffset()` gives it).
 * "today" runs to the end of today; "before180" reaches back 100 years.
 */
export function dateBuckets(now: Date, tzOffset = 0): RangeBucket[] {
  const local = now.getTime() - tzOffset * 60_000;
  const startOfToday = Math.floor(local / DAY_MS) * DAY_MS + tzOffset * 60_000;
  const at = (daysAgo: number): string => new Date(startOfToday - daysAgo * DAY_MS).toISOString();
  return DATE_BUCKET_DAYS.map(([key, newer, older]) => ({
    key,
    from: at(older),
    to: newer === null ? at(-1) : at(newer),
  }));
}
