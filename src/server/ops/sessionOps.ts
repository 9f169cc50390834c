import type { NewTokenBody } from '../../shared/protocol';
import { operations } from '../../shared/protocol/operations';
import { hashToken } from '../accounts/TokenService';
import { OpError } from '../OpError';
import { bindOperation } from './bindOperation';
import type { OpRoute } from './OpContext';
import { signedInCaller } from './signedInCaller';

/** Session operations: ping, sign-out, token refresh. */
export const sessionOps: OpRoute[] = [
  bindOperation(operations.ping, async () => 'pong' as const),
  bindOperation(operations.signout, async (ctx) => {
    // The revocation reaches every process through NOTIFY; each closes its sockets of this token.
    const { tokenHash } = signedInCaller(ctx);
    if (tokenHash) await ctx.services.tokens.revoke(tokenHash);
    return null;
  }),
  bindOperation(operations.nextToken, async (ctx) => {
    const caller = signedInCaller(ctx);
    const conn = ctx.connection;
    if (!conn) throw new OpError('unknownOperation', 'nextToken needs the live socket');
    if (!caller.tokenHash) throw new OpError('notSignedIn', 'nextToken needs a session token');
    // The new token continues the session: it cannot outlive the session's maximum age.
    const { token, expiresAt } = await ctx.services.tokens.rotate(caller.tokenHash, caller.userId, caller.masquerader);
    conn.adoptToken(hashToken(token), expiresAt);
    const body: NewTokenBody = { token, expires: expiresAt.toISOString() };
    conn.send({ o: 'newToken', b: body });
    return null;
  }),
];
