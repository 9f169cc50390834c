/** Splits a location (path and query) into the cells of the column layout (spec 000 §2 Routing). */
import { parseCellKey, type CellKey } from './cellKey';
import type { ViewRegistry } from './views';

/** One column: its cell key, position, parent, the segments it takes and its route parameter `c{index}`. */
export interface CellSpec extends CellKey {
  index: number;
  parentKey: string | null;
  segments: string[];
  routeParam?: string;
  /** A view's own argument (`/docs/{key}`). */
  arg?: string;
}

/** A location taken apart. `invalidKey` is the first segment that is no valid cell; the cells stop before it. */
export interface ParsedLocation {
  path: string;
  search: string;
  cells: CellSpec[];
  /** Every query parameter, in order. */
  query: Array<[string, string]>;
  locale: string;
  invalidKey: string | null;
}

export const DEFAULT_LOCALE = 'en';
/** The query parameter that carries the locale (`?lang=fr`), as the client's i18n reads it. */
export const LOCALE_PARAM = 'lang';
const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;

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
  const lang = params.get(LOCALE_PARAM);
  const parsed: ParsedLocation = {
    path,
    search: params.toString(),
    cells: [],
    query,
    locale: lang && LOCALE.test(lang) ? lang : DEFAULT_LOCALE,
    invalidKey: null,
  };
  const raw = pathSegments(path);
  const isView = (key: string): boolean => Object.hasOwn(views, key);
  for (let at = 0; at < raw.length; at += 1) {
    const segment = decode(raw[at] ?? '');
    const key = segment === null ? null : parseCellKey(segment, at === 0, isView);
    if (segment === null || key === null) {
      parsed.invalidKey = segment ?? raw[at] ?? '';
      break;
    }
    const index = parsed.cells.length;
    const cell: CellSpec = { ...key, index, parentKey: parsed.cells[index - 1]?.key ?? null, segments: [segment] };
    const param = params.get(columnParam(index));
    if (param !== null) cell.routeParam = param;
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
