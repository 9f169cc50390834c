/**
 * A revocation of every token of a user is announced after its transaction commits; a socket signed
 * in before the announcement arrives with a token issued since (the one a new password gives) must
 * stay open, and the sockets of the revoked tokens close. On PostgreSQL, where the revoking
 * transaction can stay open while another connection issues the new token and a socket signs in.
 */
import { ProtocolClient } from '../../support/protocolClient';
import { buildUser } from '../../support/factories';
import { startTestServer, type RunningServer } from '../../support/testServer';

let srv: RunningServer;

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.stop());

test('revoking every token of a user closes their sockets, not one signed in with a token issued after', async () => {
  const { db, tokens } = srv.server.services;
  const user = await buildUser(srv);
  let signedInSince: ProtocolClient | undefined;
  await db.transaction(async (tx) => {
    await tokens.revokeUser(tx, user.id, 'signedout');
    // Before the revocation commits and is announced: a new token, and a socket signed in with it.
    const issued = await tokens.issue(user.id);
    signedInSince = (await ProtocolClient.connect(srv.wsUrl, issued.token)).client;
  });
  expect(await user.client.closed).toEqual({ code: 4001, reason: 'signedout' });
  // The announcement reached this process (the old socket closed): the new one answers still.
  await expect(signedInSince!.call('ping')).resolves.toBeDefined();
  signedInSince!.close();
});
