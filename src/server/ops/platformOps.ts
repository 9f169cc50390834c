import { compareVersions } from '../../shared/items/formRules';
import type { ItemData } from '../../shared/items/types';
import { operations } from '../../shared/protocol/operations';
import { OpError } from '../OpError';
import { canRead, canUpdate } from '../policy/policy';
import { bindOperation } from './bindOperation';
import { readableRecord } from './itemOps';
import type { OpRoute } from './OpContext';
import { signedInCaller } from './signedInCaller';

/** Properties the switch action may flip: yes/no and single choices. */
const SWITCHABLE = new Set(['BOOL', 'SEL']);

/** What's new, legacy path aliases and the switch action. */
export const platformOps: OpRoute[] = [
  bindOperation(operations.whatsNew, async (ctx, _p, { locale }) => {
    const caller = signedInCaller(ctx);
    const res = await ctx.services.db.query<{ id: string }>(`SELECT i.id FROM items i WHERE i.type = 'WhatsNew' AND i.deleted_at IS NULL`);
    const caps = caller.admin ? null : (await ctx.services.accounts.session(caller, new Date())).capabilities;
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
  }),
  bindOperation(operations.getLegacyPath, async (ctx, _p, { alias }) => {
    const res = await ctx.services.db.query<{ item_id: string }>('SELECT item_id FROM legacy_aliases WHERE alias = $1', [alias]);
    const itemId = res.rows[0]?.item_id;
    if (!itemId) throw new OpError('notFound', `No item has the old path ${alias}`);
    await readableRecord(ctx, itemId);
    return { itemId };
  }),
  bindOperation(operations.setLegacyPath, async (ctx, _p, { alias, itemId }) => {
    if (!signedInCaller(ctx).admin) throw new OpError('notAllowed', 'Only an administrator records old paths');
    await readableRecord(ctx, itemId);
    await ctx.services.db.query(
      'INSERT INTO legacy_aliases (alias, item_id) VALUES ($1, $2) ON CONFLICT (alias) DO UPDATE SET item_id = EXCLUDED.item_id',
      [alias, itemId],
    );
    return { itemId };
  }),
  // The switch action: one property of one item, as a toggle in a list sets it. Last writer wins
  // for that property (there is no form to be stale); a refusal says why, and the client reverts.
  bindOperation(operations.switch, async (ctx, { id }, { prop, value }) => {
    const caller = signedInCaller(ctx);
    const record = await readableRecord(ctx, id);
    const properties = ctx.services.items.typeOf(record.type).properties;
    const def = Object.hasOwn(properties, prop) ? properties[prop] : undefined;
    if (!def || !SWITCHABLE.has(def.kind))
      throw new OpError('validationFailed', `${prop} cannot be switched`, { [prop]: 'errors.notSwitchable' });
    const change: ItemData = { $id: record.id, _u: record.u, [prop]: value };
    const updated = await ctx.services.items.update(
      { userId: caller.userId, masquerader: caller.masquerader },
      change,
      (current) => {
        if (!canUpdate(ctx.caller, current)) throw new OpError('notAllowed', `Not allowed to change ${current.id}`);
        change._u = current.u;
      },
      { admin: caller.admin },
    );
    return ctx.services.items.present(ctx.caller, updated);
  }),
];
