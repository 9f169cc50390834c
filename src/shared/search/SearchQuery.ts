/** The search query of spec 000 §3 and its reply, as both sides speak them. */

/**
 * Key prefixes that take a property: `ft-name`, `dr-created`, `fs-context.id`; and `gb-geometry`, the
 * map's bounds (a shape that meets the rectangle `[west, south, east, north]`, or the rectangle
 * around coordinate pairs), which spec 000 §3 leaves to the map (spec 001 §5, §9).
 */
export const PROP_PREFIXES = ['ft', 'fw', 'dr', 'tr', 'fb', 'nr', 'm', 't', 'mp', 'fs', 'gb'] as const;
/** Keys that stand alone: free text, type, ids, type indexes. */
export const BARE_KEYS = ['q', '_', 'id', 'i'] as const;

export type PropPrefix = (typeof PROP_PREFIXES)[number];
export type BareKey = (typeof BARE_KEYS)[number];
/** Every key prefix of spec 000 §3. */
export type KeyPrefix = PropPrefix | BareKey;

/** One condition: a property, a key prefix (`kind`) and a value (spec 000 §3 Filter). */
export interface Filter {
  prop: string;
  kind: KeyPrefix;
  value: unknown;
}

/** Conditions keyed `prefix-prop` (or a bare key), or a list of filters. */
export type Clause = Record<string, unknown> | Filter[];

/** A boolean group: every `must`, none of `mustNot`, and at least `minShould` of `should` and `subsShould`. */
export interface SearchGroup {
  must?: Clause;
  should?: Clause;
  mustNot?: Clause;
  /** Groups that must all match. */
  subs?: SearchGroup[];
  /** Groups counted with the `should` conditions against `minShould`. */
  subsShould?: SearchGroup[];
  /** How many `should` conditions and `subsShould` groups must match; 1 when any are given. */
  minShould?: number;
  /**
   * On a top-level `subs` group: the key of the facet it narrows by. That facet is counted over the
   * hits without this group, so its other buckets stay on offer as alternatives.
   */
  facet?: string;
}

/** Sort order of a key: `created`, `updated`, `label`, `index`, `type`, `score` or a sortable property. */
export interface SortSpec {
  key: string;
  order: 'asc' | 'desc';
}

/** Facet kinds (the same as an item type's facet definitions). */
export type FacetKind = 'terms' | 'dateRanges' | 'yearRanges' | 'numericRanges' | 'fileSize';

/** A facet asked for: a property (or `_` for types), optionally with its kind, size or ranges. */
export interface FacetRequest {
  key: string;
  kind?: FacetKind;
  limit?: number;
  /** numericRanges: [from, to] pairs, both inclusive, null for open. */
  ranges?: (readonly [number | null, number | null])[];
}

/** The body of `search/ids`. */
export interface SearchQuery extends SearchGroup {
  sort?: SortSpec[];
  facets?: (string | FacetRequest)[];
  /** Answer the labels of the hits (and of related items named by facets). */
  labels?: boolean;
  /** How many ids to answer; default 50, SEARCH_MAX_ALL for all. */
  max?: number;
  /** Only these items. */
  ids?: string[];
  /** The asker's offset from UTC in minutes (as `Date.getTimezoneOffset()`), for day boundaries. */
  tzOffset?: number;
}

/** One facet bucket: a term or a range, and how many hits fall in it. */
export interface FacetBucket {
  key: string;
  count: number;
  from?: string | number | null;
  to?: string | number | null;
}

/** The reply of `search/ids`. */
export interface SearchReply {
  ids: string[];
  labels: Record<string, string>;
  total: number;
  facets: Record<string, FacetBucket[]>;
  /** Conditions, sorts and facets that were not understood and so ignored (spec 000 §3 Filter). */
  ignored?: string[];
}
