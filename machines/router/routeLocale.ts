/**
 * The locale a route carries (spec 000 §2 "The route may carry a locale, default en"): a leading path segment
 * (`/fr/i-Contact-1`) or the `lang` query parameter (`?lang=fr`). No imports, so the page's early script can read it.
 */

export const DEFAULT_LOCALE = 'en';
/** The query parameter that carries the locale (`?lang=fr`). */
export const LOCALE_PARAM = 'lang';
const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;

/** Whether `text` has the shape of a locale (`en`, `fr-CA`). */
export const isLocale = (text: string | null | undefined): text is string => typeof text === 'string' && LOCALE.test(text);

/** The locale the path starts with, or null. A first segment shaped like a locale is always one: no view takes such a name. */
export function pathLocaleOf(path: string): string | null {
  const first = path.split('/').find((s) => s !== '');
  return isLocale(first) ? first : null;
}

/** The path without its leading locale segment (`/fr` alone is `/`). */
export function withoutPathLocale(path: string): string {
  const locale = pathLocaleOf(path);
  return locale ? path.replace(new RegExp(`^/*${locale}(?=/|$)`), '') || '/' : path;
}

/** The route's locale: the path's segment, else `?lang`, else en. `search` may start with `?`. */
export function routeLocale(path: string, search: string): string {
  const lang = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(LOCALE_PARAM);
  return pathLocaleOf(path) ?? (isLocale(lang) ? lang : DEFAULT_LOCALE);
}
