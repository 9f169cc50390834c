import type { RangeBucket } from './dateBuckets';

/**
 * Year facet ranges of spec 000 §9 as [from, to) years: before 1700, the 1700s and 1800s by
 * century, the 1900s in 20-year steps, then 2000 and beyond.
 */
export const YEAR_RANGES: readonly RangeBucket<number>[] = [
  { key: 'before1700', from: null, to: 1700 },
  { key: '1700-1799', from: 1700, to: 1800 },
  { key: '1800-1899', from: 1800, to: 1900 },
  ...[1900, 1920, 1940, 1960, 1980].map((y) => ({ key: `${y}-${y + 19}`, from: y, to: y + 20 })),
  { key: '2000+', from: 2000, to: null },
];

/** The first instant of `year` (UTC) as ISO text, for comparing stored dates with a year range. */
export const yearStart = (year: number): string => `${String(year).padStart(4, '0')}-01-01T00:00:00.000Z`;
