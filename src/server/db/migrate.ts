import type { Database } from './Database';
import { migrations as allMigrations, type Migration } from './migrations/index';

/** Arbitrary key of the advisory lock that serialises migrations across server processes. */
const MIGRATION_LOCK = 7_374_201;

/** Applies every migration not yet recorded, each in its own transaction; answers the ids applied. */
export async function migrate(db: Database, migrations: readonly Migration[] = allMigrations): Promise<number[]> {
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      // Schema changes on a large database (and waiting for another process's) may outlast the
      // statement time-out meant for requests; no caller shapes them.
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [m.id]);
      if (seen.rowCount > 0) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}
