import * as yup from 'yup';
import { compareVersions } from '../../shared/items/formRules';
import type { ItemData } from '../../shared/items/types';
import { OpError } from '../OpError';
import { canRead, canUpdate } from '../policy/policy';
import { readableRecord } from './itemOps';
import type { OpRoute } from './OpContext';

/** Properties the switch action may flip: yes/no and single choices. */
const SWITCHABLE = new Set(['BOOL', 'SEL']);

/** What's new, legacy path aliases and the switch action. */
export const platformOps: OpRoute[] = [
  {
    pattern: 'act/whatsNew',
    signedIn: true,
    body: yup.object({ locale: yup.string().matches(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/).required() }),
    handler: async (ctx, _p, body) => {
      const { locale } = body as { locale: string };
      const res = await ctx.services.db.query<{ id: string }>(`SELECT i.id FROM items i WHERE i.type = 'WhatsNew' AND i.deleted_at IS NULL`);
      const caps = ctx.caller!.admin ? null : (await ctx.services.accounts.session(ctx.caller!, new Date())).capabilities;
      const entries = (await ctx.services.items.findMany(res.rows.map((r) => r.id)))
        .filter((r) => canRead(ctx.caller, r))
        .filter((r) => !r.data.capability || caps === null || caps[String(r.data.capability)] === true);
      // One entry per version and title: the caller's locale, else its language, else English.
      const lang = locale.split('-')[0]!;
      const rank = (l: unknown): number => (l === locale ? 0 : l === lang ? 1 : l === 'en' ? 2 : 3);
      const best = new Map<string, (typeof entries)[number]>();
      for (const r of entries) {
        if (rank(r.data.locale) === 3) continue;
        const key = `${String(r.data.version)}|${String(r.data.capability ?? '')}|${String(r.data.title)}`;
        const held = best.get(key);
        if (!held || rank(r.data.locale) < rank(held.data.locale)) best.set(key, r);
      }
      const chosen = [...best.values()].sort((a, b) => compareVersions(String(b.data.version), String(a.data.version)) || b.idx - a.idx);
      return ctx.services.items.presentMany(ctx.caller, chosen);
    },
  },
  {
    pattern: 'act/getLegacyPath',
    body: yup.object({ alias: yup.string().max(2000).required() }),
    handler: async (ctx, _p, body) => {
      const { alias } = body as { alias: string };
      const res = await ctx.services.db.query<{ item_id: string }>('SELECT item_id FROM legacy_aliases WHERE alias = $1', [alias]);
      const itemId = res.rows[0]?.item_id;
      if (!itemId) throw new OpError('notFound', `No item has the old path ${alias}`);
      await readableRecord(ctx, itemId);
      return { itemId };
    },
  },
  {
    pattern: 'act/setLegacyPath',
    signedIn: true,
    body: yup.object({ alias: yup.string().max(2000).required(), itemId: yup.string().required() }),
    handler: async (ctx, _p, body) => {
      if (!ctx.caller!.admin) throw new OpError('notAllowed', 'Only an administrator records old paths');
      const { alias, itemId } = body as { alias: string; itemId: string };
      await readableRecord(ctx, itemId);
      await ctx.services.db.query(
        'INSERT INTO legacy_aliases (alias, item_id) VALUES ($1, $2) ON CONFLICT (alias) DO UPDATE SET item_id = EXCLUDED.item_id',
        [alias, itemId],
      );
      return { itemId };
    },
  },
  {
    // The switch action: one property of one item, as a toggle in a list sets it. Last writer wins
    // for that property (there is no form to be stale); a refusal says why, and the client reverts.
    pattern: 'switch/:id',
    signedIn: true,
    body: yup.object({ prop: yup.string().required(), value: yup.mixed().defined() }),
    handler: async (ctx, { id }, body) => {
      const { prop, value } = body as { prop: string; value: unknown };
      const record = await readableRecord(ctx, id!);
      const def = ctx.services.items.typeOf(record.type).properties[prop];
      if (!def || !SWITCHABLE.has(def.kind)) throw new OpError('validationFailed', `${prop} cannot be switched`, { [prop]: 'errors.notSwitchable' });
      const change: ItemData = { $id: record.id, _u: record.u, [prop]: value };
      const updated = await ctx.services.items.update(
        { userId: ctx.caller!.userId, masquerader: ctx.caller!.masquerader },
        change,
        (current) => {
          if (!canUpdate(ctx.caller, current)) throw new OpError('notAllowed', `Not allowed to change ${current.id}`);
          change._u = current.u;
        },
        { admin: ctx.caller!.admin },
      );
      return ctx.services.items.present(ctx.caller, updated);
    },
  },
];
