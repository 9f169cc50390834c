import type { Item } from '../../../src/shared/items/types';
import { connectAdmin, type TestUser } from '../../support/factories';
import { startTestServer, type RunningServer } from '../../support/testServer';

// Issue 19: every statement has a time-out, on both drivers. A stopped statement answers the
// catalogue's queryTimeout, the transaction it ran in is rolled back, and the server goes on.

const TIMEOUT_MS = 1_500;
let srv: RunningServer;
let admin: TestUser;

beforeAll(async () => {
  srv = await startTestServer({ statementTimeoutMs: TIMEOUT_MS });
  admin = await connectAdmin(srv);
}, 60_000);
afterAll(async () => {
  admin?.client.close();
  await srv?.stop();
});

/** GET /healthz's status, which must come within 1 s (503 while the embedded database restarts). */
async function health(): Promise<number> {
  return (await fetch(`${srv.url}/healthz`, { signal: AbortSignal.timeout(1_000) })).status;
}

test('a statement running past the time-out is stopped with queryTimeout; the database and the socket go on', async () => {
  const { db } = srv.server.services;
  const before = await admin.client.call<Item>('create/Contact', { firstName: 'Before', lastName: 'Stall' });
  const started = Date.now();
  await expect(db.query('SELECT pg_sleep(60)')).rejects.toMatchObject({ userMessage: 'queryTimeout' });
  // Stopped near the time-out, long before the 60 s the statement asked for.
  expect(Date.now() - started).toBeLessThan(30_000);
  expect([200, 503]).toContain(await health());
  expect(await admin.client.call('ping')).toBe('pong');
  expect((await admin.client.call<Item>(`read/${before.$id}`)).lastName).toBe('Stall');
  // Healthy again once a fresh embedded database is up (at once on PostgreSQL).
  let status = await health();
  for (let n = 0; n < 100 && status !== 200; n++) status = await new Promise((r) => setTimeout(r, 200)).then(health);
  expect(status).toBe(200);
  expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
}, 60_000);

test('inside a transaction the statement is stopped and the transaction rolled back', async () => {
  const { db } = srv.server.services;
  const work = db.transaction(async (tx) => {
    await tx.query("INSERT INTO locale_overrides (lang, key, message) VALUES ('en', 'kk.timeoutProbe', 'written')");
    await tx.query('SELECT pg_sleep(60)');
  });
  await expect(work).rejects.toMatchObject({ userMessage: 'queryTimeout' });
  const res = await db.query("SELECT 1 FROM locale_overrides WHERE key = 'kk.timeoutProbe'");
  expect(res.rowCount).toBe(0);
  expect(await admin.client.call('ping')).toBe('pong');
}, 60_000);
