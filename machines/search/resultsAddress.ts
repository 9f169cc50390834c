/**
 * A results column's settings in the address (spec 000 §2 Routing, §3 Saved search, §5 key prefixes), so a
 * result set survives a reload and can be shared or bookmarked. Column N's text is `c{N}`; the rest are its
 * sub-parameters `c{N}.{name}`, named by the search query's key prefixes:
 * - a chosen facet bucket: `_` (type), `ft-{facet}` (terms), `dr-{facet}` (date and year ranges) or
 *   `nr-{facet}` (numeric ranges, file sizes), once per bucket, e.g. `c0.ft-state=ACTIVE&c0.dr-created=LAST_WEEK`;
 *   date buckets are kept by name, so "last week" stays last week when the link is opened later;
 * - `sort`: keys in order, a leading `-` for descending (`c0.sort=-created`);
 * - `display`: the display, lower case (`c0.display=table`); `facets=hidden` when the facets are put away;
 * - `gb`: the map's bounds filter, west, south, east and north to 5 decimals (`c0.gb=-124.5,48.2,-122,49.8`).
 * A setting equal to the view's own start is left out, so a plain search stays `/search?c0=text`.
 */
import { rectangleError, type Extent } from '../../src/shared/geo/bounds';
import type { FacetKind, SortSpec } from '../../src/shared/search/SearchQuery';
import { DEFAULT_SETTINGS, facetSpecsFor, RESULTS_DISPLAYS, type DisplayAs, type ResultsSettings } from './searchResultsQuery';

/** The column sub-parameters of results, without their `c{N}.` prefix, in order. */
export type ResultsParams = ReadonlyArray<readonly [string, string]>;

/** What the address may set of a results view: everything but the criteria, which the view itself fixes. */
export type AddressedSettings = Pick<ResultsSettings, 'selectedFacets' | 'sortBy' | 'displayAs' | 'showFacets' | 'inView'>;

const SORT = 'sort';
const DISPLAY = 'display';
const FACETS = 'facets';
const HIDDEN = 'hidden';
const IN_VIEW = 'gb';

/** A rectangle as the address writes it: four numbers to 5 decimals (about a metre), comma-separated. */
const extentText = (extent: Extent): string => extent.map((n) => Number(n.toFixed(5))).join(',');

/** The rectangle of a `gb` parameter, or null when it is not one. */
function extentOfText(text: string): Extent | null {
  const numbers = text.split(',').map((n) => (n.trim() === '' ? NaN : Number(n)));
  return rectangleError(numbers) ? null : (numbers as unknown as Extent);
}

/** The key prefix of a facet's chosen buckets. */
function prefixOf(facet: string, kind: FacetKind): string {
  if (facet === '_') return '_';
  if (kind === 'dateRanges' || kind === 'yearRanges') return `dr-${facet}`;
  if (kind === 'numericRanges' || kind === 'fileSize') return `nr-${facet}`;
  return `ft-${facet}`;
}

const sortText = (sortBy: readonly SortSpec[]): string => sortBy.map((s) => (s.order === 'desc' ? `-${s.key}` : s.key)).join(',');

/** The view's start: the defaults with the view's own settings over them. */
export const startOf = (base: Partial<ResultsSettings>): ResultsSettings => ({ ...DEFAULT_SETTINGS, ...base });

/** The sub-parameters that say how `settings` differ from the view's start `base`. */
export function resultsParams(settings: ResultsSettings, base: Partial<ResultsSettings> = {}): Array<[string, string]> {
  const start = startOf(base);
  const params: Array<[string, string]> = [];
  for (const spec of facetSpecsFor(settings.itemTypeName, settings.selectedFacets)) {
    for (const bucket of settings.selectedFacets[spec.key] ?? []) params.push([prefixOf(spec.key, spec.kind), bucket]);
  }
  if (sortText(settings.sortBy) !== sortText(start.sortBy)) params.push([SORT, sortText(settings.sortBy)]);
  if (settings.displayAs !== start.displayAs) params.push([DISPLAY, settings.displayAs.toLowerCase()]);
  if (settings.showFacets !== start.showFacets) params.push([FACETS, settings.showFacets ? 'shown' : HIDDEN]);
  if (settings.inView) params.push([IN_VIEW, extentText(settings.inView)]);
  return params;
}

const FACET_PARAM = /^(?:_|(?:ft|dr|nr)-(.+))$/;
const SORT_KEY = /^-?[A-Za-z_$][A-Za-z0-9_.$]*$/;

/**
 * The settings `params` give a view that starts from `base`. What is not understood is left out: an unknown
 * parameter, a facet the view does not offer, a sort key that is no key, a display that is none of the displays.
 */
export function settingsFromParams(params: ResultsParams, base: Partial<ResultsSettings> = {}): AddressedSettings {
  const start = startOf(base);
  const chosen: Record<string, string[]> = {};
  let sortBy = start.sortBy;
  let displayAs = start.displayAs;
  let showFacets = start.showFacets;
  let inView = start.inView;
  for (const [name, value] of params) {
    const facet = FACET_PARAM.exec(name);
    if (facet) {
      const key = facet[1] ?? '_';
      if (value && !(chosen[key] ??= []).includes(value)) chosen[key].push(value);
    } else if (name === SORT) {
      const keys = value.split(',').filter((k) => SORT_KEY.test(k));
      if (keys.length) sortBy = keys.map((k) => (k.startsWith('-') ? { key: k.slice(1), order: 'desc' } : { key: k, order: 'asc' }));
    } else if (name === DISPLAY) {
      const display = value.toUpperCase() as DisplayAs;
      if (RESULTS_DISPLAYS.includes(display)) displayAs = display;
    } else if (name === FACETS) {
      showFacets = value !== HIDDEN;
    } else if (name === IN_VIEW) {
      inView = extentOfText(value) ?? inView;
    }
  }
  // Only facets the view offers (a type's own ones once that type is chosen) narrow the results.
  const offered = new Set(facetSpecsFor(start.itemTypeName, chosen).map((s) => s.key));
  const selectedFacets = Object.fromEntries(Object.entries(chosen).filter(([key]) => offered.has(key)));
  return { selectedFacets, sortBy, displayAs, showFacets, inView };
}

/** Whether `settings` already are what `params` say (so the address changed because the results did). */
export function sameAsParams(settings: ResultsSettings, params: ResultsParams, base: Partial<ResultsSettings> = {}): boolean {
  return (
    JSON.stringify(resultsParams(settings, base)) ===
    JSON.stringify(resultsParams({ ...settings, ...settingsFromParams(params, base) }, base))
  );
}
