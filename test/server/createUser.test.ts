import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

/**
 * The New user form (create/User): an administrator gives a name and an e-mail address; the user
 * comes with an account for that address (so the person can set a password and sign in), the
 * address cannot be taken twice, and only administrators create users.
 */

let srv: RunningServer;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  member = await buildUser(srv);
});
afterAll(async () => {
  admin.client.close();
  member.client.close();
  await srv.stop();
});

test('an administrator creates a user with an e-mail address, and the user has an account for it', async () => {
  const user = await admin.client.call<Item>('create/User', {
    name: 'Nora New',
    email: 'Nora.New@Test.Example',
    notifyFrequency: 'DIGEST',
  });
  expect(user).toMatchObject({ _t: 'User', name: 'Nora New', email: 'nora.new@test.example', notifyFrequency: 'DIGEST' });
  const account = await srv.server.services.db.query<{ user_id: string }>('SELECT user_id FROM accounts WHERE email = $1', [
    'nora.new@test.example',
  ]);
  expect(account.rows.map((r) => r.user_id)).toEqual([user.$id]);
});

test('an address that has an account already is refused, and nothing is created', async () => {
  const reply = await admin.client.request('create/User', { name: 'Second Nora', email: 'nora.new@test.example' });
  expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
  expect(JSON.stringify(reply.b)).toContain('errors.emailTaken');
});

test('a user without an e-mail address is refused with the field named', async () => {
  const reply = await admin.client.request('create/User', { name: 'No Mail' });
  expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
  expect(JSON.stringify(reply.b)).toContain('email');
  const count = await srv.server.services.db.query('SELECT 1 FROM items WHERE type = $1 AND label = $2', ['User', 'No Mail']);
  expect(count.rowCount).toBe(0);
});

test('a user who is not an administrator cannot create users', async () => {
  expect(await member.client.request('create/User', { name: 'Sneaky', email: 'sneaky@test.example' })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
});
