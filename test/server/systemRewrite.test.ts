/**
 * An item rewritten as the system from inside another change (`rewriteAsSystem`, used by the
 * consultation's mirror and the conversations' last-message stamp): a new version with its event,
 * pushed to its watchers, and never answered stale by this process's cache. On both drivers.
 */
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Item } from '../../src/shared/items/types';
import { rewriteAsSystem } from '../../src/server/store/systemRewrite';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let watcher: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  watcher = await buildUser(srv);
});
afterAll(async () => {
  for (const u of [admin, watcher]) u?.client.close();
  await srv.stop();
});

const renamed = (firstName: string) => ({ sql: `data = jsonb_set(data, '{firstName}', to_jsonb($1::text))`, params: [firstName] });

test('the new version is read at once in this process, pushed to watchers and in the timeline, by nobody', async () => {
  const item = await admin.client.call<Item>('create/Contact', { firstName: 'Before', lastName: 'Rewritten', $access: 'COMMUNITY' });
  await watcher.client.call(`addWatch/${item.$id}`);
  expect((await admin.client.call<Item>(`read/${item.$id}`))._u).toBe(1); // now in the cache
  const { db, items } = srv.server.services;
  await db.transaction((tx) =>
    rewriteAsSystem(tx, items, { id: item.$id, u: 1 }, renamed('After'), ['firstName'], new Date().toISOString()),
  );

  expect(await admin.client.call<Item>(`read/${item.$id}`)).toMatchObject({ _u: 2, firstName: 'After', lastName: 'Rewritten' });
  const push = await watcher.client.nextPush((f) => f.o === 'item/update' && (f.b as Item).$id === item.$id);
  expect(push.b).toMatchObject({ _u: 2, firstName: 'After' });
  const last = (await admin.client.call<TimelineEvent[]>(`timeline/${item.$id}`)).at(-1);
  expect(last).toMatchObject({ kind: 'updated', u: 2, by: null, changed: ['firstName'] });
});

test('rolled back with the change it belonged to, it leaves the item as it was', async () => {
  const item = await admin.client.call<Item>('create/Contact', { firstName: 'Kept', lastName: 'Unchanged' });
  expect((await admin.client.call<Item>(`read/${item.$id}`))._u).toBe(1);
  const { db, items } = srv.server.services;
  const failing = db.transaction(async (tx) => {
    await rewriteAsSystem(tx, items, { id: item.$id, u: 1 }, renamed('Lost'), ['firstName'], new Date().toISOString());
    throw new Error('the change it belonged to failed');
  });
  await expect(failing).rejects.toThrow('the change it belonged to failed');
  expect(await admin.client.call<Item>(`read/${item.$id}`)).toMatchObject({ _u: 1, firstName: 'Kept' });
  expect((await admin.client.call<TimelineEvent[]>(`timeline/${item.$id}`)).map((e) => e.kind)).toEqual(['created']);
});
