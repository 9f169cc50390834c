import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../../src/server/db/Database';
import { openPglite } from '../../../src/server/db/pgliteDriver';

// Issue 20: on the embedded database a statement whose caller says its plan does not depend on its
// parameters (QueryOptions.reusePlan: an update's lock and its one statement) is prepared once and
// run with one generic plan, its parameters quoted into EXECUTE. It must answer what the statement
// sent with parameters answers, for every kind of parameter, and fail as it does.

let dir: string;
let db: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kk-plans-'));
  db = await openPglite(dir);
  await db.exec(`CREATE TABLE t (id text PRIMARY KEY, n int, data jsonb, tags text[], at timestamptz, ok boolean, note text)`);
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const UPSERT = `INSERT INTO t (id, n, data, tags, at, ok, note) VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (id) DO UPDATE SET n = excluded.n RETURNING id, n, data, tags, at, ok, note`;

test('a reused plan answers what the statement sent with parameters answers, for each kind of parameter', async () => {
  const params = (id: string) => [
    id,
    42,
    JSON.stringify({ name: 'O\'Brien \\ "quoted"', list: [1, 2] }),
    ['a', "b'c", 'd,e', 'f"g'],
    new Date('2026-11-29T04:05:06.789Z'),
    true,
    null,
  ];
  const plain = await db.query(UPSERT, params('plain'));
  const reused = await db.query(UPSERT, params('reused'), { reusePlan: true });
  expect(reused.rows).toEqual([{ ...plain.rows[0], id: 'reused' }]);
  expect(reused.rows[0]).toMatchObject({
    data: { name: 'O\'Brien \\ "quoted"', list: [1, 2] },
    tags: ['a', "b'c", 'd,e', 'f"g'],
    ok: true,
    note: null,
  });
  expect((reused.rows[0] as { at: Date }).at.toISOString()).toBe('2026-11-29T04:05:06.789Z');
  expect(reused.rowCount).toBe(1);
});

test('the statement is prepared once and its generic plan serves every run after', async () => {
  const sql = 'SELECT n FROM t WHERE id = $1';
  for (const id of ['plain', 'reused', 'plain']) await db.query(sql, [id], { reusePlan: true });
  const found = await db.query<{ generic_plans: number; custom_plans: number }>(
    `SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement LIKE '%' || $1`,
    [sql],
  );
  expect(found.rows).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  // A statement not marked is planned on each run, as before.
  await db.query('SELECT n FROM t WHERE id = $1 AND n > 0', ['plain']);
  const all = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%n > 0%'`);
  expect(all.rows).toEqual([{ n: 0 }]);
});

test('in a transaction that is rolled back, the write goes and the prepared statement stays', async () => {
  const sql = 'UPDATE t SET n = $2 WHERE id = $1 RETURNING n';
  await expect(
    db.transaction(async (tx) => {
      expect((await tx.query(sql, ['plain', 7], { reusePlan: true })).rows).toEqual([{ n: 7 }]);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect((await db.query('SELECT n FROM t WHERE id = $1', ['plain'])).rows).toEqual([{ n: 42 }]);
  // Prepared in the rolled-back transaction, it is still there to run.
  expect((await db.query(sql, ['plain', 8], { reusePlan: true })).rows).toEqual([{ n: 8 }]);
});

test('a failing statement fails with the same error code, and the transaction with it', async () => {
  const insert = 'INSERT INTO t (id, n) VALUES ($1, $2)';
  const failure = (e: { code?: string }) => e.code;
  const plain = await db.query(insert, ['plain', 1]).catch(failure);
  const reused = await db.query(insert, ['plain', 1], { reusePlan: true }).catch(failure);
  expect(plain).toBe('23505');
  expect(reused).toBe('23505');
  await expect(
    db.transaction(async (tx) => {
      await tx.query('UPDATE t SET n = 99 WHERE id = $1', ['reused']);
      await tx.query(insert, ['plain', 1], { reusePlan: true });
    }),
  ).rejects.toMatchObject({ code: '23505' });
  expect((await db.query('SELECT n FROM t WHERE id = $1', ['reused'])).rows).toEqual([{ n: 42 }]);
});

test('a binary parameter is sent as a parameter (it cannot be quoted faithfully)', async () => {
  await db.exec('CREATE TABLE b (id int PRIMARY KEY, bytes bytea)');
  const bytes = Buffer.from([0, 1, 2, 255]);
  await db.query('INSERT INTO b VALUES ($1, $2)', [1, bytes], { reusePlan: true });
  const back = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM b WHERE id = $1', [1]);
  expect(Buffer.from(back.rows[0]!.bytes)).toEqual(bytes);
});
