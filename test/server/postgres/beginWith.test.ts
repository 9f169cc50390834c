import { openPostgres } from '../../../src/server/db/postgresDriver';
import { beginWith } from '../../../src/server/db/beginWith';
import type { Database } from '../../../src/server/db/Database';
import { freshPostgresDatabase } from '../../support/testServer';

// A transaction's first statement goes with its BEGIN as one simple query, its parameters quoted:
// the answer must be what the same statement with the same parameters answers on its own.

let db: Database;

beforeAll(async () => {
  db = await openPostgres(await freshPostgresDatabase());
  await db.exec(`CREATE TABLE t (id text PRIMARY KEY, n integer, ok boolean, at timestamptz, tags text[], doc jsonb)`);
  await db.query(`INSERT INTO t VALUES ('a', 1, true, '2026-11-28T10:00:00Z', '{x,"y z"}', '{"k":"v"}')`);
});
afterAll(async () => {
  await db?.close();
});

/** The rows `sql` answers as a transaction's first statement, and on its own. */
async function bothWays(sql: string, params: unknown[]) {
  const first = await db.transaction((tx) => tx.query(sql, params));
  const alone = await db.query(sql, params);
  return { first: first.rows, alone: alone.rows };
}

test.each([
  ['text with quotes and a backslash', `SELECT $1::text AS v`, ["it's a \\ path"]],
  ['a number against an integer column', `SELECT id FROM t WHERE n = $1`, [1]],
  ['a boolean', `SELECT id FROM t WHERE ok = $1`, [true]],
  ['a date', `SELECT id, $1::timestamptz AS at FROM t WHERE at <= $1`, [new Date('2026-11-28T12:00:00Z')]],
  ['an array, some of it quoted', `SELECT id FROM t WHERE $1::text[] && tags`, [['y z', "q'uote"]]],
  ['an array for ANY', `SELECT id FROM t WHERE id = ANY($1)`, [['a', 'b']]],
  ['an object as jsonb', `SELECT $1::jsonb -> 'k' AS v, doc @> $1::jsonb AS has FROM t`, [{ k: 'v', "it's": [1, null] }]],
  ['null and a limit', `SELECT id, $1::text AS nothing FROM t LIMIT $2`, [null, 5]],
  [
    'the same parameter twice, and $10 after $1',
    `SELECT $10::int * 100 + $1::int AS v, ARRAY[$1, $2, $3, $4, $5, $6, $7, $8, $9]::int[] AS rest`,
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  ],
])('%s: the same answer first in a transaction as alone', async (_, sql, params) => {
  expect(beginWith(sql, params)).toMatch(/^BEGIN; /);
  const { first, alone } = await bothWays(sql, params);
  expect(first).toEqual(alone);
  expect(first.length).toBeGreaterThan(0);
});

test('what cannot be quoted faithfully is sent after a BEGIN of its own, with the same answer', async () => {
  expect(beginWith('SELECT $1::bytea AS v', [Buffer.from([0, 1, 2])])).toBeNull();
  expect(beginWith(`SELECT $$ $1 $$ AS v, $1::text AS w`, ['x'])).toBeNull();
  expect(beginWith('SELECT $2::text AS v', ['x'])).toBeNull();
  const { first, alone } = await bothWays('SELECT $1::bytea AS v', [Buffer.from([0, 1, 2])]);
  expect(first).toEqual(alone);
});

test('a first statement that fails rolls the transaction back; a transaction that asks nothing sends nothing', async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, n) VALUES ($1, $2)`, ['b', 'not a number']);
    }),
  ).rejects.toThrow(/invalid input syntax/);
  await expect(
    db.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, n) VALUES ($1, $2)`, ['c', 3]);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect((await db.query(`SELECT id FROM t ORDER BY id`)).rows).toEqual([{ id: 'a' }]);
  // The connection is clean afterwards: no transaction left open on it.
  expect(await db.transaction(async () => 'nothing asked')).toBe('nothing asked');
  // The first statement and the next run in one transaction.
  const ids = await db.transaction(async (tx) => {
    const a = await tx.query<{ x: string }>(`SELECT txid_current()::text AS x WHERE $1::int = 1`, [1]);
    const b = await tx.query<{ x: string }>(`SELECT txid_current()::text AS x`);
    return [a.rows[0]!.x, b.rows[0]!.x];
  });
  expect(ids[0]).toBe(ids[1]);
});

