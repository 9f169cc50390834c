/** The site config the server embeds in index.html (spec 000 §3); the app renders nothing without it. */
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../shared/protocol';

/** Parses the embedded JSON block; null when it is missing or not a site config. */
export function readSiteConfig(doc: Document): SiteConfig | null {
  const text = doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { siteName?: unknown }).siteName !== 'string') return null;
    return parsed as SiteConfig;
  } catch {
    return null;
  }
}
