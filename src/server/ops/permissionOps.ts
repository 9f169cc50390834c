import { MEMBERSHIP_CAPABILITIES } from '../../shared/admin/SiteOwner';
import { ORG_WRITE } from '../../shared/capabilities';
import { isCompleteId, isValidId, parseId } from '../../shared/ids';
import { operations } from '../../shared/protocol/operations';
import { OpError } from '../OpError';
import { allowedActions, canGrant, canRead } from '../policy/policy';
import type { Principal } from '../policy/Principal';
import type { Grant } from '../store/ItemRecord';
import { bindOperation } from './bindOperation';
import { mayCreateSomewhere } from './createAllowed';
import { signedInCaller } from './signedInCaller';
import { unreadable } from './itemOps';
import type { OpContext, OpRoute } from './OpContext';
import { requireMemberManager } from './ownerOps';

const requireAdmin = (ctx: OpContext): Principal => {
  if (!ctx.caller?.admin) throw new OpError('notAllowed', 'Only an administrator may do this');
  return ctx.caller;
};

/** An owner-organisation writer sets membership capabilities only, and never drops their own `write`. */
const checkWriterChange = (caller: Principal, userId: string, capabilities: Record<string, boolean>): void => {
  const unknown = Object.keys(capabilities).filter((c) => !MEMBERSHIP_CAPABILITIES.includes(c));
  if (unknown.length > 0) throw new OpError('notAllowed', `Not membership capabilities: ${unknown.join(', ')}`);
  if (userId === caller.userId && capabilities[ORG_WRITE] !== true)
    throw new OpError('notAllowed', 'A writer cannot remove their own write');
};

/** Permission operations of spec 000 §6 and §7, and the administration of memberships and grants. */
export const permissionOps: OpRoute[] = [
  bindOperation(operations.isAllowed, async (ctx, _p, { id, actions }) => {
    // Virtual ids (vgn-...) name things that are not items, open to every action.
    if (id.startsWith('vgn-')) return { allowed: Object.fromEntries(actions.map((a) => [a, true])), applyGrants: false };
    // `Type-0` names a type's create form: `create` is the one action it may be asked; any other still needs a complete id.
    if (isValidId(id) && parseId(id).index === 0 && actions.every((a) => a === 'create')) {
      const creates = mayCreateSomewhere(ctx.caller, ctx.services.items.typeOf(parseId(id).type), ctx.services.config);
      return { allowed: { create: creates }, applyGrants: false };
    }
    if (!isCompleteId(id)) throw new OpError('invalidId', 'isAllowed callers must pass a complete id (with its number)');
    const record = await ctx.services.items.find(id);
    // A missing item answers as one the caller may do nothing with (issue 19, finding 8).
    if (!record) {
      if (ctx.caller?.admin) throw unreadable(ctx.caller, id);
      return { allowed: Object.fromEntries(actions.map((a) => [a, false])), applyGrants: false };
    }
    // Grants are never applied to the user's own User and Contact items.
    const me = ctx.caller ? await ctx.services.items.find(ctx.caller.userId) : null;
    const contact = me && Object.hasOwn(me.data, 'contact') ? (me.data.contact as { id?: unknown } | null)?.id : undefined;
    const own = !!me && (record.id === me.id || contact === record.id);
    return { allowed: allowedActions(ctx.caller, record, actions), applyGrants: !own && canGrant(ctx.caller, record) };
  }),
  bindOperation(operations.getGrantedBy, async (ctx, _p, { grantsFor }) => {
    const result: Record<string, Record<string, Omit<Grant, 'grantedBy'>[]>> = {};
    for (const record of await ctx.services.items.findMany(grantsFor.ids.filter(isValidId))) {
      if (record.type !== grantsFor.type || !canRead(ctx.caller, record) || !canGrant(ctx.caller, record)) continue;
      const byGranter: Record<string, Omit<Grant, 'grantedBy'>[]> = {};
      for (const g of record.grants) (byGranter[g.grantedBy] ??= []).push({ grantee: g.grantee, actions: g.actions });
      result[record.id] = byGranter;
    }
    return { result };
  }),
  bindOperation(operations.grant, async (ctx, _p, { id, grantee, actions, grantedBy }) => {
    const caller = signedInCaller(ctx);
    if (!(await ctx.services.items.find(grantee))) throw new OpError('notFound', `${grantee} not found`);
    const grant: Grant = { grantee, actions: [...new Set(actions)], grantedBy: grantedBy ?? caller.userId };
    const record = await ctx.services.items.setGrant({ userId: caller.userId, masquerader: caller.masquerader }, id, grant, (current) => {
      if (!canGrant(ctx.caller, current)) throw new OpError('notAllowed', `Not allowed to change the grants of ${current.id}`);
    });
    return ctx.services.items.present(ctx.caller, record);
  }),
  bindOperation(operations.filterByPerm, async (ctx, _p, { subject, chain, grantedBy }) => {
    // Users ask about themselves; administrators may ask about anyone.
    let who: Principal = signedInCaller(ctx);
    if (subject && subject !== who.userId) {
      requireAdmin(ctx);
      const other = await ctx.services.accounts.principal(subject, null, null);
      if (!other) throw new OpError('notFound', `${subject} has no account`);
      who = other;
    }
    const records = await ctx.services.items.findMany(chain.filter(isValidId));
    const results = records
      .map((r) => (grantedBy ? { ...r, grants: r.grants.filter((g) => g.grantedBy === grantedBy) } : r))
      .filter((r) => canRead(who, r))
      .map((r) => r.id);
    return { results: chain.filter((id) => results.includes(id)) };
  }),
  bindOperation(operations.rolesAvailable, async () => [...MEMBERSHIP_CAPABILITIES]),
  bindOperation(operations.setMembership, async (ctx, _p, { userId, orgId, capabilities }) => {
    // Administrators, and the writers of a dedicated site's owner organisation for that organisation only.
    await requireMemberManager(ctx, orgId);
    const caller = signedInCaller(ctx);
    if (!caller.admin) checkWriterChange(caller, userId, capabilities);
    await ctx.services.accounts.setMembership(userId, orgId, capabilities);
    return null;
  }),
  bindOperation(operations.removeMembership, async (ctx, _p, { userId, orgId }) => {
    await requireMemberManager(ctx, orgId);
    const caller = signedInCaller(ctx);
    if (!caller.admin && userId === caller.userId) throw new OpError('notAllowed', 'A writer cannot remove their own membership');
    await ctx.services.accounts.removeMembership(userId, orgId);
    return null;
  }),
  bindOperation(operations.setCapabilities, async (ctx, _p, { userId, capabilities }) => {
    requireAdmin(ctx);
    await ctx.services.accounts.setCapabilities(userId, capabilities);
    return null;
  }),
  bindOperation(operations.masquerade, async (ctx, _p, { targetUserID, stop }) => {
    const caller = signedInCaller(ctx);
    const issued = stop
      ? await ctx.services.accounts.stopMasquerade(caller)
      : targetUserID
        ? await ctx.services.accounts.startMasquerade(caller, targetUserID)
        : null;
    if (!issued) throw new OpError('parseRequestFailed', 'masquerade takes {targetUserID} or {stop: true}');
    return { newToken: issued.token, expires: issued.expiresAt.toISOString() };
  }),
];
