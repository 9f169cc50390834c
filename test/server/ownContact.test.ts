import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

/**
 * A user reads their own person record: the Contact their User item names, whatever its visibility
 * and whether or not they belong to one of its organisations (docs/decisions.md). Linking it reloads
 * the rights of the user's open sockets.
 */
let srv: RunningServer;
let admin: TestUser;
let mary: TestUser;
let other: TestUser;
let contact: Item;

const readable = async (who: TestUser): Promise<{ single: boolean; many: boolean; found: boolean }> => {
  const single = !(await who.client.request(`read/${contact.$id}`)).erred;
  const many = Object.hasOwn((await who.client.request('readMany/object', [contact.$id])).b as object, contact.$id);
  const search = await who.client.request('search/ids', { must: { _: 'Contact', 'ft-lastName': 'Ownrecord' }, max: 10 });
  const found = ((search.b as { ids?: string[] }).ids ?? []).includes(contact.$id);
  return { single, many, found };
};

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  mary = await buildUser(srv, { name: 'Mary Ownrecord' });
  other = await buildUser(srv, { name: 'Someone Else' });
  contact = await admin.client.call<Item>('create/Contact', { firstName: 'Mary', lastName: 'Ownrecord' });
});
afterAll(async () => {
  for (const u of [admin, mary, other]) u?.client.close();
  await srv.stop();
});

test('a PROTECTED contact of no organisation is not read by a user it does not name', async () => {
  expect(contact.$access).toBe('PROTECTED');
  expect(await readable(mary)).toEqual({ single: false, many: false, found: false });
});

test('once their User item names it, its user reads, finds and is allowed it on the socket already open; no one else is', async () => {
  const user = await admin.client.call<Item>(`read/${mary.id}`);
  const refreshed = mary.client.nextPush((f) => f.o === 'authed');
  await admin.client.call('update', { $id: mary.id, _u: user._u, contact: { id: contact.$id } });
  await refreshed;
  expect(await readable(mary)).toEqual({ single: true, many: true, found: true });
  const allowed = await mary.client.call<{ allowed: { read: boolean; update: boolean } }>('act/isAllowed', {
    id: contact.$id,
    actions: ['read', 'update'],
  });
  expect(allowed.allowed).toEqual({ read: true, update: false });
  expect(await readable(other)).toEqual({ single: false, many: false, found: false });
});
