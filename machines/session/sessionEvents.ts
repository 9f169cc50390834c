/** What the root session actor receives from the browser and from server pushes. */
import type { SiteConfig } from '../../src/shared/protocol';

export type SessionEvent =
  /** A `storage` event from another tab (key null: storage was cleared). */
  | { type: 'session.storageChanged'; key: string | null; newValue: string | null }
  /** The server pushed parts of the site config that administrators changed (the menu setting). */
  | { type: 'session.siteConfigChanged'; changes: Partial<SiteConfig> }
  /** An administrator changed a site text (the `localeOverride` push, or this page's own save). */
  | { type: 'session.messageChanged'; lang: string; key: string; message: string | null };
