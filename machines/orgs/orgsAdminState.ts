/**
 * What the organisations module's session actor keeps and asks (orgsAdminMachine.ts): its context
 * and events, and the request each asking event makes, as an OperationCall of the operation table.
 */
import type { UserAccount, UserSessionInfo } from '../../src/shared/modules/userAdmin';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { orgsOperations } from '../../src/modules/orgs/operations';
import type { ItemError } from '../item/itemRequest';
import type { UserWatchEvent } from '../session/userWatch';
import { listQuery, OrgsOp, type ListEntry, type OrgsListKind, type OrgsUser } from './orgsRequests';

/** What is known of one user. `busy` names the requests under way. */
export interface UserEntry {
  sessions: UserSessionInfo[] | null;
  account: UserAccount | null;
  busy: string[];
  error: ItemError | null;
}

/** What is known of one contact as a (possible) user. */
export interface ContactEntry {
  /** `$userState` (spec 001 §3), null until known. */
  userState: string | null;
  /** When the contact's user last began a session (ISO), null when never or not known. */
  lastSeen: string | null;
  busy: boolean;
  /** An invitation was sent from this session. */
  invited: boolean;
  error: ItemError | null;
}

/** One listing of a view. */
export interface ListState {
  status: 'LOADING' | 'READY' | 'FAILED';
  entries: ListEntry[];
  error: ItemError | null;
}

export interface OrgsAdminContext {
  /** Dedicated deployments show the user state of contacts whom one may not invite too. */
  dedicated: boolean;
  user: OrgsUser | null;
  users: Record<string, UserEntry>;
  contacts: Record<string, ContactEntry>;
  lists: Partial<Record<OrgsListKind, ListState>>;
  /** The capabilities an administrator may grant (`act/rolesAvailable`), asked once. */
  roles: string[] | null;
  /** Numbers the requests, so two alike under way are two actors. */
  seq: number;
  /** The ids of the request actors under way. */
  requests: string[];
}

/** A request under way ends as its actor's done or error event; its id says what it was for. */
type RequestDone = { type: `xstate.done.actor.${string}`; actorId: string; output: unknown };
type RequestError = { type: `xstate.error.actor.${string}`; actorId: string; error: unknown };

export type OrgsAdminEvent =
  /** The signed-in user's own sessions. */
  | { type: 'orgs.sessionsRequested'; userId: string }
  | { type: 'orgs.sessionEnded'; userId: string; sessionId: string }
  /** Ends every session of a user (administrators for anyone). */
  | { type: 'orgs.allSessionsEnded'; userId: string }
  /** An administrator's view of a user: their account and the capabilities there are. */
  | { type: 'orgs.accountRequested'; userId: string }
  | { type: 'orgs.blockSet'; userId: string; blocked: boolean }
  | { type: 'orgs.capabilitiesSet'; userId: string; capabilities: Record<string, boolean> }
  | { type: 'orgs.membershipSet'; userId: string; orgId: string; capabilities: Record<string, boolean> }
  | { type: 'orgs.membershipRemoved'; userId: string; orgId: string }
  | { type: 'orgs.userStatesRequested'; contactIds: string[] }
  /** Invites a contact, or sends a fresh link to one invited before. */
  | { type: 'orgs.inviteRequested'; contactId: string }
  | { type: 'orgs.listRequested'; list: OrgsListKind }
  | UserWatchEvent
  | RequestDone
  | RequestError;

export const NO_USER: UserEntry = { sessions: null, account: null, busy: [], error: null };
export const NO_CONTACT: ContactEntry = { userState: null, lastSeen: null, busy: false, invited: false, error: null };
export const EMPTY = { user: null, users: {}, contacts: {}, lists: {}, roles: null } satisfies Omit<
  OrgsAdminContext,
  'dedicated' | 'seq' | 'requests'
>;

export type Ctx = OrgsAdminContext;
export const withUser = (ctx: Ctx, userId: string, change: (entry: UserEntry) => Partial<UserEntry>): Pick<Ctx, 'users'> => {
  const entry = ctx.users[userId] ?? NO_USER;
  return { users: { ...ctx.users, [userId]: { ...entry, ...change(entry) } } };
};
export const withContact = (ctx: Ctx, contactId: string, change: (entry: ContactEntry) => Partial<ContactEntry>): Pick<Ctx, 'contacts'> => {
  const entry = ctx.contacts[contactId] ?? NO_CONTACT;
  return { contacts: { ...ctx.contacts, [contactId]: { ...entry, ...change(entry) } } };
};
export const busyWith = (op: string) => (entry: UserEntry) => ({ busy: [...entry.busy, op], error: null });
export const doneWith = (op: string) => (entry: UserEntry) => ({ busy: entry.busy.filter((b) => b !== op) });

