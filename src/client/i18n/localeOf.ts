/** The locale the route carries (`/fr/...` or `?lang=fr`), default `en` (spec 000 §2 Routing): the router's rule. */
import { routeLocale } from '../../../machines/router/routeLocale';

/** The locale of the page's address, read before the bundle's actors start. */
export function localeOf(location: Pick<Location, 'pathname' | 'search'>): string {
  return routeLocale(location.pathname, location.search);
}
