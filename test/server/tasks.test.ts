import { rmSync } from 'node:fs';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import { countTask } from '../../src/server/tasks/countTask';
import { taskKinds } from '../../src/server/tasks/taskKinds';
import { buildUser, type TestUser } from '../support/factories';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { startServerProcess } from '../support/serverProcess';
import { ADMIN, freshDataDir, freshPostgresDatabase, startTestServer, testDriver, type RunningServer } from '../support/testServer';

// The in-process server offers the test kind `count` (a process started by a test asks for it with KK_TEST_TASK_KINDS).
taskKinds.register(countTask);

let srv: RunningServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  alice = await buildUser(srv);
  bob = await buildUser(srv);
});
afterAll(async () => {
  for (const u of [alice, bob]) u?.client.close();
  await srv.stop();
});

const taskPush = (o: string, key: string) => (f: Frame) => f.o === o && (f.b as TaskInfo).key === key;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('a task starts with its key, pushes progress, and completes with a result only its user downloads', async () => {
  const started = await alice.client.call<TaskInfo>('act/count/async', { steps: 6, stepMs: 120, text: 'counted to six' });
  // asyncKey names the kind of task, which the browser shows instead of the random key.
  expect(started).toMatchObject({ key: expect.any(String), asyncKey: 'count', percentageComplete: 0 });
  expect(Date.parse(started.started)).toBeGreaterThan(Date.now() - 60_000);

  const update = (await alice.client.nextPush(taskPush('taskUpdate', started.key))).b as TaskInfo;
  expect(update.percentageComplete).toBeGreaterThan(0);
  expect(update.percentageComplete).toBeLessThan(100);
  const done = (await alice.client.nextPush(taskPush('taskComplete', started.key))).b as TaskInfo;
  expect(done).toMatchObject({ key: started.key, started: started.started, percentageComplete: 100 });
  expect(done.errorKey).toBeUndefined();
  expect(done.resultURI).toMatch(/\/count\.txt\?download=1$/);

  const res = await fetch(`${srv.url}${done.resultURI}`, { headers: bearer(alice.token) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="count.txt"; filename*=UTF-8''count.txt`);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await res.text()).toBe('counted to six');
  // A browser link sends the token cookie instead of a header.
  const byCookie = await fetch(`${srv.url}${done.resultURI}`, {
    headers: { cookie: `other=1; vgn-token=${encodeURIComponent(alice.token)}` },
  });
  expect(byCookie.status).toBe(200);

  expect((await fetch(`${srv.url}${done.resultURI}`, { headers: bearer(bob.token) })).status).toBe(404);
  expect((await fetch(`${srv.url}${done.resultURI}`)).status).toBe(401);
  expect((await fetch(`${srv.url}${done.resultURI}`, { headers: { cookie: 'vgn-token=forged' } })).status).toBe(401);
  expect(await bob.client.request(`activeTask/${started.key}`, 'killTask')).toMatchObject({ erred: true, b: { userMessage: 'notFound' } });
  expect(bob.client.pushes.some((f) => (f.b as TaskInfo | undefined)?.key === started.key)).toBe(false);
});

test('a running task is in the activeTasks of a new session, and a kill stops it', async () => {
  const started = await alice.client.call<TaskInfo>('act/count/async', { steps: 200, stepMs: 100 });
  const again = await ProtocolClient.connect(srv.wsUrl, alice.token);
  expect(again.session.activeTasks.map((t) => t.key)).toContain(started.key);
  const bobs = await ProtocolClient.connect(srv.wsUrl, bob.token);
  expect(bobs.session.activeTasks.map((t) => t.key)).not.toContain(started.key);

  const killed = await alice.client.call<TaskInfo>(`activeTask/${started.key}`, 'killTask');
  expect(killed).toMatchObject({ key: started.key, errorKey: 'errors.taskKilled' });
  // Every socket of the user hears it, the other session included.
  const pushed = (await again.client.nextPush(taskPush('taskComplete', started.key))).b as TaskInfo;
  expect(pushed).toMatchObject({ errorKey: 'errors.taskKilled' });
  expect(pushed.resultURI).toBeUndefined();

  const later = await ProtocolClient.connect(srv.wsUrl, alice.token);
  expect(later.session.activeTasks.map((t) => t.key)).not.toContain(started.key);
  expect(await alice.client.call<TaskInfo>(`act/count/async/${started.key}`)).toMatchObject({ errorKey: 'errors.taskKilled' });
  for (const c of [again.client, bobs.client, later.client]) c.close();
});

test('asyncCancel and {killTask: true} kill as well', async () => {
  const a = await alice.client.call<TaskInfo>('act/count/async', { steps: 200, stepMs: 100 });
  const b = await alice.client.call<TaskInfo>('act/count/async', { steps: 200, stepMs: 100 });
  expect(await alice.client.call(`act/count/asyncCancel/${a.key}`)).toMatchObject({ errorKey: 'errors.taskKilled' });
  expect(await alice.client.call(`activeTask/${b.key}/1`, { killTask: true })).toMatchObject({ errorKey: 'errors.taskKilled' });
});

test('an unknown kind, a bad body and an anonymous caller are refused', async () => {
  expect(await alice.client.request('act/noSuchTask/async', {})).toMatchObject({ erred: true, b: { userMessage: 'unknownOperation' } });
  expect(await alice.client.request('act/count/async', { steps: 'many' })).toMatchObject({
    erred: true,
    b: { userMessage: 'parseRequestFailed' },
  });
  const res = await fetch(`${srv.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ o: 'act/count/async', s: 1 }),
  });
  expect(await res.json()).toMatchObject({ erred: true, b: { userMessage: 'notSignedIn' } });
});

