/**
 * The organisations module's session actor (spec 001 §2, §3, §6): per user, their sessions, account
 * rights and block; per contact, the user state and invitations; the listings of the module's views.
 * Every request goes through the connection; results and errors stay here, keyed, until sign-out.
 */
import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import type { UserAccount, UserSessionInfo } from '../../src/shared/modules/userAdmin';
import type { Frame } from '../../src/shared/protocol';
import { toItemError, type ItemError } from '../item/itemRequest';
import { selectUser } from '../session/authSelectors';
import type { ConnectionReplyEvent } from '../session/connectionMachine';
import { getAlerts, getAuth, getConnection } from '../systemIds';
import {
  accountOf,
  entriesOf,
  listQuery,
  OrgsOp,
  parseTicket,
  rolesOf,
  sessionsOf,
  statesOf,
  ticketOf,
  type ListEntry,
  type OrgsListKind,
  type OrgsUser,
} from './orgsRequests';

export type { ListEntry, OrgsListKind, OrgsUser } from './orgsRequests';

/** What is known of one user. `busy` names the requests under way. */
export interface UserEntry {
  sessions: UserSessionInfo[] | null;
  account: UserAccount | null;
  busy: string[];
  error: ItemError | null;
}

/** What is known of one contact as a (possible) user. */
export interface ContactEntry {
  /** `$userState` (dedicated deployments), null until known. */
  userState: string | null;
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
  /** User states are kept in dedicated deployments only. */
  dedicated: boolean;
  user: OrgsUser | null;
  users: Record<string, UserEntry>;
  contacts: Record<string, ContactEntry>;
  lists: Partial<Record<OrgsListKind, ListState>>;
  /** The capabilities an administrator may grant (`act/rolesAvailable`), asked once. */
  roles: string[] | null;
}

export type OrgsAdminEvent =
  /** From the auth watch: who is signed in now (null: nobody). */
  | { type: 'orgs.userChanged'; user: OrgsUser | null }
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
  | ConnectionReplyEvent;

const NO_USER: UserEntry = { sessions: null, account: null, busy: [], error: null };
const NO_CONTACT: ContactEntry = { userState: null, busy: false, invited: false, error: null };
const EMPTY = { user: null, users: {}, contacts: {}, lists: {}, roles: null } satisfies Omit<OrgsAdminContext, 'dedicated'>;

/** The user as the listings need them; the key tells a real change from a repeated snapshot. */
const userKey = (user: OrgsUser | null): string => (user ? `${user.id}|${user.admin}|${[...user.orgIds].sort().join(',')}` : '');

/** Reports the signed-in user whenever who they are, or their organisations, change. */
const userWatch = fromCallback<EventObject>(({ system, sendBack }) => {
  const auth = getAuth(system);
  if (!auth) return undefined;
  let last: string | undefined;
  const report = (): void => {
    const session = selectUser(auth.getSnapshot());
    const user = session ? { id: session.$id, admin: session.admin, orgIds: Object.keys(session.organizations ?? {}) } : null;
    if (userKey(user) === last) return;
    last = userKey(user);
    sendBack({ type: 'orgs.userChanged', user } satisfies OrgsAdminEvent);
  };
  report();
  const subscription = auth.subscribe(report);
  return () => subscription.unsubscribe();
});

type Ctx = OrgsAdminContext;
const withUser = (ctx: Ctx, userId: string, change: (entry: UserEntry) => Partial<UserEntry>): Pick<Ctx, 'users'> => {
  const entry = ctx.users[userId] ?? NO_USER;
  return { users: { ...ctx.users, [userId]: { ...entry, ...change(entry) } } };
};
const withContact = (ctx: Ctx, contactId: string, change: (entry: ContactEntry) => Partial<ContactEntry>): Pick<Ctx, 'contacts'> => {
  const entry = ctx.contacts[contactId] ?? NO_CONTACT;
  return { contacts: { ...ctx.contacts, [contactId]: { ...entry, ...change(entry) } } };
};
const busyWith = (op: string) => (entry: UserEntry) => ({ busy: [...entry.busy, op], error: null });
const doneWith = (op: string) => (entry: UserEntry) => ({ busy: entry.busy.filter((b) => b !== op) });

/** What an asking event changes at once, and the request it sends (none when there is nothing to ask). */
type Request = { mark?: Partial<Ctx>; send?: { frame: Frame; ticket: string } };
const ask = (o: string, b: unknown, op: OrgsOp, key: string): Request['send'] => ({
  frame: b === undefined ? { o } : { o, b },
  ticket: ticketOf(op, key),
});
const forUser = (ctx: Ctx, userId: string, op: OrgsOp, o: string, b?: unknown): Request => ({
  mark: withUser(ctx, userId, busyWith(op)),
  send: ask(o, b, op, userId),
});

