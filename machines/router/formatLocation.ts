/** Builds paths from cells: the inverse of parseLocation, with `/home` shown as `/` (spec 000 §2 Routing). */
import { columnParam, type CellSpec, type ParsedLocation } from './parseLocation';
import { DEFAULT_LOCALE, LOCALE_PARAM } from './routeLocale';

// `c2` and its sub-parameters `c2.{name}` (columnParams.ts).
const COLUMN_PARAM = /^c([0-9]+)(?:\..*)?$/;
const ITEM_PARAM = /^ci-([0-9]+)$/;

/** The column a query parameter belongs to (`c2`, `c2.sort`, `ci-2`), or null for other parameters. */
function paramColumn(key: string): number | null {
  const match = COLUMN_PARAM.exec(key) ?? ITEM_PARAM.exec(key);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The path and query of `cells` with the given query; the lone home view is `/`. */
export function formatLocation(cells: readonly Pick<CellSpec, 'segments'>[], query: ReadonlyArray<readonly [string, string]>): string {
  const segments = cells.flatMap((cell) => cell.segments);
  const path = segments.length === 1 && segments[0] === 'home' ? '/' : `/${segments.map(encodeURIComponent).join('/')}`;
  const search = new URLSearchParams(query.map(([k, v]) => [k, v])).toString();
  return search ? `${path}?${search}` : path;
}

/** The location with only its first `count` columns, and only their column parameters. */
export function truncateLocation(parsed: ParsedLocation, count: number): string {
  const query = parsed.query.filter(([key]) => (paramColumn(key) ?? -1) < count);
  return formatLocation(parsed.cells.slice(0, count), query);
}

/** The location with a cell opened after column `fromIndex` (deeper columns go). */
export function openAfter(parsed: ParsedLocation, fromIndex: number, segment: string): string {
  const count = fromIndex + 1;
  const query = parsed.query.filter(([key]) => (paramColumn(key) ?? -1) < count);
  return formatLocation([...parsed.cells.slice(0, count), { segments: [segment] }], query);
}

/** The location with column `index`'s route parameter set (or removed when null). */
export function withRouteParam(parsed: ParsedLocation, index: number, param: string | null): string {
  const key = columnParam(index);
  const query: Array<[string, string]> = parsed.query.filter(([k]) => k !== key);
  if (param !== null) query.push([key, param]);
  return formatLocation(parsed.cells, query);
}

/** The full path a sign-in should return to: path and query. */
export const fullPath = (parsed: Pick<ParsedLocation, 'path' | 'search'>): string =>
  parsed.search ? `${parsed.path}?${parsed.search}` : parsed.path;

/**
 * The location with its path's locale segment moved into `?lang` (dropped when it is the default): one form of
 * address, whose locale every later location keeps, since links carry the query's other parameters along.
 */
export function withQueryLocale(parsed: Pick<ParsedLocation, 'routePath' | 'query' | 'pathLocale'>): string {
  const query = parsed.query.filter(([key]) => key !== LOCALE_PARAM);
  if (parsed.pathLocale && parsed.pathLocale !== DEFAULT_LOCALE) query.push([LOCALE_PARAM, parsed.pathLocale]);
  const search = new URLSearchParams(query).toString();
  return search ? `${parsed.routePath}?${search}` : parsed.routePath;
}
