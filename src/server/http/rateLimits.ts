import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One per-address limit: at most `max` requests per `minutes`. */
export interface AddressLimit {
  max: number;
  minutes: number;
}

/**
 * Per-address limits of the routes an anonymous caller can hammer. They are set well above what
 * an office sharing one address does (tokens last two weeks, so its people sign in now and then,
 * and an anonymous reader's page takes a few dozen calls), and low enough that one address cannot
 * keep the server busy with password hashing, mail or anonymous queries. Per process: several
 * processes behind a balancer each allow this much (the sign-in throttle in the database is the
 * guard that holds across processes).
 */
export const ADDRESS_LIMITS = {
  signIn: { max: 120, minutes: 1 },
  register: { max: 20, minutes: 1 },
  forgotPassword: { max: 20, minutes: 1 },
  setPassword: { max: 30, minutes: 1 },
  confirmEmail: { max: 30, minutes: 1 },
  /** The default of ANONYMOUS_REQUESTS_PER_MINUTE (ServerConfig.anonymousRequestsPerMinute). */
  anonymousItem: { max: 3000, minutes: 1 },
} as const satisfies Record<string, AddressLimit>;

/** The route option that applies `limit` (Fastify route `config`). */
export const rateLimitConfig = (limit: AddressLimit): { rateLimit: { max: number; timeWindow: number } } => ({
  rateLimit: { max: limit.max, timeWindow: limit.minutes * 60_000 },
});

/** A refusal of the rate limiter, turned into `{userMessage: 'tooManyRequests'}` by the error handler. */
class TooManyRequests extends Error {
  readonly statusCode = 429;
}

/**
 * Registers @fastify/rate-limit for routes that ask for it (`config: rateLimitConfig(...)`), keyed
 * by the caller's address as Fastify reckons it: X-Forwarded-For counts only from TRUST_PROXY, so a
 * forged header cannot give an attacker fresh addresses. Answers 429 with Retry-After. Anonymous
 * POST /api/item is limited here too, as its route belongs to the item routes; signed-in callers
 * have the per-socket and per-token limits instead.
 */
export async function registerRateLimits(app: FastifyInstance, anonymousRequestsPerMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: (_request, context) => new TooManyRequests(`Too many requests from this address; try again in ${context.after}`),
  });
  const anonymousItem = app.rateLimit(rateLimitConfig({ max: anonymousRequestsPerMinute, minutes: 1 }).rateLimit);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'POST' && request.url.split('?')[0] === '/api/item' && !request.headers.authorization) {
      await anonymousItem.call(app, request, reply);
    }
  });
}
