import { SEARCH_MAX_ALL } from '../constants';

/**
 * Bounds on every part of a search query a caller shapes (issue 19, finding 1). A query over any of
 * them is refused before SQL runs: thousands of AND-ed text-search terms overflowed the embedded
 * database's stack and froze it for good, and on PostgreSQL a 1 MB query burnt 25 s of CPU. Each
 * bound sits well above what the search bar, saved searches and screens send, and below what a
 * statement can be made to cost. Both sides read them: the server refuses, the browser may stop
 * the user sooner.
 */
export const searchLimits = {
  /** Characters of free text (`q`) and of a text match (`m`, `mp`). */
  textLength: 500,
  /** Words, "phrases", [raw] parts, ids and numbers in one free text. */
  textTerms: 32,
  /** Operators (`&`, `|`, `!`, `<->`, `<N>`) in the [raw] text-search queries of one free text. */
  rawOperators: 32,
  /** Characters of one value of a condition (ft, t, fs, _, id, i) and of a range's end. */
  valueLength: 200,
  /** Values one condition lists (`id` lists may name SEARCH_MAX_IDS). */
  values: 100,
  /** Values over the whole query, every condition and the top-level `ids` together. */
  totalValues: 2_000,
  /** Patterns one wildcard condition (`fw`) lists. */
  wildcardPatterns: 10,
  /** Characters of one wildcard pattern. */
  wildcardLength: 100,
  /** `*` and `?` in one wildcard pattern. */
  wildcards: 8,
  /** Conditions in one clause (`must`, `should`, `mustNot`). */
  clauseConditions: 32,
  /** Groups in one `subs` or `subsShould` list. */
  subGroups: 16,
  /** Groups in the whole query, nested ones included. */
  groups: 64,
  /** Conditions in the whole query, over every group. */
  conditions: 128,
  /** Deepest nesting of `subs` and `subsShould`. */
  depth: 5,
  /** Characters of a condition key, a facet key or a sort key. */
  keyLength: 100,
  /** Facets one query asks for. */
  facets: 20,
  /** Largest `limit` of a terms facet. */
  facetLimit: 1_000,
  /** Ranges of one numeric-ranges facet. */
  facetRanges: 100,
  /** Sort keys of one query. */
  sortKeys: 8,
  /** Largest page of ids (`max`); SEARCH_MAX_ALL, the spec's "all", answers this many at most. */
  page: 10_000,
  /** The spec's "all" value of `max` (spec 000 §9). */
  all: SEARCH_MAX_ALL,
  /** Most ids a query may restrict itself to (top-level `ids`, an `id` condition). */
  ids: 1_000,
} as const;
