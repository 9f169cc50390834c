/** The access rule of spec 000 §2: where a visitor without a valid token is sent instead. */
import type { ParsedLocation } from './parseLocation';
import type { ViewRegistry } from './views';

export const SIGN_IN_PATH = '/sign-in';
/** The view of /sign-out: the router signs out once it shows it, that is once every column agreed to close. */
export const SIGN_OUT_VIEW = 'v-sign-out';
/** Paths that send a signed-out visitor to plain /sign-in: returning to them after sign-in means nothing. */
const PLAIN_SIGN_IN: readonly string[] = ['', '/', '/home', '/sign-out'];

const trimSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * The redirect for a location, or null when it may be shown. Signed-in users go anywhere; others
 * only to /sign-in..., /i-... and public views; everything else returns after sign-in through `next`.
 */
export function accessRedirect(parsed: ParsedLocation, signedIn: boolean, views: ViewRegistry): string | null {
  if (signedIn) return null;
  // A leading locale segment (`/fr/i-Contact-1`) does not change what the path names.
  const path = trimSlash(parsed.routePath);
  if (PLAIN_SIGN_IN.includes(path)) return SIGN_IN_PATH;
  if (path.startsWith(SIGN_IN_PATH) || path.startsWith('/i-')) return null;
  const first = parsed.cells[0];
  if (first?.kind === 'view' && views[first.key]?.public) return null;
  const full = parsed.search ? `${parsed.path}?${parsed.search}` : parsed.path;
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(full)}`;
}

/** The legacy login path of the previous platform: with the migration flag on it goes home. */
export const LEGACY_LOGIN_PATH = '/user/login';