/** What an asking event changes at once, and the request it makes: its kind, the key it concerns, its call. */
export type Request = { mark?: Partial<Ctx>; ask?: { op: OrgsOp; key: string; call: OperationCall } };
export const forUser = (ctx: Ctx, userId: string, op: OrgsOp, call: OperationCall): Request => ({
  mark: withUser(ctx, userId, busyWith(op)),
  ask: { op, key: userId, call },
});

/** The request each asking event makes; null when there is nothing to ask. */
export function requestOf(ctx: Ctx, event: OrgsAdminEvent): Request | null {
  switch (event.type) {
    case 'orgs.sessionsRequested':
      return forUser(ctx, event.userId, OrgsOp.sessions, callOf(operations.mySessions, undefined));
    case 'orgs.sessionEnded':
      return forUser(ctx, event.userId, OrgsOp.endSession, callOf(operations.endMySession, { id: event.sessionId }));
    case 'orgs.allSessionsEnded':
      return forUser(ctx, event.userId, OrgsOp.endSessions, callOf(operations.endSessions, { userId: event.userId }));
    case 'orgs.accountRequested':
      return forUser(ctx, event.userId, OrgsOp.account, callOf(orgsOperations.userAccount, { userId: event.userId }));
    case 'orgs.blockSet':
      return forUser(ctx, event.userId, OrgsOp.block, callOf(operations.blockUser, { userId: event.userId, blocked: event.blocked }));
    case 'orgs.capabilitiesSet':
      return forUser(
        ctx,
        event.userId,
        OrgsOp.capabilities,
        callOf(operations.setCapabilities, { userId: event.userId, capabilities: event.capabilities }),
      );
    case 'orgs.membershipSet':
      return forUser(
        ctx,
        event.userId,
        OrgsOp.membership,
        callOf(operations.setMembership, { userId: event.userId, orgId: event.orgId, capabilities: event.capabilities }),
      );
    case 'orgs.membershipRemoved':
      return forUser(
        ctx,
        event.userId,
        OrgsOp.membership,
        callOf(operations.removeMembership, { userId: event.userId, orgId: event.orgId }),
      );
    case 'orgs.userStatesRequested': {
      const ids = [...new Set(event.contactIds)].sort();
      // Asked on every site: invitations are, and the panel must not offer Invite to a user.
      if (ids.length === 0) return null;
      return { ask: { op: OrgsOp.states, key: ids.join(','), call: callOf(orgsOperations.userStates, { contactIds: ids }) } };
    }
    case 'orgs.inviteRequested':
      return {
        mark: withContact(ctx, event.contactId, () => ({ busy: true, error: null })),
        ask: { op: OrgsOp.invite, key: event.contactId, call: callOf(orgsOperations.invite, { contactId: event.contactId }) },
      };
    case 'orgs.listRequested': {
      const query = ctx.user && listQuery(event.list, ctx.user);
      // Nothing to ask (no organisations): an empty listing at once; while asking, the last one stays.
      const list: ListState = query
        ? { status: 'LOADING', entries: ctx.lists[event.list]?.entries ?? [], error: null }
        : { status: 'READY', entries: [], error: null };
      return {
        mark: { lists: { ...ctx.lists, [event.list]: list } },
        ...(query ? { ask: { op: OrgsOp.list, key: event.list, call: callOf(operations.search, query) } } : {}),
      };
    }
    default:
      return null;
  }
}

/** A request's actor id: `op:key#n`. */
export const requestId = (op: OrgsOp, key: string, seq: number): string => `${op}:${key}#${seq}`;
/** The kind and key of a request's actor id, or null for another actor's. */
export function parseRequestId(actorId: string): { op: OrgsOp; key: string } | null {
  const colon = actorId.indexOf(':');
  const hash = actorId.lastIndexOf('#');
  const op = actorId.slice(0, colon);
  if (colon < 0 || hash < colon || !(Object.values(OrgsOp) as string[]).includes(op)) return null;
  return { op: op as OrgsOp, key: actorId.slice(colon + 1, hash) };
}
