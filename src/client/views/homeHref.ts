import { LOCALE_PARAM } from '../../../machines/router/routeLocale';

/** Home, in the locale the address carries (`search` is the address's query). */
export function homeHref(search: string): string {
  const lang = new URLSearchParams(search).get(LOCALE_PARAM);
  return lang ? `/?${new URLSearchParams({ [LOCALE_PARAM]: lang }).toString()}` : '/';
}
