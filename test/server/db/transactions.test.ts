import { rmSync } from 'node:fs';
import type { Database } from '../../../src/server/db/Database';
import { openPglite } from '../../../src/server/db/pgliteDriver';
import { openPostgres } from '../../../src/server/db/postgresDriver';
import { freshDataDir, freshPostgresDatabase, testDriver } from '../../support/testServer';

// A transaction opens with its first statement on both drivers (PostgreSQL: BEGIN sent with it; the
// embedded database: one message to its thread). What a caller sees must be as if BEGIN went first:
// every statement in one transaction, a failure rolling back all of it, nothing left open after.

let db: Database;
let dataDir: string | null = null;

beforeAll(async () => {
  if (testDriver() === 'postgres') db = await openPostgres(await freshPostgresDatabase());
  else db = await openPglite((dataDir = freshDataDir({ pgdata: false })));
  await db.exec('CREATE TABLE t (id text PRIMARY KEY, n integer NOT NULL)');
});
afterAll(async () => {
  await db?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.exec('TRUNCATE t');
});

const ids = async (): Promise<string[]> => (await db.query<{ id: string }>('SELECT id FROM t ORDER BY id')).rows.map((r) => r.id);
const txid = 'SELECT txid_current()::text AS x';

test('the first statement and the ones after it run in one transaction, committed together', async () => {
  const seen = await db.transaction(async (tx) => {
    const a = await tx.query<{ x: string }>(`INSERT INTO t VALUES ($1, $2) RETURNING txid_current()::text AS x`, ['a', 1]);
    await tx.exec("INSERT INTO t VALUES ('b', 2)");
    const b = await tx.query<{ x: string }>(txid);
    return [a.rows[0]!.x, b.rows[0]!.x];
  });
  expect(seen[0]).toBe(seen[1]);
  expect(await ids()).toEqual(['a', 'b']);
});

test('a failing first statement rejects with its error and rolls back; so does a failure after it', async () => {
  await expect(db.transaction((tx) => tx.query('INSERT INTO t VALUES ($1, $2)', ['a', 'not a number']))).rejects.toThrow(
    /invalid input syntax/,
  );
  await expect(
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1, $2)', ['b', 2]);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  await expect(
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1, $2)', ['c', 3]);
      await tx.query('INSERT INTO t VALUES ($1, $2)', ['c', 4]);
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect(await ids()).toEqual([]);
  // Nothing was left open: the next transaction and a statement outside one both go through.
  await db.transaction((tx) => tx.query('INSERT INTO t VALUES ($1, $2)', ['d', 5]));
  expect(await ids()).toEqual(['d']);
});

test('a transaction whose failed first statement the caller caught is not taken as committed', async () => {
  let answer = '';
  await expect(
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1, $2)', ['a', 'x']).catch(() => undefined);
      await tx.query('INSERT INTO t VALUES ($1, $2)', ['b', 2]).catch((e: Error) => (answer = e.message));
    }),
  ).rejects.toThrow('Transaction was rolled back instead of committed');
  // PostgreSQL refuses every statement of an aborted transaction.
  expect(answer).toMatch(/current transaction is aborted/);
  expect(await ids()).toEqual([]);
});

test('statements sent at once as a transaction opens run in it; a transaction that asks nothing opens none', async () => {
  const [a, b, c] = await db.transaction((tx) =>
    Promise.all([
      tx.query<{ x: string }>(txid),
      tx.query<{ x: string }>(`INSERT INTO t VALUES ('a', 1) RETURNING txid_current()::text AS x`),
      tx.query<{ x: string }>(txid),
    ]),
  );
  expect(new Set([a.rows[0]!.x, b.rows[0]!.x, c.rows[0]!.x]).size).toBe(1);
  expect(await db.transaction(async () => 'nothing asked')).toBe('nothing asked');
  // Two transactions at once each see their own writes and commit both.
  await Promise.all(
    ['x', 'y'].map((id) =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES ($1, 1)', [id]);
        expect((await tx.query('SELECT 1 FROM t WHERE id = $1', [id])).rowCount).toBe(1);
      }),
    ),
  );
  expect(await ids()).toEqual(['a', 'x', 'y']);
});
