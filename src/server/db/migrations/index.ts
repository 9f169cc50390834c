import type { Migration } from './Migration';
import { m001 } from './m001_items';
import { m002 } from './m002_accountLinks';

export type { Migration } from './Migration';

/** Every migration, in the order they apply. A new one is a new file plus one line here. */
export const migrations: readonly Migration[] = [m001, m002].sort((a, b) => a.id - b.id);
