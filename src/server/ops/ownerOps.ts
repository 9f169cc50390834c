import {
  MEMBERSHIP_CAPABILITIES,
  type MemberCandidate,
  type OrgMember,
  type OrgMembersReply,
  type SiteOwnerReply,
} from '../../shared/admin/SiteOwner';
import { SEARCH_SUGGESTIONS } from '../../shared/constants';
import { operations } from '../../shared/protocol/operations';
import { canRead } from '../policy/policy';
import { OpError } from '../OpError';
import { managesOwnerMembers, readSiteOwner, writeSiteOwner } from '../settings/siteOwner';
import { bindOperation } from './bindOperation';
import type { OpContext, OpRoute } from './OpContext';

/** The owner organisation of a dedicated deployment (null while none is chosen); other deployments have none. */
export async function siteOwnerOf(ctx: OpContext): Promise<string | null> {
  return ctx.services.config.dedicated ? readSiteOwner(ctx.services.siteSettings) : null;
}

function requireDedicated(ctx: OpContext): void {
  if (!ctx.services.config.dedicated) throw new OpError('notAllowed', 'Only a dedicated deployment has an owner organisation');
}

/** Refuses a caller who does not manage the members of `orgId` (administrators, the owner organisation's writers). */
export async function requireMemberManager(ctx: OpContext, orgId: string): Promise<void> {
  if (!managesOwnerMembers(ctx.caller, await siteOwnerOf(ctx), orgId)) {
    throw new OpError('notAllowed', `Only an administrator or a member holding write in ${orgId} manages its members`);
  }
}

const parseCaps = (c: unknown): Record<string, boolean> =>
  typeof c === 'string' ? (JSON.parse(c) as Record<string, boolean>) : (c as Record<string, boolean>);

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin.owner screen's operations: which organisation owns a dedicated site, and its members. */
export const ownerOps: OpRoute[] = [
  bindOperation(operations.siteOwner, async (ctx): Promise<SiteOwnerReply> => {
    requireDedicated(ctx);
    const orgId = await readSiteOwner(ctx.services.siteSettings);
    // Anyone may hear that none is chosen yet; once one is, the screen is its admin-org users' and the administrators'.
    if (orgId !== null && !managesOwnerMembers(ctx.caller, orgId, orgId)) {
      throw new OpError('notAllowed', 'Only an administrator or a member holding write in the owner organisation sees it here');
    }
    const record = orgId ? await ctx.services.items.find(orgId) : null;
    const org = record && canRead(ctx.caller, record) ? await ctx.services.items.present(ctx.caller, record) : null;
    return { orgId, org, mayChoose: ctx.caller?.admin === true, mayManage: orgId !== null };
  }),
  bindOperation(operations.setSiteOwner, async (ctx, _p, { orgId }) => {
    requireDedicated(ctx);
    if (!ctx.caller?.admin) throw new OpError('notAllowed', 'Only an administrator chooses the owner organisation');
    await writeSiteOwner(ctx.services.siteSettings, ctx.services.db, orgId, ctx.caller.userId);
    return { orgId };
  }),
  bindOperation(operations.orgMembers, async (ctx, _p, { orgId }): Promise<OrgMembersReply> => {
    await requireMemberManager(ctx, orgId);
    const res = await ctx.services.db.query<{
      user_id: string;
      capabilities: unknown;
      email: string;
      name: string | null;
      contact: string | null;
    }>(
      `SELECT m.user_id, m.capabilities, a.email, i.data->>'name' AS name, i.data->'contact'->>'id' AS contact
       FROM memberships m JOIN accounts a ON a.user_id = m.user_id JOIN items i ON i.id = m.user_id
       WHERE m.org_id = $1 ORDER BY lower(coalesce(i.data->>'name', '')), a.email`,
      [orgId],
    );
    const members: OrgMember[] = res.rows.map((r) => ({
      userId: r.user_id,
      name: r.name ?? '',
      email: r.email,
      contactId: r.contact,
      capabilities: parseCaps(r.capabilities),
    }));
    return { orgId, members, capabilities: [...MEMBERSHIP_CAPABILITIES] };
  }),
  // Users matching a name or e-mail who are not yet members, for the add-a-member chooser.
  bindOperation(operations.orgMemberCandidates, async (ctx, _p, body): Promise<MemberCandidate[]> => {
    const { orgId } = body;
    const text = body.text.trim();
    await requireMemberManager(ctx, orgId);
    const res = await ctx.services.db.query<{ user_id: string; email: string; name: string | null }>(
      `SELECT a.user_id, a.email, i.data->>'name' AS name
       FROM accounts a JOIN items i ON i.id = a.user_id
       WHERE NOT a.blocked AND i.deleted_at IS NULL
         AND (i.data->>'name' ILIKE $2 OR a.email ILIKE $2)
         AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = a.user_id AND m.org_id = $1)
       ORDER BY lower(coalesce(i.data->>'name', '')), a.email LIMIT $3`,
      [orgId, likePattern(text), SEARCH_SUGGESTIONS],
    );
    return res.rows.map((r) => ({ userId: r.user_id, name: r.name ?? '', email: r.email }));
  }),
];
