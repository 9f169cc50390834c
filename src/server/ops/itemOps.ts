import { parseId } from '../../shared/ids';
import type { TimelineEvent } from '../../shared/items/TimelineEvent';
import type { Item, ItemData } from '../../shared/items/types';
import { operations } from '../../shared/protocol/operations';
import { OpError } from '../OpError';
import { canCreate, canDelete, canRead, canUpdate } from '../policy/policy';
import type { StateCaller } from '../../shared/items/stateCharts';
import type { Caller } from '../policy/Principal';
import type { ItemRecord } from '../store/ItemRecord';
import { parseIdOrRefuse } from '../store/ItemStore';
import { bindOperation } from './bindOperation';
import type { OpContext, OpRoute } from './OpContext';
import { readTimeline } from './timelineEvents';
import { itemTypes } from '../../shared/itemTypes';
import { readVirtual, virtualTypeOf } from '../search/virtualItems';

export type { TimelineEvent };

/** The organisation a body names as its owner, if any: its own `owner`, never an inherited one. */
const ownerOf = (body: ItemData): string | null => {
  const owner = Object.hasOwn(body, 'owner') ? body.owner : undefined;
  if (typeof owner !== 'object' || owner === null || !Object.hasOwn(owner, 'id')) return null;
  const id = (owner as { id: unknown }).id;
  return typeof id === 'string' && id.startsWith('Organization-') ? id : null;
};

const authorOf = (caller: Caller) => ({ userId: caller?.userId ?? null, masquerader: caller?.masquerader ?? null });

/** The caller as a state chart's guards see them, the same description the browser builds from its session. */
const stateCallerOf = (caller: Caller): StateCaller | null =>
  caller && { userId: caller.userId, admin: caller.admin, capabilities: caller.capabilities, organizations: caller.orgs };

/**
 * The refusal of an item `caller` cannot read, the same whether it exists or not, so that nobody
 * learns which ids exist from the answer (issue 19, finding 8). notAllowed, because a signed-out
 * browser offers to sign in on it (spec 000 §2). Administrators read everything: they hear notFound.
 */
export function unreadable(caller: Caller, id: string): OpError {
  return caller?.admin ? new OpError('notFound', `${id} not found`) : new OpError('notAllowed', `${id} is not there, or not yours to read`);
}

/** The stored item `id` that `caller` may read, or the one refusal for missing and unreadable items. */
export async function readableRecord(ctx: OpContext, id: string): Promise<ItemRecord> {
  const { type } = parseIdOrRefuse(id);
  if (virtualTypeOf(itemTypes, id)) {
    const [view] = await readVirtual(ctx.services.db, itemTypes, ctx.caller, [id]);
    if (!view) throw unreadable(ctx.caller, id);
    return view;
  }
  ctx.services.items.typeOf(type);
  const record = await ctx.services.items.find(id);
  if (!record || !canRead(ctx.caller, record)) throw unreadable(ctx.caller, id);
  return record;
}

/** Runs a change of `id`, answering a missing item as an unreadable one. */
async function changing<T>(ctx: OpContext, id: unknown, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (e) {
    if (e instanceof OpError && e.userMessage === 'notFound') throw unreadable(ctx.caller, String(id));
    throw e;
  }
}

/**
 * `create/User` (administrators only, as the policy says): the User item comes with its account, as
 * an invitation's does, so the person can set a password (forgotten-password mail) and sign in; an
 * e-mail address that already has an account is refused (errors.emailTaken).
 */
async function createUserWithAccount(ctx: OpContext, body: ItemData): Promise<Item> {
  const { name, email, contact, ...properties } = body;
  const contactId = typeof contact === 'object' && contact !== null ? (contact as { id?: unknown }).id : undefined;
  // A contact of another shape goes to the item's checks as it came, and is refused there.
  if (contact !== undefined && contact !== null && typeof contactId !== 'string') properties.contact = contact;
  const userId = await ctx.services.accounts.createUser(
    {
      name: typeof name === 'string' ? name : '',
      email: typeof email === 'string' ? email : '',
      ...(typeof contactId === 'string' ? { contact: contactId } : {}),
      properties,
    },
    ctx.caller?.userId ?? null,
  );
  return ctx.services.items.present(ctx.caller, (await ctx.services.items.find(userId))!);
}

function refuseUnless(allowed: boolean, what: string): void {
  if (!allowed) throw new OpError('notAllowed', `Not allowed to ${what}`);
}

