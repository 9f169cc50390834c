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

test("an administrator masquerades as a user: the user's rights only, and every change records both", async () => {
  const secret = await alice.client.call<Item>('create/Contact', { lastName: 'Alice Only' });
  const { newToken } = await admin.client.call<{ newToken: string }>('act/masquerade', { targetUserID: bob.id });
  const masq = await ProtocolClient.connect(srv.wsUrl, newToken);
  expect(masq.session).toMatchObject({ $id: bob.id, email: bob.email, admin: false, masquerading: true });

  expect(await masq.client.request(`read/${secret.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  const made = await masq.client.call<Item>('create/Contact', { lastName: 'Made While Masquerading' });
  expect(made._c.by).toBe(bob.id);
  const events = await admin.client.call<{ by: string; masquerader: string | null }[]>(`timeline/${made.$id}`);
  expect(events[0]).toMatchObject({ by: bob.id, masquerader: admin.id });

  // Stopping ends the masquerade token and gives the administrator a token of their own again.
  const stopped = await masq.client.call<{ newToken: string }>('act/masquerade', { stop: true });
  expect(await masq.client.closed).toEqual({ code: 4001, reason: 'signedout' });
  const back = await ProtocolClient.connect(srv.wsUrl, stopped.newToken);
  expect(back.session).toMatchObject({ $id: admin.id, admin: true, masquerading: false });
  back.client.close();
});

test('only administrators masquerade, never as another administrator, and not twice over', async () => {
  expect(await alice.client.request('act/masquerade', { targetUserID: bob.id })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  expect(await admin.client.request('act/masquerade', { targetUserID: admin.id })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  expect(await admin.client.request('act/masquerade', {})).toMatchObject({ erred: true, b: { userMessage: 'parseRequestFailed' } });
  expect(await admin.client.request('act/masquerade', { stop: true })).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  const { newToken } = await admin.client.call<{ newToken: string }>('act/masquerade', { targetUserID: alice.id });
  const masq = await ProtocolClient.connect(srv.wsUrl, newToken);
  expect(await masq.client.request('act/masquerade', { targetUserID: bob.id })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  masq.client.close();
});
