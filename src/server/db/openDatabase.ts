import { join } from 'node:path';
import type { Database } from './Database';
import { migrate } from './migrate';
import { openPglite } from './pgliteDriver';
import { openPostgres } from './postgresDriver';

/**
 * Opens PostgreSQL when `databaseUrl` is set (a pool of `poolSize` connections), else the embedded
 * database under `dataDir`, and migrates it. A statement running longer than `statementTimeoutMs` is
 * stopped on either.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  statementTimeoutMs?: number;
  poolSize?: number;
}): Promise<Database> {
  const { statementTimeoutMs, poolSize } = options;
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, { statementTimeoutMs, poolSize })
    : await openPglite(join(options.dataDir), { statementTimeoutMs });
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}