test('a server that stops cleanly ends its running tasks as interrupted', async () => {
  const first = await startTestServer();
  const { config } = first;
  const user = await buildUser(first);
  const started = await user.client.call<TaskInfo>('act/count/async', { steps: 1000, stepMs: 100 });
  user.client.close();
  await first.server.close();
  // The same storage again (the embedded database directory, or the same PostgreSQL database).
  const second = await startTestServer({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const again = await ProtocolClient.connect(second.wsUrl, await signIn(second.url, user.email, user.password));
    expect(again.session.activeTasks).toEqual([]);
    expect(await again.client.call<TaskInfo>(`act/count/async/${started.key}`)).toMatchObject({ errorKey: 'errors.taskInterrupted' });
    again.client.close();
  } finally {
    await second.stop();
  }
});

test('a task left running by a killed server process is failed, not lost, after a restart', async () => {
  const dir = freshDataDir();
  const env: Record<string, string> = { DATA_DIR: dir, KK_TEST_TASK_KINDS: '1', TASK_STALE_SECONDS: '2' };
  if (testDriver() === 'postgres') env.DATABASE_URL = await freshPostgresDatabase();
  try {
    const first = await startServerProcess(env);
    const token = await signIn(first.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(first.wsUrl, token);
    const started = await client.call<TaskInfo>('act/count/async', { steps: 1000, stepMs: 100 });
    await client.nextPush(taskPush('taskUpdate', started.key));
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServerProcess(env);
    const again = await ProtocolClient.connect(second.wsUrl, await signIn(second.url, ADMIN.email, ADMIN.password));
    // On PostgreSQL another process may still be alive: the task fails once its process has been silent for TASK_STALE_SECONDS.
    let status = await again.client.call<TaskInfo>(`act/count/async/${started.key}`);
    for (let i = 0; i < 40 && !status.errorKey; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = await again.client.call<TaskInfo>(`act/count/async/${started.key}`);
    }
    expect(status).toMatchObject({ key: started.key, errorKey: 'errors.taskInterrupted' });
    const fresh = await ProtocolClient.connect(second.wsUrl, await signIn(second.url, ADMIN.email, ADMIN.password));
    expect(fresh.session.activeTasks).toEqual([]);
    for (const c of [again.client, fresh.client]) c.close();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
