/** The site configuration embedded in index.html as a JSON block (spec 000 §3). */
import type { MenuSettings } from '../modules/menuSettings';

export interface ThemeColours {
  header: string;
  primary: string;
  secondary: string;
  accent: string;
}

export interface SiteConfig {
  version: string;
  siteName: string;
  /** Who runs the site, for the imprint (name and address; blank lines separate paragraphs). */
  operator?: string;
  defaultBounds: readonly number[];
  /** The maps' tile template (MAP_TILE_URL, `{z}/{x}/{y}`), or null for the bundled outline alone. */
  mapTileUrl?: string | null;
  disableRecaptcha: boolean;
  wsMaxMsgSize: number;
  httpTimeout: number;
  wsTimeout: number;
  cmd: string;
  keyCaps: string[];
  migratedFromCKK1: boolean;
  dedicated: boolean;
  /** Whether people may register accounts themselves (POST /api/register). */
  registrationOpen: boolean;
  /** Only administrators create contacts (RESTRICT_CONTACT_CREATION on a site that is not dedicated). */
  contactCreationAdminsOnly: boolean;
  colours: { light: ThemeColours; dark: ThemeColours };
  items: Record<string, { defaultIcon: string }>;
  /** Dedicated deployments: the organisation that owns the site (null until an administrator chooses one). */
  ownerOrg?: string | null;
  /** Dedicated deployments: the administrators' menu setting (hidden entries, order of siblings). */
  menu?: MenuSettings;
}

/** Id of the script element that carries the site config. */
export const SITE_CONFIG_ELEMENT_ID = 'kk-site-config';
