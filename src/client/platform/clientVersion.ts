/** The version the bundle was built from (package.json), sent with tokenAuth; a server on another version reloads the page. */
declare const __KK_CLIENT_VERSION__: string | undefined;

/** The client version; in tests, where no build defines it, the site's own version. */
export function clientVersion(fallback: string): string {
  return typeof __KK_CLIENT_VERSION__ === 'string' ? __KK_CLIENT_VERSION__ : fallback;
}
