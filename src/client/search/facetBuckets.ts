/** The buckets a facet offers: what the server counted, and every chosen one, even one that no longer has a hit. */
import type { FacetBucket } from '../../shared/search/SearchQuery';

/**
 * `buckets` with the chosen ones added (count 0) where the server's answer leaves them out, so a choice that now
 * finds nothing stays in sight, checked and removable, instead of narrowing unseen. Empty buckets that are not
 * chosen are left out.
 */
export function offeredBuckets(buckets: readonly FacetBucket[], chosen: readonly string[]): FacetBucket[] {
  const shown = buckets.filter((b) => b.count > 0 || chosen.includes(b.key));
  const missing = chosen.filter((key) => !shown.some((b) => b.key === key));
  return [...shown, ...missing.map((key) => ({ key, count: 0 }))];
}