/** The request each asking event makes; null when there is nothing to ask. */
function requestOf(ctx: Ctx, event: OrgsAdminEvent): Request | null {
  switch (event.type) {
    case 'orgs.sessionsRequested':
      return forUser(ctx, event.userId, OrgsOp.sessions, 'act/mySessions');
    case 'orgs.sessionEnded':
      return forUser(ctx, event.userId, OrgsOp.endSession, 'act/endMySession', { id: event.sessionId });
    case 'orgs.allSessionsEnded':
      return forUser(ctx, event.userId, OrgsOp.endSessions, 'act/endSessions', { userId: event.userId });
    case 'orgs.accountRequested':
      return forUser(ctx, event.userId, OrgsOp.account, 'act/userAccount', { userId: event.userId });
    case 'orgs.blockSet':
      return forUser(ctx, event.userId, OrgsOp.block, 'act/blockUser', { userId: event.userId, blocked: event.blocked });
    case 'orgs.capabilitiesSet':
      return forUser(ctx, event.userId, OrgsOp.capabilities, 'act/setCapabilities', {
        userId: event.userId,
        capabilities: event.capabilities,
      });
    case 'orgs.membershipSet':
      return forUser(ctx, event.userId, OrgsOp.membership, 'act/setMembership', {
        userId: event.userId,
        orgId: event.orgId,
        capabilities: event.capabilities,
      });
    case 'orgs.membershipRemoved':
      return forUser(ctx, event.userId, OrgsOp.membership, 'act/removeMembership', { userId: event.userId, orgId: event.orgId });
    case 'orgs.userStatesRequested': {
      const ids = [...new Set(event.contactIds)].sort();
      return ctx.dedicated && ids.length > 0 ? { send: ask('act/userStates', { contactIds: ids }, OrgsOp.states, ids.join(',')) } : null;
    }
    case 'orgs.inviteRequested':
      return {
        mark: withContact(ctx, event.contactId, () => ({ busy: true, error: null })),
        send: ask('act/invite', { contactId: event.contactId }, OrgsOp.invite, event.contactId),
      };
    case 'orgs.listRequested': {
      const query = ctx.user && listQuery(event.list, ctx.user);
      // Nothing to ask (no organisations): an empty listing at once; while asking, the last one stays.
      const list: ListState = query
        ? { status: 'LOADING', entries: ctx.lists[event.list]?.entries ?? [], error: null }
        : { status: 'READY', entries: [], error: null };
      return {
        mark: { lists: { ...ctx.lists, [event.list]: list } },
        ...(query ? { send: ask('search/ids', query, OrgsOp.list, event.list) } : {}),
      };
    }
    default:
      return null;
  }
}

/** Success alerts: the changes the user made, not the reads. */
const ALERTED: readonly string[] = [
  OrgsOp.endSession,
  OrgsOp.endSessions,
  OrgsOp.block,
  OrgsOp.capabilities,
  OrgsOp.membership,
  OrgsOp.invite,
];

