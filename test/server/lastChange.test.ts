/**
 * Every item answer says when and by whom its current version was made (`_m`, the record header's
 * "Changed ... by ..."), with that user's label only for a reader who may read them.
 */
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  alice = await buildUser(srv, { name: 'Alice Example' });
});
afterAll(async () => {
  for (const u of [admin, alice]) u?.client.close();
  await srv.stop();
});

test('a new item was last changed when and by whom it was created', async () => {
  const created = await alice.client.call<Item>('create/Contact', { lastName: 'Sinclair' });
  expect(created._m).toEqual({ ts: created._c.ts, by: alice.id });
  expect((await alice.client.call<Item>(`read/${created.$id}`))._m).toEqual(created._m);
});

test('a changed item names who changed it, by label where the reader may read them', async () => {
  const created = await alice.client.call<Item>('create/Contact', { lastName: 'Rivers' });
  const updated = await admin.client.call<Item>('update', { ...created, firstName: 'Lena' });
  expect(updated._m?.by).toBe(admin.id);
  expect(Date.parse(updated._m!.ts)).toBeGreaterThanOrEqual(Date.parse(created._c.ts));
  expect(updated.$labels[admin.id]).toBeTruthy();
  const read = await alice.client.call<Item>(`read/${created.$id}`);
  expect(read._m).toEqual(updated._m);
  expect(read.$labels[admin.id]).toBeUndefined();
});
