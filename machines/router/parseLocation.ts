/** Splits a location (path and query) into the cells of the column layout (spec 000 §2 Routing). */
import { parseCellKey, type CellKey } from './cellKey';
import { pathLocaleOf, routeLocale, withoutPathLocale } from './routeLocale';
import { NOT_FOUND_VIEW, type ViewRegistry } from './views';

/** One column: its cell key, position, parent, the segments it takes and its route parameter `c{index}`. */
export interface CellSpec extends CellKey {
  index: number;
  parentKey: string | null;
  segments: string[];
  routeParam?: string;
  /** Its sub-parameters `c{index}.{name}` (columnParams.ts), without the prefix; absent when there are none. */
  columnParams?: Array<[string, string]>;
  /** A view's own argument (`/docs/{key}`). */
  arg?: string;
}

/**
 * A location taken apart. `invalidKey` is the first segment that is no valid cell: the valid cells before it
 * stay, and the not-found view (`NOT_FOUND_VIEW`, its argument the whole address) takes its place and the rest.
 */
export interface ParsedLocation {
  path: string;
  search: string;
  cells: CellSpec[];
  /** Every query parameter, in order. */
  query: Array<[string, string]>;
  /** The path's leading locale segment (`/fr/...`), else `?lang`, else en. */
  locale: string;
  /** The leading locale segment, when the path has one. */
  pathLocale: string | null;
  /** The path without its locale segment: what names the cells. */
  routePath: string;
  invalidKey: string | null;
}

export { DEFAULT_LOCALE, LOCALE_PARAM } from './routeLocale';

/** The query parameter of column `index`. */
export const columnParam = (index: number): string => `c${index}`;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path's segments; an empty path is the home view. */
export function pathSegments(path: string): string[] {
  const segments = path.split('/').filter((s) => s !== '');
  return segments.length === 0 ? ['home'] : segments;
}

/** Parses `path` and `search` (with or without its `?`) against the registered views. */
export function parseLocation(path: string, search: string, views: ViewRegistry): ParsedLocation {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const query = [...params.entries()];
  const pathLocale = pathLocaleOf(path);
  const routePath = withoutPathLocale(path);
  const parsed: ParsedLocation = {
    path,
    search: params.toString(),
    cells: [],
    query,
    locale: routeLocale(path, search),
    pathLocale,
    routePath,
    invalidKey: null,
  };
  const raw = pathSegments(routePath);
  const isView = (key: string): boolean => Object.hasOwn(views, key);
  for (let at = 0; at < raw.length; at += 1) {
    const segment = decode(raw[at] ?? '');
    const key = segment === null ? null : parseCellKey(segment, at === 0, isView);
    if (segment === null || key === null) {
      parsed.invalidKey = segment ?? raw[at] ?? '';
      parsed.cells.push(notFoundCell(parsed, raw.slice(at)));
      break;
    }
    const index = parsed.cells.length;
    const cell: CellSpec = { ...key, index, parentKey: parsed.cells[index - 1]?.key ?? null, segments: [segment] };
    const param = params.get(columnParam(index));
    if (param !== null) cell.routeParam = param;
    const prefix = `${columnParam(index)}.`;
    const sub = query
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]): [string, string] => [name.slice(prefix.length), value]);
    if (sub.length) cell.columnParams = sub;
    const arg = views[key.key]?.arg ? decode(raw[at + 1] ?? '') : null;
    if (arg) {
      cell.arg = arg;
      cell.segments.push(arg);
      at += 1;
    }
    parsed.cells.push(cell);
  }
  return parsed;
}

/** The column that says the address names nothing: the segments it replaces, the address as typed as its argument. */
function notFoundCell(parsed: ParsedLocation, rest: string[]): CellSpec {
  const index = parsed.cells.length;
  return {
    key: NOT_FOUND_VIEW,
    kind: 'view',
    index,
    parentKey: parsed.cells[index - 1]?.key ?? null,
    segments: rest.map((segment) => decode(segment) ?? segment),
    arg: parsed.search ? `${parsed.path}?${parsed.search}` : parsed.path,
  };
}
