import { parseId } from '../../shared/ids';
import type { Item, ItemData } from '../../shared/items/types';
import { createBody, deleteBody, readManyBody, updateBody } from '../../shared/protocol/requestSchemas';
import { OpError } from '../OpError';
import { canCreate, canDelete, canRead, canUpdate } from '../policy/policy';
import type { Caller } from '../policy/Principal';
import type { ItemRecord } from '../store/ItemRecord';
import { parseIdOrRefuse } from '../store/ItemStore';
import type { OpContext, OpRoute } from './OpContext';

/** The organisation a body names as its owner, if any: its own `owner`, never an inherited one. */
const ownerOf = (body: ItemData): string | null => {
  const owner = Object.hasOwn(body, 'owner') ? body.owner : undefined;
  if (typeof owner !== 'object' || owner === null || !Object.hasOwn(owner, 'id')) return null;
  const id = (owner as { id: unknown }).id;
  return typeof id === 'string' && id.startsWith('Organization-') ? id : null;
};

const authorOf = (caller: Caller) => ({ userId: caller?.userId ?? null, masquerader: caller?.masquerader ?? null });

/** The stored item `id` that `caller` may read, or a notFound / notAllowed refusal. */
export async function readableRecord(ctx: OpContext, id: string): Promise<ItemRecord> {
  const { type } = parseIdOrRefuse(id);
  if (!ctx.services.items.typeOf(type)) throw new OpError('unknownType', `Unknown item type ${type}`);
  const record = await ctx.services.items.find(id);
  if (!record) throw new OpError('notFound', `${id} not found`);
  if (!canRead(ctx.caller, record)) throw new OpError('notAllowed', `Not allowed to read ${id}`);
  return record;
}

function refuseUnless(allowed: boolean, what: string): void {
  if (!allowed) throw new OpError('notAllowed', `Not allowed to ${what}`);
}

/** Item operations of spec 000 §7: create, read, readAllowed, update, delete, readMany, label. */
export const itemOps: OpRoute[] = [
  {
    pattern: 'create/:type',
    signedIn: true,
    body: createBody,
    handler: async (ctx, { type }, body) => {
      const def = ctx.services.items.typeOf(type!);
      const item = body as ItemData;
      refuseUnless(canCreate(ctx.caller, def, ownerOf(item)), `create ${type}${ownerOf(item) ? ` owned by ${ownerOf(item)}` : ''}`);
      const { config } = ctx.services;
      if (def.name === 'Contact' && config.restrictContactCreation && !config.dedicated) {
        refuseUnless(!!ctx.caller?.admin, 'create contacts: on this site only administrators do');
      }
      const record = await ctx.services.items.create(authorOf(ctx.caller), def.name, item, {
        admin: !!ctx.caller?.admin,
      });
      return ctx.services.items.present(ctx.caller, record);
    },
  },
  {
    pattern: 'read/:id',
    handler: async (ctx, { id }) => ctx.services.items.present(ctx.caller, await readableRecord(ctx, id!)),
  },
  {
    pattern: 'readAllowed/:id',
    handler: async (ctx, { id }) => {
      try {
        return await ctx.services.items.present(ctx.caller, await readableRecord(ctx, id!));
      } catch (e) {
        if (e instanceof OpError && ['notFound', 'notAllowed'].includes(e.userMessage)) return null;
        throw e;
      }
    },
  },
  {
    pattern: 'update',
    signedIn: true,
    body: updateBody,
    handler: async (ctx, _params, body) => {
      const item = body as ItemData;
      const record = await ctx.services.items.update(
        authorOf(ctx.caller),
        item,
        (current) => {
          if (!canRead(ctx.caller, current)) throw new OpError('notAllowed', `Not allowed to read ${current.id}`);
          refuseUnless(canUpdate(ctx.caller, current), `update ${current.id}`);
          // Moving an item to another organisation needs the right to create items there.
          const owner = ownerOf(item);
          if (Object.hasOwn(item, 'owner') && owner !== current.ownerOrg && owner !== null) {
            refuseUnless(canCreate(ctx.caller, ctx.services.items.typeOf(current.type), owner), `give ${current.id} to ${owner}`);
          }
        },
        { admin: !!ctx.caller?.admin },
      );
      return ctx.services.items.present(ctx.caller, record);
    },
  },
  {
    pattern: 'delete/:id',
    signedIn: true,
    body: deleteBody,
    handler: async (ctx, { id }, body) => {
      const expected = (body as { _u?: number } | undefined)?._u;
      const record = await ctx.services.items.delete(authorOf(ctx.caller), id!, (current) => {
        if (!canRead(ctx.caller, current)) throw new OpError('notAllowed', `Not allowed to read ${current.id}`);
        refuseUnless(canDelete(ctx.caller, current), `delete ${current.id}`);
        if (expected !== undefined && expected !== current.u && !current.deletedAt) {
          throw new OpError('staleUpdate', `${current.id} is at _u ${current.u}, the delete was asked from _u ${expected}`);
        }
      });
      return ctx.services.items.present(ctx.caller, record);
    },
  },
  {
    pattern: 'readMany/object',
    body: readManyBody,
    handler: async (ctx, _params, body) => {
      const ids = [...new Set(body as string[])];
      for (const id of ids) parseIdOrRefuse(id);
      const records = await ctx.services.items.findReadable(ctx.caller, ids);
      const items = await ctx.services.items.presentMany(ctx.caller, records);
      const out: Record<string, Item> = {};
      for (const item of items) out[item.$id] = item;
      return out;
    },
  },
  {
    pattern: 'label/:id',
    handler: async (ctx, { id }) => (await readableRecord(ctx, id!)).label,
  },
];

/** Whether `id` names the type watch form `{type}-0`. */
export const isTypeWatchId = (id: string): boolean => {
  try {
    return parseId(id).index === 0;
  } catch {
    return false;
  }
};

/** One entry of an item's timeline. */
export interface TimelineEvent {
  kind: string;
  u: number;
  ts: string;
  by: string | null;
  masquerader: string | null;
  changed: string[];
}

/** `timeline/{id}`: the events of an item, oldest first (signed-in readers only). */
export const timelineOp: OpRoute = {
  pattern: 'timeline/:id',
  signedIn: true,
  handler: async (ctx, { id }) => {
    const record = await readableRecord(ctx, id!);
    const res = await ctx.services.db.query<{ kind: string; u: number; ts: Date | string; by_user: string | null; masquerader: string | null; changed: string[] }>(
      'SELECT kind, u, ts, by_user, masquerader, changed FROM events WHERE item_id = $1 ORDER BY id',
      [record.id],
    );
    return res.rows.map((r): TimelineEvent => ({
      kind: r.kind, u: r.u, ts: new Date(r.ts).toISOString(), by: r.by_user, masquerader: r.masquerader, changed: r.changed,
    }));
  },
};
