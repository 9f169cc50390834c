import * as yup from 'yup';
import { MEMBERSHIP_CAPABILITIES } from '../../shared/admin/SiteOwner';
import { ITEM_ACTIONS, ORG_WRITE } from '../../shared/capabilities';
import { isCompleteId, isValidId } from '../../shared/ids';
import { OpError } from '../OpError';
import { allowedActions, canGrant, canRead } from '../policy/policy';
import type { Principal } from '../policy/Principal';
import type { Grant } from '../store/ItemRecord';
import type { OpContext, OpRoute } from './OpContext';
import { requireMemberManager } from './ownerOps';

const idList = yup.array(yup.string().required()).max(1000);
const capabilityMap = yup
  .mixed<Record<string, boolean>>()
  .test('caps', 'capabilities must map names to true or false', (v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'boolean'));

const requireAdmin = (ctx: OpContext): Principal => {
  if (!ctx.caller?.admin) throw new OpError('notAllowed', 'Only an administrator may do this');
  return ctx.caller;
};

/** An owner-organisation writer sets membership capabilities only, and never drops their own `write`. */
const checkWriterChange = (caller: Principal, userId: string, capabilities: Record<string, boolean>): void => {
  const unknown = Object.keys(capabilities).filter((c) => !MEMBERSHIP_CAPABILITIES.includes(c));
  if (unknown.length > 0) throw new OpError('notAllowed', `Not membership capabilities: ${unknown.join(', ')}`);
  if (userId === caller.userId && capabilities[ORG_WRITE] !== true) throw new OpError('notAllowed', 'A writer cannot remove their own write');
};

