/** GET /locale-overrides/{lang}: the site's own wording; the app starts with the bundled English if it fails. */
const OVERRIDES_TIMEOUT_MS = 3_000;

/** The override map for `lang`, or an empty map when the server has none or does not answer in time. */
export async function loadOverrides(lang: string, fetcher: typeof fetch = fetch): Promise<Record<string, string>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), OVERRIDES_TIMEOUT_MS);
  try {
    const response = await fetcher(`/locale-overrides/${encodeURIComponent(lang)}`, { signal: controller.signal });
    if (!response.ok) return {};
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return {};
    return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
  }
}