/** The organisations module's actor: users' sessions and rights, contacts' invitations, and the views' listings. */
export const orgsAdminMachine = setup({
  types: {
    context: {} as OrgsAdminContext,
    events: {} as OrgsAdminEvent,
    input: {} as { dedicated: boolean },
  },
  actors: { userWatch },
  guards: {
    isSignedIn: ({ event }) => event.type === 'orgs.userChanged' && event.user !== null,
    isSameUser: ({ context, event }) => event.type === 'orgs.userChanged' && event.user?.id === context.user?.id,
    isOurs: ({ event }) =>
      (event.type === 'connection.replied' || event.type === 'connection.failed') && parseTicket(event.ticket) !== null,
  },
  actions: {
    storeUser: assign(({ event }) => (event.type === 'orgs.userChanged' ? { user: event.user } : {})),
    forget: assign(() => EMPTY),
    // One action for every asking event: each marks what it waits for and sends its request.
    request: enqueueActions(({ context, event, enqueue, self, system }) => {
      const request = requestOf(context, event);
      if (request?.mark) enqueue.assign(request.mark);
      const connection = getConnection(system);
      if (!connection || !request?.send) return;
      enqueue.sendTo(connection, { type: 'connection.send', ...request.send, replyTo: self });
      if (event.type === 'orgs.accountRequested' && context.roles === null) {
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'act/rolesAvailable' },
          ticket: ticketOf(OrgsOp.roles, ''),
          replyTo: self,
        });
      }
    }),
    storeReply: enqueueActions(({ context, event, enqueue, system }) => {
      const parsed = event.type === 'connection.replied' ? parseTicket(event.ticket) : null;
      if (event.type !== 'connection.replied' || !parsed) return;
      const { op, key } = parsed;
      const body = event.frame.b;
      if (op === OrgsOp.roles) enqueue.assign({ roles: rolesOf(body) });
      else if (op === OrgsOp.states) {
        const contacts = { ...context.contacts };
        for (const [id, userState] of Object.entries(statesOf(body))) contacts[id] = { ...(contacts[id] ?? NO_CONTACT), userState };
        enqueue.assign({ contacts });
      } else if (op === OrgsOp.list)
        enqueue.assign({ lists: { ...context.lists, [key]: { status: 'READY', entries: entriesOf(body), error: null } } });
      else if (op === OrgsOp.invite) enqueue.assign(withContact(context, key, () => ({ busy: false, invited: true })));
      else if (op === OrgsOp.sessions) enqueue.assign(withUser(context, key, (e) => ({ ...doneWith(op)(e), sessions: sessionsOf(body) })));
      else if (op === OrgsOp.account) enqueue.assign(withUser(context, key, (e) => ({ ...doneWith(op)(e), account: accountOf(body) })));
      else enqueue.assign(withUser(context, key, doneWith(op)));
      const alerts = getAlerts(system);
      if (ALERTED.includes(op) && alerts)
        enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
      // After a change, read again what it changed.
      if (op === OrgsOp.endSession) enqueue.raise({ type: 'orgs.sessionsRequested', userId: key });
      if (op === OrgsOp.block || op === OrgsOp.capabilities || op === OrgsOp.membership)
        enqueue.raise({ type: 'orgs.accountRequested', userId: key });
      if (op === OrgsOp.invite) enqueue.raise({ type: 'orgs.userStatesRequested', contactIds: [key] });
    }),
    storeFailure: assign(({ context, event }) => {
      const parsed = event.type === 'connection.failed' ? parseTicket(event.ticket) : null;
      if (event.type !== 'connection.failed' || !parsed) return {};
      // A refusal naming a field (an invitation without an e-mail address, to a user already) says why by that key.
      const field = event.failure.kind === 'server' ? Object.values(event.failure.fields ?? {})[0] : undefined;
      const error = field ? { ...toItemError(event.failure), userMessage: field } : toItemError(event.failure);
      const { op, key } = parsed;
      if (op === OrgsOp.roles || op === OrgsOp.states) return {};
      if (op === OrgsOp.list) return { lists: { ...context.lists, [key]: { status: 'FAILED' as const, entries: [], error } } };
      if (op === OrgsOp.invite) return withContact(context, key, () => ({ busy: false, error }));
      return withUser(context, key, (e) => ({ ...doneWith(op)(e), error }));
    }),
  },
}).createMachine({
  id: 'orgsAdmin',
  context: ({ input }) => ({ dedicated: input.dedicated, ...EMPTY }),
  invoke: { src: 'userWatch' },
  initial: 'SIGNED_OUT',
  states: {
    SIGNED_OUT: {
      on: { 'orgs.userChanged': { guard: 'isSignedIn', target: 'SIGNED_IN', actions: 'storeUser' } },
    },
    SIGNED_IN: {
      on: {
        'orgs.userChanged': [
          // The same user with other organisations: the listings will be asked again by their views.
          { guard: 'isSameUser', actions: 'storeUser' },
          { guard: 'isSignedIn', target: 'SIGNED_IN', reenter: true, actions: ['forget', 'storeUser'] },
          { target: 'SIGNED_OUT', actions: 'forget' },
        ],
        'orgs.sessionsRequested': { actions: 'request' },
        'orgs.sessionEnded': { actions: 'request' },
        'orgs.allSessionsEnded': { actions: 'request' },
        'orgs.accountRequested': { actions: 'request' },
        'orgs.blockSet': { actions: 'request' },
        'orgs.capabilitiesSet': { actions: 'request' },
        'orgs.membershipSet': { actions: 'request' },
        'orgs.membershipRemoved': { actions: 'request' },
        'orgs.userStatesRequested': { actions: 'request' },
        'orgs.inviteRequested': { actions: 'request' },
        'orgs.listRequested': { actions: 'request' },
        'connection.replied': { guard: 'isOurs', actions: 'storeReply' },
        'connection.failed': { guard: 'isOurs', actions: 'storeFailure' },
      },
    },
  },
});

export type OrgsAdminActorRef = ActorRefFrom<typeof orgsAdminMachine>;
type Snapshot = SnapshotFrom<typeof orgsAdminMachine>;

/** SIGNED_OUT or SIGNED_IN. */
export const selectOrgsStatus = (snapshot: Snapshot): Snapshot['value'] => snapshot.value;
/** What is known of user `id` (a stable empty entry until asked). */
export const selectUserEntry = (snapshot: Snapshot, id: string): UserEntry => snapshot.context.users[id] ?? NO_USER;
/** What is known of contact `id` (a stable empty entry until asked). */
export const selectContactEntry = (snapshot: Snapshot, id: string): ContactEntry => snapshot.context.contacts[id] ?? NO_CONTACT;
/** A view's listing, undefined until asked. */
export const selectList = (snapshot: Snapshot, list: OrgsListKind): ListState | undefined => snapshot.context.lists[list];
/** The capabilities an administrator may grant, once asked. */
export const selectRoles = (snapshot: Snapshot): string[] | null => snapshot.context.roles;
/** Whether user states are kept (dedicated deployments). */
export const selectDedicated = (snapshot: Snapshot): boolean => snapshot.context.dedicated;
