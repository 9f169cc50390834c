import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgresCluster, type PostgresCluster } from '../../scripts/postgresCluster';
import { migrate } from '../../src/server/db/migrate';
import { openPglite } from '../../src/server/db/pgliteDriver';
import { openPostgres } from '../../src/server/db/postgresDriver';

declare global {
  var kkPostgresCluster: PostgresCluster | undefined;
}

/**
 * Starts one throwaway PostgreSQL cluster for the whole run (each test file makes its own database
 * in it) and initialises one embedded database that test files copy instead of running initdb. In the
 * cluster, the database `kk_template` is migrated once: test servers start on copies of it
 * (KK_TEST_PG_TEMPLATE, test/support/testServer.ts) instead of migrating their own.
 * KK_TEST_PG_URL=skip skips all of it, for runs of unit tests only.
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
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE kk_template');
  await admin.end();
  const migrated = await openPostgres(cluster.url.replace(/\/[^/]*$/, '/kk_template'));
  await migrate(migrated);
  // Closed, or no copy of it could be made: PostgreSQL copies a template only while nobody is connected to it.
  await migrated.close();
  process.env.KK_TEST_PG_TEMPLATE = 'kk_template';
}
