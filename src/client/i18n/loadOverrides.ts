/** GET /locale-overrides/{lang}: the site's own wording; the app starts with the bundled English if it fails. */
import type { EarlyOverrides } from '../platform/earlyRequestsState';
import { overridesPath } from './overridesPath';

const OVERRIDES_TIMEOUT_MS = 3_000;

/** The answer the page's first script already asked for `lang` (earlyRequests.ts), taken once. */
export function takeEarlyOverrides(win: Pick<Window, '__kkOverrides'>, lang: string): Promise<Response | null> | null {
  const early: EarlyOverrides | undefined = win.__kkOverrides;
  if (!early || early.lang !== lang) return null;
  win.__kkOverrides = undefined;
  return early.response;
}

/**
 * The override map for `lang`, or an empty map when the server has none or does not answer in time;
 * `early` is the answer already asked for, if any.
 */
export async function loadOverrides(
  lang: string,
  fetcher: typeof fetch = fetch,
  early: Promise<Response | null> | null = null,
): Promise<Record<string, string>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, OVERRIDES_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([early ?? fetcher(overridesPath(lang), { signal: controller.signal }), expired]);
    if (!response?.ok) return {};
    const body: unknown = await Promise.race([response.json(), expired]);
    if (typeof body !== 'object' || body === null) return {};
    return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
  }
}
