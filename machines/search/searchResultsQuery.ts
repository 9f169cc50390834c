/**
 * What a results view searches for (the saved-search fields of spec 000 §3) and the `search/ids`
 * query it makes of them: criteria, search string and type, the selected facet buckets, the sort.
 */
import { itemTypes } from '../../src/shared/itemTypes';
import type { Extent } from '../../src/shared/geo/bounds';
import { dateBuckets, type RangeBucket } from '../../src/shared/search/dateBuckets';
import { FILE_SIZE_BUCKETS, numericRanges } from '../../src/shared/search/numericRanges';
import { savedSearchQuery, type SavedSearchCriteria } from '../../src/shared/search/savedSearchQuery';
import { searchConstants } from '../../src/shared/search/searchConstants';
import type { FacetKind, FacetRequest, Filter, SearchGroup, SearchQuery, SortSpec } from '../../src/shared/search/SearchQuery';
import { YEAR_RANGES, yearStart } from '../../src/shared/search/yearRanges';

/** The displays of spec 000 §3 (MAP comes with the spatial module). */
export const RESULTS_DISPLAYS = ['LIST', 'TABLE', 'CARDS', 'TIMELINE', 'CAROUSEL', 'MAP'] as const;
export type DisplayAs = (typeof RESULTS_DISPLAYS)[number];

/** Most hits a results view holds ids for; rows are read in pages as they show. */
export const RESULTS_MAX_IDS = 10_000;

/** Everything a saved search keeps of a results view: what it finds and how it shows. */
export interface ResultsSettings {
  criteria: NonNullable<SavedSearchCriteria['criteria']>;
  searchString: string;
  /** Only items of this type; its facets and table headers apply. */
  itemTypeName: string | null;
  /** Facet key to the keys of its chosen buckets; buckets of one facet are alternatives. */
  selectedFacets: Record<string, string[]>;
  sortBy: SortSpec[];
  displayAs: DisplayAs;
  showFacets: boolean;
  /** The map's bounds filter (MAP display): only hits whose shape meets this rectangle, or null. */
  inView: Extent | null;
}

/** A fresh results view: every item, newest first, as a list with the facets shown. */
export const DEFAULT_SETTINGS: ResultsSettings = {
  criteria: {},
  searchString: '',
  itemTypeName: null,
  selectedFacets: {},
  sortBy: [...searchConstants.defaultSort],
  displayAs: 'LIST',
  showFacets: true,
  inView: null,
};

/** Whether results of `itemTypeName` are a virtual type's views of Attachments, which export as a zip of their files. */
export const isAttachmentView = (itemTypeName: string | null): boolean =>
  !!itemTypeName && itemTypes.get(itemTypeName)?.virtual?.over === 'Attachment';

/** A facet the view asks for and shows. */
export interface FacetSpec extends FacetRequest {
  kind: FacetKind;
}

/**
 * The type whose own facets apply: the search's type, else the one type chosen in a general
 * search's type facet (so narrowing to organisations offers their organisation types).
 */
export function facetTypeOf(itemTypeName: string | null, selectedFacets: Readonly<Record<string, readonly string[]>> = {}): string | null {
  if (itemTypeName) return itemTypeName;
  const chosen = selectedFacets._ ?? [];
  return chosen.length === 1 ? chosen[0]! : null;
}

/**
 * The facets of a search: item types (for a general search), creation date, and the type's own (see
 * `facetTypeOf`); those shown administrators alone (`adminOnly`) when `adminFacets` (the server counts them for administrators only).
 */
export function facetSpecsFor(
  itemTypeName: string | null,
  selectedFacets: Readonly<Record<string, readonly string[]>> = {},
  adminFacets = true,
): FacetSpec[] {
  const specs: FacetSpec[] = itemTypeName ? [] : [{ key: '_', kind: 'terms' }];
  specs.push({ key: 'created', kind: 'dateRanges' });
  const typeName = facetTypeOf(itemTypeName, selectedFacets);
  const type = typeName ? itemTypes.get(typeName) : undefined;
  for (const [key, prop] of Object.entries(type?.properties ?? {})) {
    if (!prop.facet || prop.facet.hide || (prop.adminOnly && !adminFacets)) continue;
    const spec: FacetSpec = { key, kind: prop.facet.kind };
    if (prop.facet.ranges) spec.ranges = prop.facet.ranges.map(([from, to]) => [from, to] as const);
    if (prop.facet.limit) spec.limit = prop.facet.limit;
    specs.push(spec);
  }
  return specs;
}

