/** Modifier-click on a link inside an item (spec 000 §2 Layout): item-relative column parameters do not travel. */

/** Query keys relative to the item a link sits in: `ci-0`, `ci-1`, ... */
const ITEM_RELATIVE = /^ci-[0-9]+$/;

/** The href without its `ci-N` parameters, for a link opened in a new tab or window. */
export function stripItemParams(href: string): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return href;
  const params = new URLSearchParams(beforeHash.slice(queryAt + 1));
  for (const key of [...params.keys()]) if (ITEM_RELATIVE.test(key)) params.delete(key);
  const query = params.toString();
  return `${beforeHash.slice(0, queryAt)}${query ? `?${query}` : ''}${hash}`;
}
