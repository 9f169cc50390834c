/**
 * Scheduled work across two real server processes on one PostgreSQL: the example journal's
 * morning look for old drafts runs in one of them, and each of its reminder jobs runs once,
 * whichever process claims it, so every old draft has exactly one `journal.reminded` event.
 * The processes run a server bundle with the journal added to the registries (journalBuild.ts).
 */
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Item } from '../../../src/shared/items/types';
import { buildJournalServer } from '../../support/exampleModule/journalBuild';
import { JOURNAL_REMINDED } from '../../support/exampleModule/model';
import { REMIND_DRAFTS_JOB, REMIND_ENTRY_JOB } from '../../support/exampleModule/server';
import { ProtocolClient, signIn } from '../../support/protocolClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshPostgresDatabase } from '../../support/testServer';

/** Beside dist/server, so that the bundle finds package.json, public/ and node_modules as the product's does. */
const outdir = join(resolve(__dirname, '..', '..', '..'), 'dist', 'jobs-journal-server');
const ENTRIES = 40;

let a: ServerProcess;
let b: ServerProcess;
let databaseUrl: string;
let sql: pg.Client;

beforeAll(async () => {
  const entry = await buildJournalServer(outdir);
  databaseUrl = await freshPostgresDatabase();
  const started = await Promise.allSettled([
    startServerProcess({ DATABASE_URL: databaseUrl }, entry),
    startServerProcess({ DATABASE_URL: databaseUrl }, entry),
  ]);
  if (started.some((s) => s.status === 'rejected')) {
    for (const s of started) if (s.status === 'fulfilled') s.value.child.kill('SIGKILL');
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);
afterAll(async () => {
  await sql?.end();
  for (const p of [a, b]) p?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
});

test('a job runs once with two server processes on one PostgreSQL', async () => {
  const admin = await ProtocolClient.connect(a.wsUrl, await signIn(a.url, ADMIN.email, ADMIN.password));
  const ids: string[] = [];
  try {
    for (let i = 0; i < ENTRIES; i++)
      ids.push((await admin.client.call<Item>('create/JournalEntry', { title: `Draft ${i}`, date: '2026-01-05' })).$id);
  } finally {
    admin.client.close();
  }
  await sql.query(`UPDATE items SET created_at = now() - interval '8 days' WHERE type = 'JournalEntry'`);
  // Both processes keep the one row of the daily look; its morning comes now.
  expect((await sql.query('SELECT state FROM jobs WHERE kind = $1', [REMIND_DRAFTS_JOB])).rows).toEqual([{ state: 'scheduled' }]);
  await sql.query('UPDATE jobs SET run_at = now() WHERE kind = $1', [REMIND_DRAFTS_JOB]);
  let done = 0;
  for (let i = 0; i < 200 && done < ENTRIES; i++) {
    await new Promise((r) => setTimeout(r, 100));
    done = Number((await sql.query(`SELECT count(*) AS n FROM jobs WHERE kind = $1 AND state = 'done'`, [REMIND_ENTRY_JOB])).rows[0].n);
  }
  expect(done).toBe(ENTRIES);
  const events = await sql.query<{ item_id: string; n: string }>(
    'SELECT item_id, count(*) AS n FROM events WHERE kind = $1 GROUP BY item_id ORDER BY item_id',
    [JOURNAL_REMINDED],
  );
  expect(events.rows.map((r) => [r.item_id, Number(r.n)])).toEqual([...ids].sort().map((id) => [id, 1]));
  // The look ran once and moved on to the next morning.
  const look = await sql.query<{ state: string; attempts: number; run_at: Date }>(
    'SELECT state, attempts, run_at FROM jobs WHERE kind = $1',
    [REMIND_DRAFTS_JOB],
  );
  expect(look.rows[0]).toMatchObject({ state: 'scheduled', attempts: 0 });
  expect(look.rows[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
  expect(`${a.output()}${b.output()}`).not.toMatch(/Job .* failed|taken over/);
});