/** Item operations of spec 000 §7: create, read, readAllowed, update, delete, readMany, label; and a state's transitions. */
export const itemOps: OpRoute[] = [
  bindOperation(operations.create, async (ctx, { type }, item) => {
    const def = ctx.services.items.typeOf(type);
    // An Attachment is made only by the upload of its file (/api/upload), for everyone (issue 16).
    refuseUnless(def.name !== 'Attachment', 'create an Attachment: upload its file instead');
    refuseUnless(canCreate(ctx.caller, def, ownerOf(item), item), `create ${type}${ownerOf(item) ? ` owned by ${ownerOf(item)}` : ''}`);
    const { config } = ctx.services;
    if (def.name === 'Contact' && config.restrictContactCreation && !config.dedicated) {
      refuseUnless(!!ctx.caller?.admin, 'create contacts: on this site only administrators do');
    }
    if (def.name === 'User') return createUserWithAccount(ctx, item);
    const record = await ctx.services.items.create(authorOf(ctx.caller), def.name, item, { admin: !!ctx.caller?.admin });
    return ctx.services.items.present(ctx.caller, record);
  }),
  bindOperation(operations.read, async (ctx, { id }) => ctx.services.items.present(ctx.caller, await readableRecord(ctx, id))),
  bindOperation(operations.readAllowed, async (ctx, { id }) => {
    try {
      return await ctx.services.items.present(ctx.caller, await readableRecord(ctx, id));
    } catch (e) {
      if (e instanceof OpError && ['notFound', 'notAllowed'].includes(e.userMessage)) return null;
      throw e;
    }
  }),
  bindOperation(operations.update, async (ctx, _params, item) => {
    const record = await changing(ctx, item.$id, () =>
      ctx.services.items.update(
        authorOf(ctx.caller),
        item,
        (current) => {
          if (!canRead(ctx.caller, current)) throw unreadable(ctx.caller, current.id);
          refuseUnless(canUpdate(ctx.caller, current, item), `update ${current.id}`);
          // Moving an item to another organisation needs the right to create items there.
          const owner = ownerOf(item);
          if (Object.hasOwn(item, 'owner') && owner !== current.ownerOrg && owner !== null) {
            refuseUnless(canCreate(ctx.caller, ctx.services.items.typeOf(current.type), owner), `give ${current.id} to ${owner}`);
          }
        },
        { admin: !!ctx.caller?.admin },
      ),
    );
    return ctx.services.items.present(ctx.caller, record);
  }),
  bindOperation(operations.delete, async (ctx, { id }, body) => {
    const expected = body?._u;
    const record = await changing(ctx, id, () =>
      ctx.services.items.delete(authorOf(ctx.caller), id, (current) => {
        if (!canRead(ctx.caller, current)) throw unreadable(ctx.caller, current.id);
        refuseUnless(canDelete(ctx.caller, current), `delete ${current.id}`);
        if (expected !== undefined && expected !== current.u && !current.deletedAt) {
          throw new OpError('staleUpdate', `${current.id} is at _u ${current.u}, the delete was asked from _u ${expected}`);
        }
      }),
    );
    return ctx.services.items.present(ctx.caller, record);
  }),
  // Who may take a transition is the chart's to say (its guards); the policy only asks that the item be readable.
  bindOperation(operations.transition, async (ctx, { id }, { event, _u }) => {
    const record = await changing(ctx, id, () =>
      ctx.services.items.transition(authorOf(ctx.caller), id, { event, u: _u, caller: stateCallerOf(ctx.caller) }, (current) => {
        if (!canRead(ctx.caller, current)) throw unreadable(ctx.caller, current.id);
      }),
    );
    return ctx.services.items.present(ctx.caller, record);
  }),
  bindOperation(operations.readMany, async (ctx, _params, body) => {
    const ids = [...new Set(body)];
    for (const id of ids) parseIdOrRefuse(id);
    const stored = ids.filter((id) => !virtualTypeOf(itemTypes, id));
    const records = [
      ...(await ctx.services.items.findReadable(ctx.caller, stored)),
      ...(await readVirtual(ctx.services.db, itemTypes, ctx.caller, ids)),
    ];
    const byId = new Map((await ctx.services.items.presentMany(ctx.caller, records)).map((item) => [item.$id, item]));
    // In the order asked for (the database answers in its own).
    const out: Record<string, Item> = {};
    for (const id of ids) {
      const item = byId.get(id);
      if (item) out[id] = item;
    }
    return out;
  }),
  bindOperation(operations.label, async (ctx, { id }) => (await readableRecord(ctx, id)).label),
];

/** Whether `id` names the type watch form `{type}-0`. */
export const isTypeWatchId = (id: string): boolean => {
  try {
    return parseId(id).index === 0;
  } catch {
    return false;
  }
};

/** `timeline/{id}`: the events of an item, oldest first (signed-in readers only). */
export const timelineOp: OpRoute = bindOperation(operations.timeline, async (ctx, { id }) =>
  readTimeline(ctx, await readableRecord(ctx, id)),
);
