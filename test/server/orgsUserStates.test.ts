import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { linkToken, readOutbox } from '../support/outbox';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

// A non-dedicated site (the default): invitations are sent there too, so the contact panel needs the account's state.
let srv: RunningServer;
let admin: TestUser;

const post = (path: string, body: unknown) =>
  fetch(`${srv.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
type States = { states: Record<string, string>; lastSeen: Record<string, string> };

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

test('a contact goes from no account to invited to active, seen when they set their password, then blocked', async () => {
  const contact = await admin.client.call<Item>('create/Contact', { firstName: 'Ada', lastName: 'Accepted', email: 'ada@test.example' });
  const ask = () => admin.client.call<States>('act/userStates', { contactIds: [contact.$id] });
  expect(await ask()).toEqual({ states: { [contact.$id]: 'NONE' }, lastSeen: {} });
  const { userId } = await admin.client.call<{ userId: string }>('act/invite', { contactId: contact.$id });
  expect(await ask()).toEqual({ states: { [contact.$id]: 'INVITED' }, lastSeen: {} });

  const mail = (await readOutbox(srv.config.dataDir)).find((m) => m.to === 'ada@test.example')!;
  const before = Date.now();
  const res = await post('/api/set-pass', { token: linkToken(mail, '/set-pass'), password: 'adas own password' });
  expect(res.status).toBe(200);
  // Setting the password signs the person in: they are active and were seen then, not "never signed in".
  const active = await ask();
  expect(active.states).toEqual({ [contact.$id]: 'WEEK' });
  const seen = new Date(active.lastSeen[contact.$id]!).getTime();
  expect(seen).toBeGreaterThanOrEqual(before - 1000);
  expect(seen).toBeLessThanOrEqual(Date.now() + 1000);
  const ada = await ProtocolClient.connect(srv.wsUrl, res.headers.get('x-vgn-token')!);
  expect(ada.session.$id).toBe(userId);
  ada.client.close();

  await admin.client.call('act/blockUser', { userId, blocked: true });
  expect((await ask()).states).toEqual({ [contact.$id]: 'BLOCKED' });
});

test('someone who may not change a contact learns nothing of its account', async () => {
  const contact = await admin.client.call<Item>('create/Contact', {
    lastName: 'Private',
    email: 'private@test.example',
    $access: 'COMMUNITY',
  });
  await admin.client.call('act/invite', { contactId: contact.$id });
  const stranger = await buildUser(srv);
  try {
    expect(await stranger.client.call<States>('act/userStates', { contactIds: [contact.$id] })).toEqual({ states: {}, lastSeen: {} });
  } finally {
    stranger.client.close();
  }
});