// Issue 20: a statement whose plan does not depend on its parameters (QueryOptions.reusePlan) is a
// named statement, parsed once on each connection; it answers as the unnamed one does.
test('a statement whose plan is reused is prepared on the connection and answers as unnamed', async () => {
  const sql = `SELECT id, n, tags, doc FROM t WHERE id = ANY($1) AND n = $2`;
  const unnamed = await db.query(sql, [['a', 'z'], 1]);
  const seen = await db.transaction(async (tx) => {
    const first = await tx.query(`SELECT $1::int AS one`, [1]);
    expect(first.rows).toEqual([{ one: 1 }]);
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push((await tx.query(sql, [['a', 'z'], 1], { reusePlan: true })).rows);
    const prepared = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1`, [sql]);
    return { runs, prepared: prepared.rows[0]!.n };
  });
  expect(seen.runs).toEqual([unnamed.rows, unnamed.rows, unnamed.rows]);
  expect(seen.prepared).toBe(1);
  // A failing one fails as the unnamed one does, and the name stays usable.
  await expect(db.query(sql, [['a'], 'not a number'], { reusePlan: true })).rejects.toThrow(/invalid input syntax/);
  expect((await db.query(sql, [['a'], 1], { reusePlan: true })).rows).toEqual(unnamed.rows);
});

// A named statement first in a transaction goes behind its BEGIN in one write, keeping its prepared
// plan (postgresDriver.ts, begunWithNamed): it must run inside that transaction, answer as alone, and
// fail and roll back as any first statement does.
test('a statement whose plan is reused, first in a transaction, runs prepared inside it', async () => {
  const one = await openPostgres(await freshPostgresDatabase(), { poolSize: 1 });
  try {
    await one.exec(`CREATE TABLE c (id text PRIMARY KEY, n integer NOT NULL)`);
    await one.query(`INSERT INTO c VALUES ('a', 0)`);
    const sql = `UPDATE c SET n = n + $2 WHERE id = $1 RETURNING n, txid_current()::text AS x`;
    const seen = [];
    for (let i = 0; i < 3; i++) {
      seen.push(
        await one.transaction(async (tx) => {
          const first = await tx.query<{ n: number; x: string }>(sql, ['a', 1], { reusePlan: true });
          const next = await tx.query<{ x: string }>(`SELECT txid_current()::text AS x`);
          return { n: first.rows[0]!.n, same: first.rows[0]!.x === next.rows[0]!.x };
        }),
      );
    }
    expect(seen).toEqual([1, 2, 3].map((n) => ({ n, same: true })));
    await expect(
      one.transaction(async (tx) => {
        await tx.query(sql, ['a', 10], { reusePlan: true });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(one.transaction((tx) => tx.query(sql, ['a', 'not a number'], { reusePlan: true }))).rejects.toThrow(
      /invalid input syntax/,
    );
    await expect(one.transaction((tx) => tx.query(sql, ['a', 2 ** 40], { reusePlan: true }))).rejects.toThrow(/out of range/);
    expect(await one.transaction((tx) => tx.query(sql, ['a', 1], { reusePlan: true }).then((r) => r.rows[0]!.n))).toBe(4);
    expect((await one.query<{ n: number }>(`SELECT n FROM c`)).rows).toEqual([{ n: 4 }]);
    // Every run went through the one prepared statement, none planned from inlined text (the two whose
    // parameters were refused never ran).
    const runs = await one.query<{ runs: number }>(
      `SELECT (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE statement = $1`,
      [sql],
    );
    expect(runs.rows).toEqual([{ runs: 5 }]);
  } finally {
    await one.close();
  }
});
