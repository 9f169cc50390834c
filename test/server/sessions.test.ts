import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

interface SessionInfo {
  id: string;
  current: boolean;
}

test('blocking a user ends every session of theirs at once and keeps them out until unblocked', async () => {
  const bob = await buildUser(srv);
  const second = await ProtocolClient.connect(srv.wsUrl, await signIn(srv.url, bob.email, bob.password));
  expect(await admin.client.call('act/blockUser', { userId: bob.id, blocked: true })).toEqual({ blocked: true });
  expect(await bob.client.closed).toEqual({ code: 4001, reason: 'blocked' });
  expect(await second.client.closed).toEqual({ code: 4001, reason: 'blocked' });
  await expect(signIn(srv.url, bob.email, bob.password)).rejects.toThrow(/401/);
  await admin.client.call('act/blockUser', { userId: bob.id, blocked: false });
  expect(await signIn(srv.url, bob.email, bob.password)).toBeTruthy();
});

test('only administrators block, and not themselves', async () => {
  const carol = await buildUser(srv);
  expect(await carol.client.request('act/blockUser', { userId: admin.id, blocked: true })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  expect(await admin.client.request('act/blockUser', { userId: admin.id, blocked: true })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  carol.client.close();
});

test('a user sees their own sessions and ends one, or all but the current', async () => {
  const dana = await buildUser(srv);
  const phone = await ProtocolClient.connect(srv.wsUrl, await signIn(srv.url, dana.email, dana.password));
  const laptop = await ProtocolClient.connect(srv.wsUrl, await signIn(srv.url, dana.email, dana.password));
  const list = await dana.client.call<SessionInfo[]>('act/mySessions');
  expect(list).toHaveLength(3);
  expect(list.filter((s) => s.current)).toHaveLength(1);
  const phoneSession = (await phone.client.call<SessionInfo[]>('act/mySessions')).find((s) => s.current)!;
  await dana.client.call('act/endMySession', { id: phoneSession.id });
  expect(await phone.client.closed).toEqual({ code: 4001, reason: 'signedout' });

  expect(await dana.client.call('act/endSessions', { keepCurrent: true })).toEqual({ ended: 1 });
  expect(await laptop.client.closed).toEqual({ code: 4001, reason: 'signedout' });
  expect(await dana.client.call<SessionInfo[]>('act/mySessions')).toHaveLength(1);
  expect(await dana.client.request('act/endSessions', { userId: admin.id })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  dana.client.close();
});

test('the list leaves out sessions gone idle, and says when each began, not when it was last refreshed', async () => {
  const erin = await buildUser(srv);
  const { db } = srv.server.services;
  const old = await ProtocolClient.connect(srv.wsUrl, await signIn(srv.url, erin.email, erin.password));
  const oldId = (await old.client.call<SessionInfo[]>('act/mySessions')).find((s) => s.current)!.id;
  old.client.close();
  const idleSince = new Date(Date.now() - (srv.config.tokenIdleSeconds + 60) * 1000).toISOString();
  await db.query('UPDATE tokens SET last_used_at = $2 WHERE left(token_hash, 16) = $1', [oldId, idleSince]);
  const began = new Date(Date.now() - 3 * 24 * 3600 * 1000);
  await db.query(`UPDATE tokens SET session_started_at = $2 WHERE user_id = $1 AND left(token_hash, 16) <> $3`, [
    erin.id,
    began.toISOString(),
    oldId,
  ]);
  const list = await erin.client.call<(SessionInfo & { started: string })[]>('act/mySessions');
  expect(list.map((s) => s.id)).not.toContain(oldId);
  expect(list).toHaveLength(1);
  expect(list[0]!.started).toBe(began.toISOString());
  erin.client.close();
});

test("an administrator ends a user's sessions", async () => {
  const erin = await buildUser(srv);
  expect(await admin.client.call('act/endSessions', { userId: erin.id })).toEqual({ ended: 1 });
  expect(await erin.client.closed).toEqual({ code: 4001, reason: 'signedout' });
});
