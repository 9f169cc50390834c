import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../../shared/constants';
import { OpError } from '../OpError';
import type { Caller } from '../policy/Principal';
import type { Services } from '../services';
import { callerOf } from './bearer';

/** The value of cookie `name` in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * The caller of a GET for a file or download. A link, an <img> or a <video> cannot send an
 * Authorization header, so besides Bearer the token is taken from the `vgn-token` cookie (spec 000
 * §7), which the browser keeps beside local storage. Only reads use this: nothing that changes
 * anything accepts the cookie, so a forged cross-site request can fetch, never act.
 */
export async function fileCallerOf(request: FastifyRequest, services: Services): Promise<Caller> {
  if (request.headers.authorization) return callerOf(request, services);
  const token = cookieValue(request.headers.cookie, TOKEN_COOKIE);
  if (!token) return null;
  const info = await services.tokens.resolve(token);
  if (!info || info.expired) throw new OpError('notSignedIn', 'The token cookie is unknown, revoked or expired');
  const principal = await services.accounts.principal(info.userId, info.tokenHash, info.masquerader);
  if (!principal) throw new OpError('notSignedIn', 'The account is blocked or gone');
  return principal;
}
