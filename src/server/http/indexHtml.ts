import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BOUNDS, DEFAULT_COLOURS, HTTP_TIMEOUT_MS, WS_TIMEOUT_MS } from '../../shared/constants';
import { itemTypes } from '../../shared/itemTypes';
import type { SiteConfig } from '../../shared/protocol';
import type { ServerConfig } from '../config';

/** The entry files of the browser bundle, as the client build lists them in `manifest.json`. */
interface Manifest {
  scripts: string[];
  styles: string[];
}

/** The site config embedded in every page (spec 000 §3, defaults of §9). */
export function siteConfigOf(config: ServerConfig): SiteConfig {
  return {
    version: config.version,
    siteName: config.siteName,
    defaultBounds: DEFAULT_BOUNDS,
    disableRecaptcha: true,
    wsMaxMsgSize: config.wsMaxMsgSize,
    httpTimeout: HTTP_TIMEOUT_MS,
    wsTimeout: WS_TIMEOUT_MS,
    cmd: 'kk',
    keyCaps: [],
    migratedFromCKK1: false,
    dedicated: config.dedicated,
    registrationOpen: config.allowRegistration,
    colours: { light: { ...DEFAULT_COLOURS.light }, dark: { ...DEFAULT_COLOURS.dark } },
    items: Object.fromEntries(itemTypes.all().map((t) => [t.name, { defaultIcon: t.defaultIcon }])),
  };
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that cannot end its script element early. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, '');

/** Renders index.html once: the template with the site config and the bundle's entry files. */
export function renderIndexHtml(config: ServerConfig, templateDir: string): string {
  const template = readFileSync(join(templateDir, 'index.html'), 'utf8');
  const manifestPath = join(config.publicDir, 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : { scripts: [], styles: [] };
  return template
    .replaceAll('{{siteName}}', escapeHtml(config.siteName))
    .replace('{{siteConfig}}', scriptJson(siteConfigOf(config)))
    .replace('{{styles}}', manifest.styles.map((s) => `<link rel="stylesheet" href="/${escapeHtml(s)}" />`).join('\n    '))
    .replace('{{scripts}}', manifest.scripts.map((s) => `<script type="module" src="/${escapeHtml(s)}"></script>`).join('\n    '));
}
