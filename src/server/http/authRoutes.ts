import type { FastifyInstance, FastifyReply } from 'fastify';
import { TOKEN_HEADER } from '../../shared/constants';
import { OpError } from '../OpError';
import type { Services } from '../services';
import { ADDRESS_LIMITS, rateLimitConfig } from './rateLimits';

/** Largest sign-in body, in bytes. */
const SIGN_IN_BODY_LIMIT = 16 * 1024;

const STATUS: Partial<Record<string, number>> = {
  validationFailed: 400,
  linkExpired: 400,
  registrationClosed: 403,
  parseRequestFailed: 400,
};

/** Puts a new token on the answer, which no cache may keep. */
function sendToken(reply: FastifyReply, token: string): void {
  reply.header(TOKEN_HEADER, token).header('cache-control', 'no-store');
}

/** Answers an OpError with its status and body; rethrows anything else. */
function refuse(reply: FastifyReply, e: unknown): FastifyReply {
  if (!(e instanceof OpError)) throw e;
  return reply.code(STATUS[e.userMessage] ?? 400).send(e.toBody());
}

/**
 * The account routes: POST /api/sign-in `{email, password}` (200 with the token in `x-vgn-token`,
 * else 401 or 429), /api/register, /api/forgot-password, /api/set-pass and /api/confirm-email.
 */
export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  app.post('/api/sign-in', { bodyLimit: SIGN_IN_BODY_LIMIT, config: rateLimitConfig(ADDRESS_LIMITS.signIn) }, async (request, reply) => {
    const body = request.body as { email?: unknown; password?: unknown } | null;
    if (
      !body ||
      typeof body.email !== 'string' ||
      typeof body.password !== 'string' ||
      body.email.length > 320 ||
      body.password.length > 1024
    ) {
      return reply.code(400).send({ userMessage: 'parseRequestFailed', sysMessage: 'sign-in needs {email, password} as strings' });
    }
    try {
      const { token, expiresAt } = await services.accounts.signIn(body.email, body.password, request.ip);
      sendToken(reply, token);
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

  type Body = Record<string, unknown> | null;

  app.post('/api/register', { bodyLimit: SIGN_IN_BODY_LIMIT, config: rateLimitConfig(ADDRESS_LIMITS.register) }, async (request, reply) => {
    if (!services.config.allowRegistration) {
      return refuse(
        reply,
        new OpError('registrationClosed', 'This site does not take registrations; ask an administrator for an invitation'),
      );
    }
    const body = request.body as Body;
    try {
      await services.accounts.register(body?.name, body?.email, body?.password);
      return { ok: true };
    } catch (e) {
      return refuse(reply, e);
    }
  });

  app.post(
    '/api/forgot-password',
    { bodyLimit: SIGN_IN_BODY_LIMIT, config: rateLimitConfig(ADDRESS_LIMITS.forgotPassword) },
    async (request) => {
      // The same answer whether or not the address has an account, so it cannot be used to find accounts.
      await services.accounts.requestPasswordReset((request.body as Body)?.email);
      return { ok: true };
    },
  );

  app.post(
    '/api/set-pass',
    { bodyLimit: SIGN_IN_BODY_LIMIT, config: rateLimitConfig(ADDRESS_LIMITS.setPassword) },
    async (request, reply) => {
      const body = request.body as Body;
      try {
        const { token, expiresAt } = await services.accounts.setPassword(body?.token, body?.password);
        sendToken(reply, token);
        return { expires: expiresAt.toISOString() };
      } catch (e) {
        return refuse(reply, e);
      }
    },
  );

  app.post(
    '/api/confirm-email',
    { bodyLimit: SIGN_IN_BODY_LIMIT, config: rateLimitConfig(ADDRESS_LIMITS.confirmEmail) },
    async (request, reply) => {
      try {
        await services.accounts.confirmEmail((request.body as Body)?.token);
        return { ok: true };
      } catch (e) {
        return refuse(reply, e);
      }
    },
  );
}
