import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BOUNDS, DEFAULT_COLOURS, HTTP_TIMEOUT_MS, WS_TIMEOUT_MS } from '../../shared/constants';
import { itemTypes } from '../../shared/itemTypes';
import { asMenuSettings, MENU_SETTING } from '../../shared/modules/menuSettings';
import type { SiteConfig } from '../../shared/protocol';
import type { ServerConfig } from '../config';
import { cachedSiteOwner } from '../settings/siteOwner';
import type { SiteSettings } from '../settings/SiteSettings';

/** The entry files of the browser bundle, as the client build lists them in `manifest.json`. */
interface Manifest {
  /** The page's first script, which asks for the overrides and opens the socket while the bundle loads (src/client/platform/earlyRequests.ts). */
  early?: string;
  scripts: string[];
  styles: string[];
}

/**
 * The parts of the site config that administrators change (site settings), as this process knows
 * them now: embedded in every page and pushed to every socket when they change.
 */
export function siteConfigFromSettings(config: ServerConfig, settings: Pick<SiteSettings, 'cached'> | null): Partial<SiteConfig> {
  if (!settings || !config.dedicated) return {};
  return { menu: asMenuSettings(settings.cached(MENU_SETTING)), ownerOrg: cachedSiteOwner(settings) };
}

/** The site config embedded in every page (spec 000 §3, defaults of §9). */
export function siteConfigOf(config: ServerConfig, settings: Pick<SiteSettings, 'cached'> | null = null): SiteConfig {
  return {
    version: config.version,
    siteName: config.siteName,
    defaultBounds: DEFAULT_BOUNDS,
    mapTileUrl: config.mapTileUrl ?? null,
    disableRecaptcha: true,
    wsMaxMsgSize: config.wsMaxMsgSize,
    httpTimeout: HTTP_TIMEOUT_MS,
    wsTimeout: WS_TIMEOUT_MS,
    cmd: 'kk',
    keyCaps: [],
    migratedFromCKK1: false,
    dedicated: config.dedicated,
    registrationOpen: config.allowRegistration,
    contactCreationAdminsOnly: config.restrictContactCreation && !config.dedicated,
    colours: { light: { ...DEFAULT_COLOURS.light }, dark: { ...DEFAULT_COLOURS.dark } },
    items: Object.fromEntries(itemTypes.all().map((t) => [t.name, { defaultIcon: t.defaultIcon }])),
    ...siteConfigFromSettings(config, settings),
  };
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that cannot end its script element early. */
const scriptJson = (v: unknown): string =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

/**
 * Reads index.html's template once and answers its renderer: the template with the bundle's entry
 * files and the site config as `settings` hold it when the page is asked for.
 */
export function renderIndexHtml(
  config: ServerConfig,
  templateDir: string,
  settings: Pick<SiteSettings, 'cached'> | null = null,
): () => string {
  const template = readFileSync(join(templateDir, 'index.html'), 'utf8');
  const manifestPath = join(config.publicDir, 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : { scripts: [], styles: [] };
  const page = template
    .replaceAll('{{siteName}}', escapeHtml(config.siteName))
    // `async`: it runs the moment it arrives, not after the page and the bundle as deferred modules do.
    .replace('{{early}}', manifest.early ? `<script type="module" async src="/${escapeHtml(manifest.early)}"></script>` : '')
    .replace('{{styles}}', manifest.styles.map((s) => `<link rel="stylesheet" href="/${escapeHtml(s)}" />`).join('\n    '))
    .replace('{{scripts}}', manifest.scripts.map((s) => `<script type="module" src="/${escapeHtml(s)}"></script>`).join('\n    '));
  // A function replacement: `$` sequences in the JSON must not be read as replacement patterns.
  return () => page.replace('{{siteConfig}}', () => scriptJson(siteConfigOf(config, settings)));
}