function rangesOf(spec: FacetSpec, now: Date, tzOffset: number): readonly RangeBucket<string | number>[] {
  switch (spec.kind) {
    case 'dateRanges':
      return dateBuckets(now, tzOffset);
    case 'yearRanges':
      return YEAR_RANGES;
    case 'fileSize':
      return FILE_SIZE_BUCKETS;
    case 'numericRanges':
      return numericRanges(spec.ranges ?? []);
    default:
      return [];
  }
}

/** The condition of one chosen bucket; null when the bucket is not (or no longer) one of the facet's. */
export function bucketFilter(spec: FacetSpec, bucket: string, now: Date, tzOffset: number): Filter | null {
  if (spec.kind === 'terms')
    return spec.key === '_' ? { prop: '', kind: '_', value: bucket } : { prop: spec.key, kind: 'ft', value: bucket };
  const range = rangesOf(spec, now, tzOffset).find((r) => r.key === bucket);
  if (!range) return null;
  if (spec.kind === 'yearRanges') {
    const year = (v: string | number | null) => (typeof v === 'number' ? yearStart(v) : null);
    return { prop: spec.key, kind: 'dr', value: { from: year(range.from), to: year(range.to) } };
  }
  return { prop: spec.key, kind: spec.kind === 'dateRanges' ? 'dr' : 'nr', value: { from: range.from, to: range.to } };
}

/** The shape properties of `itemTypeName`, or of every type when it is null (a general search). */
function shapePropsOf(itemTypeName: string | null): string[] {
  const types = itemTypeName ? [itemTypes.get(itemTypeName)].filter((t) => t !== undefined) : itemTypes.all();
  return [
    ...new Set(
      types.flatMap((t) =>
        Object.entries(t.properties)
          .filter(([, def]) => def.kind === 'GEO')
          .map(([name]) => name),
      ),
    ),
  ];
}

/** The condition of the map's bounds filter: a shape of any of the types' shape properties meets `inView`. */
function inViewGroup(itemTypeName: string | null, inView: Extent): SearchGroup {
  return { should: shapePropsOf(itemTypeName).map((prop): Filter => ({ prop, kind: 'gb', value: [...inView] })), minShould: 1 };
}

/** The `search/ids` body of `settings`: every facet asked with its counts, chosen buckets narrowing the hits. */
export function resultsQuery(settings: ResultsSettings, now: Date, tzOffset: number): SearchQuery {
  const base = savedSearchQuery({
    criteria: settings.criteria,
    searchString: settings.searchString.trim(),
    ...(settings.itemTypeName ? { itemTypeName: settings.itemTypeName } : {}),
  });
  const specs = facetSpecsFor(settings.itemTypeName, settings.selectedFacets);
  const narrowing: SearchGroup[] = [];
  for (const spec of specs) {
    const chosen = (settings.selectedFacets[spec.key] ?? [])
      .map((b) => bucketFilter(spec, b, now, tzOffset))
      .filter((f): f is Filter => f !== null);
    // Tagged with its facet, which the server then counts without it: the other buckets stay on offer.
    if (chosen.length) narrowing.push({ should: chosen, facet: spec.key });
  }
  if (settings.inView) narrowing.push(inViewGroup(facetTypeOf(settings.itemTypeName, settings.selectedFacets), settings.inView));
  return {
    ...base,
    ...(narrowing.length ? { subs: [...(base.subs ?? []), ...narrowing] } : {}),
    sort: settings.sortBy.length ? settings.sortBy : [...searchConstants.defaultSort],
    facets: specs,
    labels: true,
    max: RESULTS_MAX_IDS,
    tzOffset,
  };
}

/** The sort after a click on column `key`: by that key, ascending first, and the other way round on the next click. */
export function nextSort(sortBy: readonly SortSpec[], key: string): SortSpec[] {
  const current = sortBy[0]?.key === key ? sortBy[0].order : null;
  return [{ key, order: current === 'asc' ? 'desc' : 'asc' }];
}
