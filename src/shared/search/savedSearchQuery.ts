import type { Filter, SearchQuery, SortSpec } from './SearchQuery';

/** The part of a saved search (spec 000 §3) that says what it finds. */
export interface SavedSearchCriteria {
  criteria?: { filters?: Filter[]; groups?: { filters?: Filter[] }[]; groupsShould?: { filters?: Filter[] }[] };
  searchString?: string;
  sortBy?: SortSpec[];
  itemTypeName?: string;
}

/**
 * The query a saved search runs: its filters must match, every group must match (all of its
 * filters), at least one of `groupsShould` must, plus its search string and item type.
 */
export function savedSearchQuery(saved: SavedSearchCriteria): SearchQuery {
  const must: Filter[] = [...(saved.criteria?.filters ?? [])];
  if (saved.searchString?.trim()) must.push({ prop: '', kind: 'q', value: saved.searchString });
  if (saved.itemTypeName) must.push({ prop: '', kind: '_', value: saved.itemTypeName });
  const query: SearchQuery = { must };
  const groups = saved.criteria?.groups ?? [];
  const groupsShould = saved.criteria?.groupsShould ?? [];
  if (groups.length) query.subs = groups.map((g) => ({ must: g.filters ?? [] }));
  if (groupsShould.length) query.subsShould = groupsShould.map((g) => ({ must: g.filters ?? [] }));
  if (saved.sortBy?.length) query.sort = saved.sortBy;
  return query;
}
