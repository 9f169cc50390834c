import type { FastifyInstance } from 'fastify';
import { OpError } from '../OpError';
import { readPredicate } from '../policy/policy';
import type { Services } from '../services';
import { callerOf } from './bearer';

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const LIST_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

/** One value of a list as GET /lov answers it. */
interface LovEntry {
  id: string;
  key: string;
  label: string;
}

/** /healthz, GET /locale-overrides/{lang}, GET /lov/{locale}/{listName}[/{owner}]. */
export function registerPublicRoutes(app: FastifyInstance, services: Services): void {
  app.get('/healthz', async (_request, reply) => {
    try {
      await services.db.query('SELECT 1');
      return { status: 'ok', database: services.db.driver, version: services.config.version };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: services.db.driver });
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
    if (!LOCALE.test(locale) || !LIST_NAME.test(listName) || (owner !== undefined && !/^Organization-\d+$/.test(owner))) {
      return reply.code(400).send(new OpError('parseRequestFailed', 'GET /lov/{locale}/{LIST_NAME}[/{Organization-n}]').toBody());
    }
    let caller;
    try {
      caller = await callerOf(request, services);
    } catch (e) {
      if (e instanceof OpError) return reply.code(401).send(e.toBody());
      throw e;
    }
    const params: unknown[] = [listName];
    let where = `i.type = 'LOVValue' AND i.deleted_at IS NULL AND i.data->>'list' = $1 AND COALESCE(i.data->>'state', 'ACTIVE') = 'ACTIVE'`;
    if (owner) {
      params.push(owner);
      where += ` AND i.owner_org = $${params.length}`;
    }
    where += ` AND ${readPredicate(caller, params)}`;
    const res = await services.db.query<{ id: string; owner_org: string | null; data: Record<string, unknown> | string }>(
      `SELECT i.id, i.owner_org, i.data FROM items i WHERE ${where}`,
      params,
    );
    const lang = locale.split('-')[0]!;
    const out: Record<string, LovEntry[]> = {};
    for (const row of res.rows) {
      const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
      const t = (data.t ?? {}) as Record<string, string>;
      const key = String(data.key);
      const entry: LovEntry = { id: row.id, key, label: t[locale] ?? t[lang] ?? t.en ?? key };
      (out[row.owner_org ?? '_'] ??= []).push(entry);
    }
    for (const list of Object.values(out)) list.sort((a, b) => a.label.localeCompare(b.label, locale));
    return out;
  };
  app.get<{ Params: { locale: string; listName: string } }>('/lov/:locale/:listName', (req, reply) => lov(req, reply));
  app.get<{ Params: { locale: string; listName: string; owner: string } }>('/lov/:locale/:listName/:owner', (req, reply) => lov(req, reply));
}
