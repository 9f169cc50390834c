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

export type { Migration } from './Migration';

/** Every migration, in the order they apply. A new one is a new file plus one line here. */
export const migrations: readonly Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009].sort((a, b) => a.id - b.id);
