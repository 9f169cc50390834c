/** The requests of the organisations module's actor: what they are for, and the shapes their replies are read into. */
import type { UserAccount, UserSessionInfo } from '../../src/shared/modules/userAdmin';
import type { SearchQuery } from '../../src/shared/search/SearchQuery';
import { SEARCH_MAX_ALL } from '../../src/shared/constants';

/** The operations the actor sends, as the first part of their actors' ids (`op:key#n`). */
export const OrgsOp = {
  sessions: 'sessions',
  endSession: 'endSession',
  endSessions: 'endSessions',
  account: 'account',
  roles: 'roles',
  block: 'block',
  capabilities: 'capabilities',
  membership: 'membership',
  states: 'states',
  invite: 'invite',
  list: 'list',
} as const;
export type OrgsOp = (typeof OrgsOp)[keyof typeof OrgsOp];

/** The two listings of the module's views. */
export type OrgsListKind = 'organizations' | 'contacts';

/** One entry of a listing: `search/ids` answers ids and labels. */
export interface ListEntry {
  id: string;
  label: string;
}

/** Who is signed in, as far as the listings depend on it. */
export interface OrgsUser {
  id: string;
  admin: boolean;
  /** The organisations the user belongs to. */
  orgIds: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const flags = (value: unknown): Record<string, boolean> =>
  isRecord(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'))
    : {};

/** The sessions of `act/mySessions`, dropping malformed rows. */
export function sessionsOf(body: unknown): UserSessionInfo[] {
  if (!Array.isArray(body)) return [];
  return body
    .filter(
      (s): s is UserSessionInfo =>
        isRecord(s) && typeof s.id === 'string' && typeof s.started === 'string' && typeof s.expires === 'string',
    )
    .map((s) => ({ id: s.id, started: s.started, expires: s.expires, current: s.current === true, masqueraded: s.masqueraded === true }));
}

/** The account of `act/userAccount`, or null when the reply is not one. */
export function accountOf(body: unknown): UserAccount | null {
  if (!isRecord(body) || typeof body.userId !== 'string') return null;
  const memberships = Array.isArray(body.memberships) ? body.memberships.filter(isRecord) : [];
  return {
    userId: body.userId,
    admin: body.admin === true,
    blocked: body.blocked === true,
    capabilities: flags(body.capabilities),
    memberships: memberships
      .filter((m) => typeof m.orgId === 'string')
      .map((m) => ({
        orgId: String(m.orgId),
        label: typeof m.label === 'string' ? m.label : String(m.orgId),
        capabilities: flags(m.capabilities),
      })),
  };
}

/** The capability names of `act/rolesAvailable`. */
export const rolesOf = (body: unknown): string[] => (Array.isArray(body) ? body.filter((r): r is string => typeof r === 'string') : []);

const strings = (value: unknown): Record<string, string> =>
  isRecord(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

/** The user states of `act/userStates`. */
export const statesOf = (body: unknown): Record<string, string> => strings(isRecord(body) ? body.states : undefined);

/** When each contact's user was last seen, from `act/userStates`. */
export const lastSeenOf = (body: unknown): Record<string, string> => strings(isRecord(body) ? body.lastSeen : undefined);

/** The entries of a `search/ids` reply, labelled. */
export function entriesOf(body: unknown): ListEntry[] {
  if (!isRecord(body) || !Array.isArray(body.ids)) return [];
  const labels = isRecord(body.labels) ? body.labels : {};
  return body.ids
    .filter((id): id is string => typeof id === 'string')
    .map((id) => ({ id, label: typeof labels[id] === 'string' ? labels[id] : id }));
}

/**
 * The query of a listing (spec 001 §2): administrators see every organisation and contact; others
 * their own organisations and those organisations' contacts. Null when there is nothing to ask.
 */
export function listQuery(kind: OrgsListKind, user: OrgsUser): SearchQuery | null {
  const base = { max: SEARCH_MAX_ALL, labels: true, sort: [{ key: 'label', order: 'asc' as const }] };
  if (kind === 'organizations') {
    if (user.admin) return { ...base, must: { _: 'Organization' } };
    return user.orgIds.length === 0 ? null : { ...base, must: { _: 'Organization' }, ids: user.orgIds };
  }
  if (user.admin) return { ...base, must: { _: 'Contact' } };
  return user.orgIds.length === 0 ? null : { ...base, must: { _: 'Contact', 'ft-_related': user.orgIds } };
}
