/**
 * A workflow step past its due date reminds once with two real server processes on one
 * PostgreSQL: both keep the recurring look for due steps, and each step's reminder runs in exactly
 * one of them, so every overdue step has one `workflow.dueReminded` event.
 */
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Item } from '../../../src/shared/items/types';
import { DUE_CHECK_JOB, DUE_REMINDER_JOB } from '../../../src/modules/workflow/server';
import { WF_EVENTS } from '../../../src/modules/workflow/workflowRules';
import { buildJournalServer } from '../../support/exampleModule/journalBuild';
import { ProtocolClient, signIn } from '../../support/protocolClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshPostgresDatabase } from '../../support/testServer';

/** A bundle of its own beside dist/server (the product's registries, the journal added), so a rebuild of dist/server does not race it. */
const outdir = join(resolve(__dirname, '..', '..', '..'), 'dist', 'workflow-reminders-server');
const RESPONSES = 12;

let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;

beforeAll(async () => {
  const entry = await buildJournalServer(outdir);
  const databaseUrl = await freshPostgresDatabase();
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

test('each overdue step reminds once with two server processes on one PostgreSQL', async () => {
  const admin = await ProtocolClient.connect(a.wsUrl, await signIn(a.url, ADMIN.email, ADMIN.password));
  const ids: string[] = [];
  try {
    const c = admin.client;
    const community = (await c.call<Item>('create/Organization', { displayName: 'Long Lake Nation', type: 'COMMUNITY' })).$id;
    const proponent = (await c.call<Item>('create/Organization', { displayName: 'Northern Gravel Ltd', type: 'INDUSTRY' })).$id;
    for (let i = 0; i < RESPONSES; i++) {
      const consultation = await c.call<Item>('create/Consultation', { owner: { id: proponent }, projectName: `Pit ${i}` });
      const response = await c.call<Item>('create/ConsultResponse', { consultation: { id: consultation.$id }, owner: { id: community } });
      await c.call('act/wfInitManual', {
        itemId: response.$id,
        _u: response._u,
        steps: [{ kind: 'RWF_SIMPLE', label: 'Answer', dueDays: 0 }],
      });
      ids.push(response.$id);
    }
  } finally {
    admin.client.close();
  }
  // Each step was due yesterday; both processes' look for due steps comes now.
  await sql.query(
    `UPDATE items SET data = jsonb_set(data, '{_wf.steps,0,due}', to_jsonb((current_date - 1)::text)) WHERE id = ANY($1::text[])`,
    [ids],
  );
  expect((await sql.query('SELECT state FROM jobs WHERE kind = $1', [DUE_CHECK_JOB])).rows).toEqual([{ state: 'scheduled' }]);
  await sql.query('UPDATE jobs SET run_at = now() WHERE kind = $1', [DUE_CHECK_JOB]);
  let done = 0;
  for (let i = 0; i < 200 && done < RESPONSES; i++) {
    await new Promise((r) => setTimeout(r, 100));
    done = Number((await sql.query(`SELECT count(*) AS n FROM jobs WHERE kind = $1 AND state = 'done'`, [DUE_REMINDER_JOB])).rows[0].n);
  }
  expect(done).toBe(RESPONSES);
  // Run the look again: the reminders already given are not given twice.
  await sql.query('UPDATE jobs SET run_at = now() WHERE kind = $1', [DUE_CHECK_JOB]);
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const look = await sql.query<{ run_at: Date }>('SELECT run_at FROM jobs WHERE kind = $1', [DUE_CHECK_JOB]);
    if (look.rows[0]!.run_at.getTime() > Date.now()) break;
  }
  const events = await sql.query<{ item_id: string; n: string }>(
    'SELECT item_id, count(*) AS n FROM events WHERE kind = $1 GROUP BY item_id ORDER BY item_id',
    [WF_EVENTS.dueReminded],
  );
  expect(events.rows.map((r) => [r.item_id, Number(r.n)]).sort()).toEqual([...ids].sort().map((id) => [id, 1]));
  expect(`${a.output()}${b.output()}`).not.toMatch(/Job .* failed|taken over/);
});
