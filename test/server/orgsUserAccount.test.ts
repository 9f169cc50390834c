import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;

beforeAll(async () => {
  srv = await startTestServer({ dedicated: true });
  admin = await connectAdmin(srv);
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

test("an administrator reads a user's rights, memberships and block as they were set", async () => {
  const org = await admin.client.call<Item>('create/Organization', { displayName: 'Riverbend Nation', type: 'COMMUNITY' });
  const user = await buildUser(srv);
  expect(await admin.client.call('act/userAccount', { userId: user.id })).toEqual({
    userId: user.id,
    admin: false,
    blocked: false,
    capabilities: {},
    memberships: [],
  });
  await admin.client.call('act/setCapabilities', { userId: user.id, capabilities: { Research: true, Spatial: false } });
  await admin.client.call('act/setMembership', { userId: user.id, orgId: org.$id, capabilities: { write: true } });
  await admin.client.call('act/blockUser', { userId: user.id, blocked: true });
  expect(await admin.client.call('act/userAccount', { userId: user.id })).toEqual({
    userId: user.id,
    admin: false,
    blocked: true,
    capabilities: { Research: true, Spatial: false },
    memberships: [{ orgId: org.$id, label: 'Riverbend Nation', capabilities: { write: true } }],
  });
  expect(await admin.client.request('act/userAccount', { userId: 'User-999999' })).toMatchObject({
    erred: true,
    b: { userMessage: 'notFound' },
  });
});

test('nobody else reads accounts, not even their own', async () => {
  const user = await buildUser(srv);
  expect(await user.client.request('act/userAccount', { userId: user.id })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  user.client.close();
});

test('act/isAllowed answers invite for contacts the caller may change, and for nothing else', async () => {
  const stranger = await buildUser(srv);
  const contact = await admin.client.call<Item>('create/Contact', { lastName: 'Askable', email: 'a@test.example', $access: 'COMMUNITY' });
  const org = await admin.client.call<Item>('create/Organization', { displayName: 'Not A Contact', type: 'OTHER' });
  expect(await admin.client.call('act/isAllowed', { id: contact.$id, actions: ['invite'] })).toMatchObject({ allowed: { invite: true } });
  expect(await stranger.client.call('act/isAllowed', { id: contact.$id, actions: ['invite'] })).toMatchObject({
    allowed: { invite: false },
  });
  expect(await admin.client.call('act/isAllowed', { id: org.$id, actions: ['invite'] })).toMatchObject({ allowed: { invite: false } });
  stranger.client.close();
});
