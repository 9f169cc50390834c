import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  alice = await buildUser(srv);
  bob = await buildUser(srv);
});
afterAll(async () => {
  for (const u of [admin, alice, bob]) u?.client.close();
  await srv.stop();
});

const isUpdateOf = (id: string, u?: number) => (f: { o: string; b?: unknown }) =>
  f.o === 'item/update' && (f.b as Item).$id === id && (u === undefined || (f.b as Item)._u === u);

/** Proves no push of `id` at `_u` >= `fromU` arrived within a while after the change. */
async function noPushFor(user: TestUser, id: string, fromU = 1): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  await user.client.call('ping');
  expect(user.client.pushes.filter((f) => isUpdateOf(id)(f) && (f.b as Item)._u >= fromU)).toEqual([]);
}

test('a watcher receives item/update with the new item when someone else changes it', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Watched', $access: 'COMMUNITY' });
  const current = await bob.client.call<Item>(`addWatch/${item.$id}`);
  expect(current._u).toBe(1);
  await alice.client.call('update', { $id: item.$id, _u: 1, firstName: 'Now' });
  const push = await bob.client.nextPush(isUpdateOf(item.$id, 2));
  expect(push.b).toMatchObject({ $id: item.$id, _u: 2, firstName: 'Now', lastName: 'Watched' });
  expect(push.s).toBeUndefined();
});

test("the socket whose request made a change is told it is its own; the person's other tab is told of it as news", async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Mine', $access: 'COMMUNITY' });
  const otherTab = (await ProtocolClient.connect(srv.wsUrl, alice.token)).client;
  try {
    await alice.client.call(`addWatch/${item.$id}`);
    await otherTab.call(`addWatch/${item.$id}`);
    await bob.client.call(`addWatch/${item.$id}`);
    await alice.client.call('update', { $id: item.$id, _u: 1, firstName: 'Changed here' });
    expect(await alice.client.nextPush(isUpdateOf(item.$id, 2))).toMatchObject({ own: true, b: { firstName: 'Changed here' } });
    expect((await otherTab.nextPush(isUpdateOf(item.$id, 2))).own).toBeUndefined();
    expect((await bob.client.nextPush(isUpdateOf(item.$id, 2))).own).toBeUndefined();
  } finally {
    otherTab.close();
  }
});

test('addWatch with the current _u answers null; with a stale _u it answers the current item', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Versioned', $access: 'COMMUNITY' });
  await alice.client.call('update', { $id: item.$id, _u: 1, firstName: 'v2' });
  expect(await bob.client.call(`addWatch/${item.$id}/2`)).toBeNull();
  expect(await bob.client.call<Item>(`addWatch/${item.$id}/1`)).toMatchObject({ _u: 2, firstName: 'v2' });
});

test('removeWatch stops the pushes', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Unwatched', $access: 'COMMUNITY' });
  await bob.client.call(`addWatch/${item.$id}`);
  await bob.client.call(`removeWatch/${item.$id}`);
  await alice.client.call('update', { $id: item.$id, _u: 1, firstName: 'Quiet' });
  await noPushFor(bob, item.$id, 2);
});

test('an item the user may not read cannot be watched', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Secret' });
  expect(await bob.client.request(`addWatch/${item.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
});

test('when a watcher loses read access the pushes stop at once', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Closing', $access: 'COMMUNITY' });
  await bob.client.call(`addWatch/${item.$id}`);
  await alice.client.call('update', { $id: item.$id, _u: 1, $access: 'PRIVATE' });
  await alice.client.call('update', { $id: item.$id, _u: 2, firstName: 'After' });
  await noPushFor(bob, item.$id, 2);
});

test('a deletion is pushed with $deleted', async () => {
  const item = await alice.client.call<Item>('create/Contact', { lastName: 'Deleted Soon', $access: 'COMMUNITY' });
  await bob.client.call(`addWatch/${item.$id}`);
  await alice.client.call(`delete/${item.$id}`, { _u: 1 });
  expect((await bob.client.nextPush(isUpdateOf(item.$id, 2))).b).toMatchObject({ $deleted: true, _u: 2 });
});

describe('type watches', () => {
  test('addWatch/{type}-0 pushes every matching item the user may read, and removeWatch/{type}-0/{count} stops it', async () => {
    const { count } = await bob.client.call<{ count: number }>('addWatch/Contact-0', { lastName: 'Typed' });
    expect(count).toBeGreaterThan(0);
    const visible = await alice.client.call<Item>('create/Contact', { lastName: 'Typed', $access: 'COMMUNITY' });
    const hidden = await alice.client.call<Item>('create/Contact', { lastName: 'Typed', $access: 'PROTECTED' });
    const other = await alice.client.call<Item>('create/Contact', { lastName: 'Not Typed', $access: 'COMMUNITY' });
    expect((await bob.client.nextPush(isUpdateOf(visible.$id))).b).toMatchObject({ _u: 1 });
    await noPushFor(bob, hidden.$id);
    await noPushFor(bob, other.$id);

    await bob.client.call(`removeWatch/Contact-0/${count}`);
    await alice.client.call('update', { $id: visible.$id, _u: 1, firstName: 'Later' });
    await noPushFor(bob, visible.$id, 2);
    expect(await bob.client.request(`removeWatch/Contact-0/${count}`)).toMatchObject({ erred: true, b: { userMessage: 'notFound' } });
  });

  test('a type watch filter matches relations by id', async () => {
    const org = await admin.client.call<Item>('create/Organization', { displayName: 'Watch Lake Nation', type: 'COMMUNITY' });
    await bob.client.call('addWatch/Contact-0', { _related: null });
    const { count } = await bob.client.call<{ count: number }>('addWatch/Organization-0', {});
    await admin.client.call('update', { $id: org.$id, _u: 1, website: 'https://watch-lake.example.org' });
    expect((await bob.client.nextPush(isUpdateOf(org.$id, 2))).b).toMatchObject({ website: 'https://watch-lake.example.org' });
    expect(count).toBeGreaterThan(0);
  });

  test('bad type watches are refused', async () => {
    expect(await bob.client.request('addWatch/Nothing-0', {})).toMatchObject({ erred: true, b: { userMessage: 'unknownType' } });
    expect(await bob.client.request('addWatch/Contact-0', { nested: { a: 1 } })).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed' },
    });
    expect(await bob.client.request('addWatch/Contact-0/3')).toMatchObject({ erred: true, b: { userMessage: 'invalidId' } });
  });
});

test('watches are not offered over HTTP', async () => {
  const res = await fetch(`${srv.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}` },
    body: JSON.stringify({ o: 'addWatch/Contact-1', s: 1 }),
  });
  expect(await res.json()).toMatchObject({ erred: true, b: { userMessage: 'unknownOperation' } });
});
