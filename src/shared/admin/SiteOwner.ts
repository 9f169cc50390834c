/** The answers of the admin.owner screen's operations (`act/siteOwner`, `act/orgMembers`), read by both sides. */
import { CAPABILITIES, ORG_WRITE } from '../capabilities';
import type { Item } from '../items/types';

/** The capabilities a membership can hold (what `act/rolesAvailable` answers), sorted. */
export const MEMBERSHIP_CAPABILITIES: readonly string[] = [...CAPABILITIES, ORG_WRITE].sort((a, b) => a.localeCompare(b));

/** The `site_settings` key of the dedicated deployment's owner organisation. */
export const SITE_OWNER_SETTING = 'owner';

/** Which organisation owns the site, and what the caller may do about it. */
export interface SiteOwnerReply {
  /** The owner organisation's id; null until an administrator chooses one. */
  orgId: string | null;
  /** The organisation as the caller may read it (null: none chosen, or not readable). */
  org: Item | null;
  /** The caller may change which organisation owns the site (administrators). */
  mayChoose: boolean;
  /** The caller may see and change the owner organisation's members (administrators and its writers). */
  mayManage: boolean;
}

/** One member of an organisation with the capabilities held there. */
export interface OrgMember {
  userId: string;
  name: string;
  email: string;
  /** The user's Contact, when they have one. */
  contactId: string | null;
  capabilities: Record<string, boolean>;
}

/** `act/orgMembers`: the members (by name) and the capabilities a membership can hold. */
export interface OrgMembersReply {
  orgId: string;
  members: OrgMember[];
  capabilities: string[];
}

/** A user who could be added to an organisation (`act/orgMemberCandidates`). */
export interface MemberCandidate {
  userId: string;
  name: string;
  email: string;
}
