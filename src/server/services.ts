import type { AccountService } from './accounts/AccountService';
import type { TokenService } from './accounts/TokenService';
import type { ServerConfig } from './config';
import type { Database } from './db/Database';
import type { LiveHub } from './live/LiveHub';
import type { Mailer } from './mail/Mailer';
import type { NotificationService } from './notifications/NotificationService';
import type { SiteSettings } from './settings/SiteSettings';
import type { ItemStore } from './store/ItemStore';
import type { JobScheduling } from './jobs/JobScheduling';
import type { StreamStore } from './store/StreamStore';

/** The shared services every handler reaches through its context. */
export interface Services {
  config: ServerConfig;
  db: Database;
  items: ItemStore;
  tokens: TokenService;
  accounts: AccountService;
  live: LiveHub;
  streams: StreamStore;
  mailer: Mailer;
  notifications: NotificationService;
  /** Settings of the whole site (site_settings), kept in memory and followed across processes. */
  siteSettings: SiteSettings;
  /** The address users reach the site at: PUBLIC_URL, else the address the server listens on. */
  baseUrl: () => string;
  /** Schedules one-off jobs (src/server/jobs), idempotent by kind and key. */
  jobs: JobScheduling;
}
