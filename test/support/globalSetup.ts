import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/postgresCluster';
import { migrate } from '../../src/server/db/migrate';
import { openPglite } from '../../src/server/db/pgliteDriver';

declare global {
  var kkPostgresCluster: PostgresCluster | undefined;
}

/**
 * Starts one throwaway PostgreSQL cluster for the whole run (each test file makes its own database
 * in it) and initialises one embedded database that test files copy instead of running initdb.
 * KK_TEST_PG_URL=skip skips both, for runs of unit tests only.
 */
export default async function globalSetup(): Promise<void> {
  // The run hashes thousands of passwords (every user made, every sign-in): scrypt at N = 2^10, not the
  // site's 2^15 (src/server/accounts/passwords.ts). Server processes the tests start are given it too.
  process.env.PASSWORD_SCRYPT_COST ??= '10';
  if (process.env.KK_TEST_PG_URL === 'skip') return;
  const template = mkdtempSync(join(tmpdir(), 'kk-pglite-template-'));
  const db = await openPglite(template);
  await migrate(db);
  await db.close();
  process.env.KK_PGLITE_TEMPLATE = template;
  if (process.env.KK_TEST_PG_URL) return;
  const cluster = await startPostgresCluster();
  globalThis.kkPostgresCluster = cluster;
  process.env.KK_TEST_PG_URL = cluster.url;
}
