/** Where the browser keeps the session's token: local storage and the `vgn-token` cookie (machines/session/tokenStore.ts). */
import type { CookieJar, KeyValueStorage } from '../../../machines/session/sessionEffects';

/** Local storage, or null where the browser refuses it (private modes throw on access). */
export function probeStorage(win: Window): KeyValueStorage | null {
  try {
    const storage = win.localStorage;
    const probe = '__kk_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/**
 * `document.cookie` for the whole site: Path=/ (file routes live under several prefixes, and the app reads
 * the cookie from any page), SameSite=Lax (a file link opened from a webmail carries it; an `<img>` or a
 * form on another site does not), Secure over https. Not HttpOnly: the same token is in local storage.
 */
export function documentCookies(doc: Document, location: Pick<Location, 'protocol'>): CookieJar {
  const attributes = `; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  return {
    get(name) {
      const match = doc.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
      return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
    },
    set(name, value, expires) {
      const until = expires === null ? NaN : Date.parse(expires);
      doc.cookie = `${name}=${encodeURIComponent(value)}${attributes}${Number.isNaN(until) ? '' : `; Expires=${new Date(until).toUTCString()}`}`;
    },
    remove(name) {
      doc.cookie = `${name}=; Max-Age=0${attributes}`;
    },
  };
}
