import type { NewTokenBody } from '../../shared/protocol';
import { hashToken } from '../accounts/TokenService';
import type { OpRoute } from './OpContext';

/** Session operations: ping, sign-out, token refresh. */
export const sessionOps: OpRoute[] = [
  { pattern: 'ping', handler: async () => 'pong' },
  {
    pattern: 'signout',
    socketOnly: true,
    signedIn: true,
    handler: async (ctx) => {
      // The revocation reaches every process through NOTIFY; each closes its sockets of this token.
      await ctx.services.tokens.revoke(ctx.caller!.tokenHash!);
      return null;
    },
  },
  {
    pattern: 'nextToken',
    socketOnly: true,
    signedIn: true,
    handler: async (ctx) => {
      const caller = ctx.caller!;
      const { token, expiresAt } = await ctx.services.tokens.rotate(caller.tokenHash, caller.userId, caller.masquerader);
      const conn = ctx.connection!;
      conn.adoptToken(hashToken(token), expiresAt);
      const body: NewTokenBody = { token, expires: expiresAt.toISOString() };
      conn.send({ o: 'newToken', b: body });
      return null;
    },
  },
];
