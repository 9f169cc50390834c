/**
 * What one related-items list asks and where its "add one here" goes (issue 16, "Related items"): the
 * search of the items of a type whose relation points at the item shown, and the address of a create
 * form with that relation filled in (`c{N}.{prop}={id}`, read back by relatedPrefill.ts).
 */
import { itemTypes } from '../../src/shared/itemTypes';
import type { RelatedList } from '../../src/shared/items/relatedLists';
import type { SearchQuery, SortSpec } from '../../src/shared/search/SearchQuery';
import { columnParamPrefix } from '../router/columnParams';
import { openAfter } from '../router/formatLocation';
import type { ParsedLocation } from '../router/parseLocation';

/** Items a list shows at first, and how many more each "Show more" adds. */
export const RELATED_PAGE = 10;

/** Whether `value` (a relation, or a list of them) names `id`. */
export function pointsAt(value: unknown, id: string): boolean {
  const rels = Array.isArray(value) ? value : [value];
  return rels.some((r) => typeof r === 'object' && r !== null && (r as { id?: unknown }).id === id);
}

/** The order of a list: by the date its type lists its items by, newest first; else by label. */
export function relatedSort(typeName: string): SortSpec[] {
  const type = itemTypes.get(typeName);
  const subtitle = type?.listItem?.subtitle;
  const def = subtitle ? type?.properties[subtitle] : undefined;
  if (def?.sortable && (def.kind === 'DT' || def.kind === 'DTM')) return [{ key: subtitle!, order: 'desc' }];
  return [{ key: 'label', order: 'asc' }];
}

/** The `search/ids` body of `list` for the item `itemId`: its first `max` hits, narrowed by the list's filter `text`. */
export function relatedQuery(list: Pick<RelatedList, 'type' | 'prop'>, itemId: string, text: string, max: number): SearchQuery {
  const must: Record<string, unknown> = { _: list.type, [`ft-${list.prop}`]: itemId };
  if (text.trim()) must.q = text.trim();
  return { must, sort: relatedSort(list.type), labels: true, max };
}

/** The address with a create form of `list.type` opened after column `fromIndex`, its relation set to `itemId` (and `also` set). */
export function createHref(
  location: ParsedLocation,
  fromIndex: number,
  list: Pick<RelatedList, 'type' | 'prop'>,
  itemId: string,
  also: ReadonlyArray<readonly [string, string]> = [],
): string {
  const opened = openAfter(location, fromIndex, `i-${list.type}-0`);
  const [path, search = ''] = opened.split('?');
  const query = new URLSearchParams(search);
  for (const [prop, id] of [[list.prop, itemId] as const, ...also]) query.append(`${columnParamPrefix(fromIndex + 1)}${prop}`, id);
  return `${path}?${query.toString()}`;
}