/** Permission operations of spec 000 §6 and §7, and the administration of memberships and grants. */
export const permissionOps: OpRoute[] = [
  {
    pattern: 'act/isAllowed',
    body: yup.object({ id: yup.string().required(), actions: yup.array(yup.string().required()).min(1).max(20).required() }),
    handler: async (ctx, _p, body) => {
      const { id, actions } = body as { id: string; actions: string[] };
      // Virtual ids (vgn-...) name things that are not items, open to every action.
      if (id.startsWith('vgn-')) return { allowed: Object.fromEntries(actions.map((a) => [a, true])), applyGrants: false };
      if (!isCompleteId(id)) throw new OpError('invalidId', 'isAllowed callers must pass a complete id (with its number)');
      const record = await ctx.services.items.find(id);
      if (!record) throw new OpError('notFound', `${id} not found`);
      // Grants are never applied to the user's own User and Contact items.
      const me = ctx.caller ? await ctx.services.items.find(ctx.caller.userId) : null;
      const own = !!me && (record.id === me.id || (me.data.contact as { id?: string } | undefined)?.id === record.id);
      return { allowed: allowedActions(ctx.caller, record, actions), applyGrants: !own && canGrant(ctx.caller, record) };
    },
  },
  {
    pattern: 'act/getGrantedBy',
    signedIn: true,
    body: yup.object({ grantsFor: yup.object({ type: yup.string().required(), ids: idList.required() }).required() }),
    handler: async (ctx, _p, body) => {
      const { grantsFor } = body as { grantsFor: { type: string; ids: string[] } };
      const result: Record<string, Record<string, Omit<Grant, 'grantedBy'>[]>> = {};
      for (const record of await ctx.services.items.findMany(grantsFor.ids.filter(isValidId))) {
        if (record.type !== grantsFor.type || !canRead(ctx.caller, record) || !canGrant(ctx.caller, record)) continue;
        const byGranter: Record<string, Omit<Grant, 'grantedBy'>[]> = {};
        for (const g of record.grants) (byGranter[g.grantedBy] ??= []).push({ grantee: g.grantee, actions: g.actions });
        result[record.id] = byGranter;
      }
      return { result };
    },
  },
  {
    pattern: 'act/grant',
    signedIn: true,
    body: yup.object({
      id: yup.string().required(),
      grantee: yup.string().required(),
      actions: yup.array(yup.string().oneOf([...ITEM_ACTIONS]).required()).required(),
      grantedBy: yup.string().max(200),
    }),
    handler: async (ctx, _p, body) => {
      const { id, grantee, actions, grantedBy } = body as { id: string; grantee: string; actions: string[]; grantedBy?: string };
      if (!/^(User|Organization)-\d+$/.test(grantee)) throw new OpError('invalidId', 'A grant goes to a User or an Organization');
      if (!(await ctx.services.items.find(grantee))) throw new OpError('notFound', `${grantee} not found`);
      const grant: Grant = { grantee, actions: [...new Set(actions)], grantedBy: grantedBy ?? ctx.caller!.userId };
      const record = await ctx.services.items.setGrant(
        { userId: ctx.caller!.userId, masquerader: ctx.caller!.masquerader },
        id,
        grant,
        (current) => {
          if (!canGrant(ctx.caller, current)) throw new OpError('notAllowed', `Not allowed to change the grants of ${current.id}`);
        },
      );
      return ctx.services.items.present(ctx.caller, record);
    },
  },
  {
    pattern: 'act/filterByPerm',
    signedIn: true,
    body: yup.object({ subject: yup.string(), chain: idList.required(), grantedBy: yup.string() }),
    handler: async (ctx, _p, body) => {
      const { subject, chain, grantedBy } = body as { subject?: string; chain: string[]; grantedBy?: string };
      // Users ask about themselves; administrators may ask about anyone.
      let who: Principal = ctx.caller!;
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
    },
  },
  {
    pattern: 'act/rolesAvailable',
    signedIn: true,
    handler: async () => [...MEMBERSHIP_CAPABILITIES],
  },
  {
    pattern: 'act/setMembership',
    signedIn: true,
    body: yup.object({ userId: yup.string().required(), orgId: yup.string().required(), capabilities: capabilityMap.required() }),
    handler: async (ctx, _p, body) => {
      const { userId, orgId, capabilities } = body as { userId: string; orgId: string; capabilities: Record<string, boolean> };
      // Administrators, and the writers of a dedicated site's owner organisation for that organisation only.
      await requireMemberManager(ctx, orgId);
      if (!ctx.caller!.admin) checkWriterChange(ctx.caller!, userId, capabilities);
      await ctx.services.accounts.setMembership(userId, orgId, capabilities);
      return null;
    },
  },
  {
    pattern: 'act/removeMembership',
    signedIn: true,
    body: yup.object({ userId: yup.string().required(), orgId: yup.string().required() }),
    handler: async (ctx, _p, body) => {
      const { userId, orgId } = body as { userId: string; orgId: string };
      await requireMemberManager(ctx, orgId);
      if (!ctx.caller!.admin && userId === ctx.caller!.userId) throw new OpError('notAllowed', 'A writer cannot remove their own membership');
      await ctx.services.accounts.removeMembership(userId, orgId);
      return null;
    },
  },
  {
    pattern: 'act/setCapabilities',
    signedIn: true,
    body: yup.object({ userId: yup.string().required(), capabilities: capabilityMap.required() }),
    handler: async (ctx, _p, body) => {
      requireAdmin(ctx);
      const { userId, capabilities } = body as { userId: string; capabilities: Record<string, boolean> };
      await ctx.services.accounts.setCapabilities(userId, capabilities);
      return null;
    },
  },
  {
    pattern: 'act/masquerade',
    signedIn: true,
    socketOnly: true,
    body: yup.object({ targetUserID: yup.string(), stop: yup.boolean() }),
    handler: async (ctx, _p, body) => {
      const { targetUserID, stop } = body as { targetUserID?: string; stop?: boolean };
      const issued = stop
        ? await ctx.services.accounts.stopMasquerade(ctx.caller!)
        : targetUserID
          ? await ctx.services.accounts.startMasquerade(ctx.caller!, targetUserID)
          : null;
      if (!issued) throw new OpError('parseRequestFailed', 'masquerade takes {targetUserID} or {stop: true}');
      return { newToken: issued.token, expires: issued.expiresAt.toISOString() };
    },
  },
];
