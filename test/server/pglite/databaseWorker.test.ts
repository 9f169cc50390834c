import { readdirSync, readFileSync } from 'node:fs';
import type { Item } from '../../../src/shared/items/types';
import type { SearchReply } from '../../../src/shared/search';
import { connectAdmin, type TestUser } from '../../support/factories';
import { startTestServer, type RunningServer } from '../../support/testServer';

// Issue 19, finding 6: the embedded database ran on the server's main thread, so a statement that
// never ended froze every socket and /healthz for good. It runs in a worker thread now: the server
// keeps answering while a statement is stuck, the watchdog stops the worker after the statement
// time-out, and a fresh worker recovers the data directory with every acknowledged write.

const TIMEOUT_MS = 3_000;
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

/** Settles with what `work` answered, or 'stalled' when it took longer than 1 s. */
function within1s<T>(work: Promise<T>): Promise<T | 'stalled'> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), 1_000)));
  return Promise.race([work, stalled]).finally(() => clearTimeout(timer));
}

test('while a statement is stuck, ping and /healthz answer within 1 s; the watchdog restarts the database with every acknowledged write', async () => {
  const written: Item[] = [];
  for (let n = 0; n < 10; n++)
    written.push(await admin.client.call<Item>('create/Contact', { firstName: `Kept${n}`, lastName: 'Beforestall' }));

  const stuck = srv.server.services.db.query('SELECT pg_sleep(600)').then(
    () => 'answered',
    (e: { userMessage?: string }) => e.userMessage,
  );
  // A search from another socket waits its turn behind the stuck statement and is answered after the restart.
  const waiting = admin.client.call<SearchReply>('search/ids', { must: { q: 'beforestall' }, max: 50 });
  const until = Date.now() + TIMEOUT_MS + 1_000;
  const probe = async (ask: () => Promise<unknown>): Promise<unknown[]> => {
    const answers: unknown[] = [];
    while (Date.now() < until) {
      answers.push(await within1s(ask()));
      await new Promise((r) => setTimeout(r, 100));
    }
    return answers;
  };
  const [pings, health] = await Promise.all([
    probe(() => admin.client.request('ping').then((f) => f.b)),
    // 200, or 503 busy while the statement holds the database: either, within 1 s.
    probe(() => fetch(`${srv.url}/healthz`).then((r) => r.status)),
  ]);
  expect(pings.length).toBeGreaterThan(10);
  expect(new Set(pings)).toEqual(new Set(['pong']));
  expect(health).not.toContain('stalled');
  expect(health).toContain(503);
  expect(await stuck).toBe('queryTimeout');
  expect((await waiting).total).toBe(10);

  for (const item of written) expect((await admin.client.call<Item>(`read/${item.$id}`)).lastName).toBe('Beforestall');
  const after = await admin.client.call<Item>('create/Contact', { firstName: 'After', lastName: 'Restart' });
  expect((await admin.client.call<SearchReply>('search/ids', { must: { q: 'restart' } })).ids).toEqual([after.$id]);
  expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
}, 90_000);

test('a transaction cut off by the watchdog is rolled back; the next one commits', async () => {
  const { db } = srv.server.services;
  const work = db.transaction(async (tx) => {
    await tx.query("INSERT INTO locale_overrides (lang, key, message) VALUES ('en', 'kk.cutOff', 'x')");
    await tx.query('SELECT pg_sleep(600)');
  });
  await expect(work).rejects.toMatchObject({ userMessage: 'queryTimeout' });
  expect((await db.query("SELECT 1 FROM locale_overrides WHERE key = 'kk.cutOff'")).rowCount).toBe(0);
  await db.transaction((tx) => tx.query("INSERT INTO locale_overrides (lang, key, message) VALUES ('en', 'kk.kept', 'y')"));
  expect((await db.query("SELECT 1 FROM locale_overrides WHERE key = 'kk.kept'")).rowCount).toBe(1);
}, 60_000);

test("the database's thread is named kk-database, so that top -H tells its work from the event loop's", async () => {
  await srv.server.services.db.query('SELECT 1');
  const names = readdirSync('/proc/self/task').map((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim());
  expect(names).toContain('kk-database');
});
