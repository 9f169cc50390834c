import pg from 'pg';
import { configFromEnv } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/Database';
import { DEFAULT_POOL_SIZE, openPostgres } from '../../../src/server/db/postgresDriver';
import { freshPostgresDatabase } from '../../support/testServer';

// DB_POOL_SIZE bounds the connections a server process holds in PostgreSQL, however many requests
// it has in hand: the rest wait their turn, and every one is answered.

/** Runs `n` statements of 100 ms at once on `db`; answers the most connections the database saw meanwhile. */
async function peakConnections(db: Database, url: string, n: number): Promise<number> {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    let peak = 0;
    let running = true;
    const watching = (async () => {
      while (running) {
        const { rows } = await watcher.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        peak = Math.max(peak, rows[0]!.n);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => db.query<{ i: number }>('SELECT $1::int AS i, pg_sleep(0.1)', [i])),
    );
    running = false;
    await watching;
    expect(answers.map((a) => a.rows[0]!.i)).toEqual(Array.from({ length: n }, (_, i) => i));
    return peak;
  } finally {
    await watcher.end();
  }
}

test('a process holds at most DB_POOL_SIZE connections, and answers every request', async () => {
  const url = await freshPostgresDatabase();
  const db = await openPostgres(url, { poolSize: 2 });
  try {
    // Two pooled connections; the one that listens for changes opens when a listener is added.
    expect(await peakConnections(db, url, 8)).toBe(2);
  } finally {
    await db.close();
  }
});

test('by default a process holds at most DEFAULT_POOL_SIZE connections', async () => {
  const url = await freshPostgresDatabase();
  const db = await openPostgres(url);
  try {
    expect(await peakConnections(db, url, 3 * DEFAULT_POOL_SIZE)).toBe(DEFAULT_POOL_SIZE);
  } finally {
    await db.close();
  }
});

test('DB_POOL_SIZE is read from the environment, and a value that is not a positive whole number is refused by name', () => {
  expect(configFromEnv({}).databasePoolSize).toBe(DEFAULT_POOL_SIZE);
  expect(configFromEnv({ DB_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  expect(() => configFromEnv({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  expect(() => configFromEnv({ DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
});
