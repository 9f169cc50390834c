/** Where the session token lives between page loads: local storage `Access-Token`, else the `vgn-token` cookie (also written for file GETs). */
import { TOKEN_COOKIE, TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import type { CookieJar, KeyValueStorage } from './sessionEffects';

/** Where the token in memory came from; a cookie token cannot be refreshed, so its warnings are ignored. */
export type TokenSource = 'local' | 'cookie' | 'signIn' | 'refresh';

export interface StoredToken {
  token: string | null;
  tokenSource: TokenSource | null;
  error: 'localStorageNotAvailable' | null;
}

/** Reads the token at start-up. Local storage must work: the session cannot keep a sign-in without it. */
export function readStoredToken(storage: KeyValueStorage | null, cookies: CookieJar): StoredToken {
  let stored: string | null;
  try {
    if (!storage) return { token: null, tokenSource: null, error: 'localStorageNotAvailable' };
    stored = storage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Browsers with storage disabled throw on access rather than lack the object.
    return { token: null, tokenSource: null, error: 'localStorageNotAvailable' };
  }
  if (stored) return { token: stored, tokenSource: 'local', error: null };
  const cookie = cookies.get(TOKEN_COOKIE);
  return cookie ? { token: cookie, tokenSource: 'cookie', error: null } : { token: null, tokenSource: null, error: null };
}

/** Stores a token; a refusing storage only loses the token across reloads, so it is not an error here. */
export function writeStoredToken(storage: KeyValueStorage | null, token: string): boolean {
  try {
    storage?.setItem(TOKEN_STORAGE_KEY, token);
    return storage !== null;
  } catch {
    return false;
  }
}

/**
 * Mirrors the token into the `vgn-token` cookie, which file GETs (`<img>`, `<audio>`, download links)
 * authenticate with since they cannot send a header; it expires with the token when its expiry is known.
 */
export function writeTokenCookie(cookies: CookieJar, token: string, expires: string | null): void {
  cookies.set(TOKEN_COOKIE, token, expires);
}

/** Removes the token from local storage and the cookie. */
export function removeStoredToken(storage: KeyValueStorage | null, cookies: CookieJar): void {
  try {
    storage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored where nothing can be stored
  }
  cookies.remove(TOKEN_COOKIE);
}
