import type { FastifyInstance } from 'fastify';
import { OpError } from '../OpError';
import { LOV_LIST_NAME, LOV_LOCALE, LOV_OWNER, listValues } from '../lov/listValues';
import type { Services } from '../services';
import { callerOf } from './bearer';

// One locale pattern for every public route.
const LOCALE = LOV_LOCALE;
/**
 * How long /healthz waits for the database before answering that it is busy: well inside a 1 s probe
 * time-out, leaving half of it for the request itself on a loaded machine (at 800 ms a CI run once
 * answered after the probe's second).
 */
const HEALTH_DB_WAIT_MS = 500;

/** /healthz, GET /locale-overrides/{lang}, GET /lov/{locale}/{listName}[/{owner}]. */
export function registerPublicRoutes(app: FastifyInstance, services: Services): void {
  app.get('/healthz', async (_request, reply) => {
    // Answers in time even while a statement holds the database (until the statement time-out
    // stops it): busy is a 503 a load balancer can act on, not a hung probe (issue 19).
    let timer: NodeJS.Timeout | undefined;
    const busy = new Promise<'busy'>((resolve) => (timer = setTimeout(() => resolve('busy'), HEALTH_DB_WAIT_MS)));
    try {
      const answer = await Promise.race([services.db.query('SELECT 1').then(() => 'ok' as const), busy]);
      if (answer === 'busy') return reply.code(503).send({ status: 'busy', database: services.db.driver });
      return { status: 'ok', database: services.db.driver, version: services.config.version };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: services.db.driver });
    } finally {
      clearTimeout(timer);
    }
  });

  app.get<{ Params: { lang: string } }>('/locale-overrides/:lang', async (request, reply) => {
    const { lang } = request.params;
    if (!LOCALE.test(lang)) return reply.code(400).send(new OpError('parseRequestFailed', `Unknown locale ${lang}`).toBody());
    const res = await services.db.query<{ key: string; message: string }>(
      'SELECT key, message FROM locale_overrides WHERE lang = $1 ORDER BY key',
      [lang],
    );
    reply.header('cache-control', 'no-cache');
    return Object.fromEntries(res.rows.map((r) => [r.key, r.message]));
  });

  const lov = async (
    request: { params: { locale: string; listName: string; owner?: string } } & Parameters<typeof callerOf>[0],
    reply: { code(n: number): { send(b: unknown): unknown } },
  ): Promise<unknown> => {
    const { locale, listName, owner } = request.params;
    if (!LOCALE.test(locale) || !LOV_LIST_NAME.test(listName) || (owner !== undefined && !LOV_OWNER.test(owner))) {
      return reply.code(400).send(new OpError('parseRequestFailed', 'GET /lov/{locale}/{LIST_NAME}[/{Organization-n}]').toBody());
    }
    let caller;
    try {
      caller = await callerOf(request, services);
    } catch (e) {
      if (e instanceof OpError) return reply.code(401).send(e.toBody());
      throw e;
    }
    return listValues(services.db, caller, { locale, listName, owner });
  };
  app.get<{ Params: { locale: string; listName: string } }>('/lov/:locale/:listName', (req, reply) => lov(req, reply));
  app.get<{ Params: { locale: string; listName: string; owner: string } }>('/lov/:locale/:listName/:owner', (req, reply) =>
    lov(req, reply),
  );
}
