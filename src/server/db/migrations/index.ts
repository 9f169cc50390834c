import type { Migration } from './Migration';
import { m001 } from './m001_items';
import { m002 } from './m002_accountLinks';
import { m003 } from './m003_search';
import { m004 } from './m004_permissions';
import { m005 } from './m005_tasksAndFiles';
import { m006 } from './m006_notifications';
import { m007 } from './m007_legacyAliases';
import { m008 } from './m008_siteSettings';
import { m009 } from './m009_sessionLifetime';
import { m010 } from './m010_domainEvents';
import { m011 } from './m011_searchRelatedText';
import { m012 } from './m012_jobs';
import { m013 } from './m013_ownerIndex';
import { m014 } from './m014_mailLease';
import { m015 } from './m015_geoBox';
import { m016 } from './m016_dataInRow';
import { m017 } from './m017_searchExtraOnChange';
import { m018 } from './m018_searchTriggersWhen';
import { moduleServers } from '../../../modules/server';

export type { Migration } from './Migration';

/** The first id a module's migration may take: below it the core's. */
export const MODULE_MIGRATION_IDS_FROM = 1000;

const core = [m001, m002, m003, m004, m005, m006, m007, m008, m009, m010, m011, m012, m013, m014, m015, m016, m017, m018];
const ofModules = moduleServers.flatMap((m) => m.migrations ?? []);
for (const m of ofModules) if (m.id < MODULE_MIGRATION_IDS_FROM) throw new Error(`Module migration ${m.id} ${m.name} takes a core id`);
const ids = new Set<number>();
for (const m of [...core, ...ofModules]) {
  if (ids.has(m.id)) throw new Error(`Migration id ${m.id} is used twice`);
  ids.add(m.id);
}

/** Every migration, the core's then each module's, in the order they apply. A new one is a new file plus one line in its list. */
export const migrations: readonly Migration[] = [...core, ...ofModules].sort((a, b) => a.id - b.id);
