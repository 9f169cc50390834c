/**
 * `act/isAllowed` answers `create` for a type's create form (`Type-0`, issue 16 problem 4): the browser
 * offers a form only when this says yes, and the create operation refuses regardless of what was offered.
 */
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let member: TestUser;

const createAllowed = async (who: TestUser, id: string): Promise<unknown> =>
  (await who.client.call<{ allowed: Record<string, boolean> }>('act/isAllowed', { id, actions: ['create'] })).allowed;

beforeAll(async () => {
  srv = await startTestServer();
  [admin, member] = await Promise.all([connectAdmin(srv), buildUser(srv)]);
});
afterAll(async () => {
  admin?.client.close();
  member?.client.close();
  await srv.stop();
});

test('a member without rights may not create organisations or users; an administrator may', async () => {
  expect(await createAllowed(member, 'Organization-0')).toEqual({ create: false });
  expect(await createAllowed(member, 'User-0')).toEqual({ create: false });
  expect(await createAllowed(admin, 'Organization-0')).toEqual({ create: true });
  expect(await createAllowed(admin, 'User-0')).toEqual({ create: true });
});

test('a member may create the types anyone may create, such as a contact on an open site', async () => {
  expect(await createAllowed(member, 'Contact-0')).toEqual({ create: true });
});

test('the server refuses the create itself, whatever the browser offered', async () => {
  expect(await member.client.request('create/Organization', { displayName: 'Not Mine', type: 'OTHER' })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  const made = await admin.client.call<Item>('create/Organization', { displayName: 'Admin Made', type: 'OTHER' });
  expect(made.$id).toMatch(/^Organization-[1-9]/);
});

test('Type-0 answers create only: other actions still need a complete id, and unknown types are refused', async () => {
  expect(await member.client.request('act/isAllowed', { id: 'Organization-0', actions: ['create', 'read'] })).toMatchObject({
    erred: true,
    b: { userMessage: 'invalidId' },
  });
  expect(await member.client.request('act/isAllowed', { id: 'NoSuchType-0', actions: ['create'] })).toMatchObject({
    erred: true,
    b: { userMessage: 'unknownType' },
  });
});

test('a site that keeps contact creation to administrators says so for the contact form', async () => {
  const restricted = await startTestServer({ restrictContactCreation: true });
  try {
    const [boss, user] = await Promise.all([connectAdmin(restricted), buildUser(restricted)]);
    expect(await createAllowed(user, 'Contact-0')).toEqual({ create: false });
    expect(await createAllowed(boss, 'Contact-0')).toEqual({ create: true });
    boss.client.close();
    user.client.close();
  } finally {
    await restricted.stop();
  }
});
