import type { FastifyInstance } from 'fastify';
import { TOKEN_HEADER } from '../../shared/constants';
import { OpError } from '../OpError';
import type { Services } from '../services';

/** Largest sign-in body, in bytes. */
const SIGN_IN_BODY_LIMIT = 16 * 1024;

/** POST /api/sign-in `{email, password}`: 200 with the token in `x-vgn-token`, else 401 or 429. */
export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  app.post('/api/sign-in', { bodyLimit: SIGN_IN_BODY_LIMIT }, async (request, reply) => {
    const body = request.body as { email?: unknown; password?: unknown } | null;
    if (!body || typeof body.email !== 'string' || typeof body.password !== 'string' || body.email.length > 320 || body.password.length > 1024) {
      return reply.code(400).send({ userMessage: 'parseRequestFailed', sysMessage: 'sign-in needs {email, password} as strings' });
    }
    try {
      const { token, expiresAt } = await services.accounts.signIn(body.email, body.password, request.ip);
      reply.header(TOKEN_HEADER, token);
      return { expires: expiresAt.toISOString() };
    } catch (e) {
      if (!(e instanceof OpError)) throw e;
      if (e.userMessage === 'signInThrottled') {
        const seconds = /(\d+) s/.exec(e.sysMessage)?.[1] ?? '60';
        return reply.code(429).header('retry-after', seconds).send(e.toBody());
      }
      return reply.code(401).send(e.toBody());
    }
  });
}
