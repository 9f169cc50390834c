import type { FastifyRequest } from 'fastify';
import { OpError } from '../OpError';
import type { Caller } from '../policy/Principal';
import type { Services } from '../services';

/**
 * The caller of an HTTP request from its `Authorization: Bearer` header: null without one; a
 * notSignedIn refusal for a token that is unknown, revoked, expired or of a blocked account.
 */
export async function callerOf(request: FastifyRequest, services: Services): Promise<Caller> {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw new OpError('notSignedIn', 'The Authorization header must be "Bearer <token>"');
  const info = await services.tokens.resolve(m[1]!);
  if (!info || info.expired) throw new OpError('notSignedIn', 'The token is unknown, revoked or expired');
  const principal = await services.accounts.principal(info.userId, info.tokenHash, info.masquerader);
  if (!principal) throw new OpError('notSignedIn', 'The account is blocked or gone');
  return principal;
}
