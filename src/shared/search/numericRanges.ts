import { FILE_SIZE_RANGES } from '../constants';
import type { RangeBucket } from './dateBuckets';

/** Buckets of [from, to] number ranges, both ends inclusive (null open), keyed `from-to`, `from+` or `-to`. */
export function numericRanges(ranges: readonly (readonly [number | null, number | null])[]): RangeBucket<number>[] {
  return ranges.map(([from, to]) => ({
    key: from === null ? `-${to}` : to === null ? `${from}+` : `${from}-${to}`,
    from,
    to,
  }));
}

/** File size ranges of spec 000 §9, in bytes. */
export const FILE_SIZE_BUCKETS: readonly RangeBucket<number>[] = numericRanges(FILE_SIZE_RANGES);
