/**
 * The organisations module's session actor (spec 001 §2, §3, §6): per user, their sessions, account
 * rights and block; per contact, the user state and invitations; the listings of the module's views.
 * Every request goes through the connection; results and errors stay here, keyed, until sign-out.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { toItemError } from '../item/itemRequest';
import { failureOf, operationLogic } from '../session/operation';
import { sayApplied } from '../session/sayApplied';
import { userWatch, type UserWatchEvent } from '../session/userWatch';
import {
  doneWith,
  EMPTY,
  NO_CONTACT,
  NO_USER,
  parseRequestId,
  requestId,
  requestOf,
  withContact,
  withUser,
  type ContactEntry,
  type ListState,
  type OrgsAdminContext,
  type OrgsAdminEvent,
  type UserEntry,
} from './orgsAdminState';
import { accountOf, entriesOf, lastSeenOf, OrgsOp, rolesOf, sessionsOf, statesOf, type OrgsListKind, type OrgsUser } from './orgsRequests';

export type { ContactEntry, ListState, OrgsAdminContext, OrgsAdminEvent, UserEntry } from './orgsAdminState';
export type { ListEntry, OrgsListKind, OrgsUser } from './orgsRequests';

const WATCH_ID = 'userWatch';

/** Who is signed in, as the listings need them. */
const orgsUserOf = (event: UserWatchEvent): OrgsUser | null =>
  event.user ? { id: event.user.$id, admin: event.user.admin, orgIds: Object.keys(event.user.organizations ?? {}) } : null;

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
  actors: { userWatch, operation: operationLogic },
  guards: {
    isSignedIn: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isSameUser: ({ context, event }) => event.type === 'session.userChanged' && event.user?.$id === context.user?.id,
  },
  actions: {
    storeUser: assign(({ event }) => (event.type === 'session.userChanged' ? { user: orgsUserOf(event) } : {})),
    // Requests of the previous user still under way are dropped with what they would have filled in.
    forget: enqueueActions(({ context, enqueue }) => {
      for (const id of context.requests) enqueue.stopChild(id);
      enqueue.assign({ ...EMPTY, requests: [] });
    }),
    // One action for every asking event: each marks what it waits for and starts its request.
    request: enqueueActions(({ context, event, enqueue }) => {
      const request = requestOf(context, event);
      if (request?.mark) enqueue.assign(request.mark);
      if (!request?.ask) return;
      let seq = context.seq;
      const requests = [...context.requests];
      const start = (op: OrgsOp, key: string, call: OperationCall): void => {
        seq += 1;
        requests.push(requestId(op, key, seq));
        enqueue.spawnChild('operation', { id: requestId(op, key, seq), input: call });
      };
      start(request.ask.op, request.ask.key, request.ask.call);
      if (event.type === 'orgs.accountRequested' && context.roles === null)
        start(OrgsOp.roles, '', callOf(operations.rolesAvailable, undefined));
      enqueue.assign({ seq, requests });
    }),
    storeReply: enqueueActions(({ context, event, enqueue, system }) => {
      const parsed = 'output' in event ? parseRequestId(event.actorId) : null;
      if (!parsed || !('output' in event)) return;
      const { op, key } = parsed;
      const body = event.output;
      enqueue.assign({ requests: context.requests.filter((id) => id !== event.actorId) });
      if (op === OrgsOp.roles) enqueue.assign({ roles: rolesOf(body) });
      else if (op === OrgsOp.states) {
        const contacts = { ...context.contacts };
        const seen = lastSeenOf(body);
        for (const [id, userState] of Object.entries(statesOf(body)))
          contacts[id] = { ...(contacts[id] ?? NO_CONTACT), userState, lastSeen: seen[id] ?? null };
        enqueue.assign({ contacts });
      } else if (op === OrgsOp.list)
        enqueue.assign({ lists: { ...context.lists, [key]: { status: 'READY', entries: entriesOf(body), error: null } } });
      else if (op === OrgsOp.invite) enqueue.assign(withContact(context, key, () => ({ busy: false, invited: true })));
      else if (op === OrgsOp.sessions) enqueue.assign(withUser(context, key, (e) => ({ ...doneWith(op)(e), sessions: sessionsOf(body) })));
      else if (op === OrgsOp.account) enqueue.assign(withUser(context, key, (e) => ({ ...doneWith(op)(e), account: accountOf(body) })));
      else enqueue.assign(withUser(context, key, doneWith(op)));
      if (ALERTED.includes(op)) sayApplied(enqueue, system);
      // After a change, read again what it changed.
      if (op === OrgsOp.endSession) enqueue.raise({ type: 'orgs.sessionsRequested', userId: key });
      if (op === OrgsOp.block || op === OrgsOp.capabilities || op === OrgsOp.membership)
        enqueue.raise({ type: 'orgs.accountRequested', userId: key });
      if (op === OrgsOp.invite) enqueue.raise({ type: 'orgs.userStatesRequested', contactIds: [key] });
    }),
    storeFailure: assign(({ context, event }) => {
      const parsed = 'error' in event ? parseRequestId(event.actorId) : null;
      if (!parsed || !('error' in event)) return {};
      const failure = failureOf(event.error);
      // A refusal naming a field (an invitation without an e-mail address, to a user already) says why by that key.
      const field = failure.kind === 'server' ? Object.values(failure.fields ?? {})[0] : undefined;
      const error = field ? { ...toItemError(failure), userMessage: field } : toItemError(failure);
      const { op, key } = parsed;
      const requests = context.requests.filter((id) => id !== event.actorId);
      if (op === OrgsOp.roles || op === OrgsOp.states) return { requests };
      if (op === OrgsOp.list) return { requests, lists: { ...context.lists, [key]: { status: 'FAILED' as const, entries: [], error } } };
      if (op === OrgsOp.invite) return { requests, ...withContact(context, key, () => ({ busy: false, error })) };
      return { requests, ...withUser(context, key, (e) => ({ ...doneWith(op)(e), error })) };
    }),
  },
}).createMachine({
  id: 'orgsAdmin',
  context: ({ input }) => ({ dedicated: input.dedicated, ...EMPTY, seq: 0, requests: [] }),
  invoke: { id: WATCH_ID, src: 'userWatch', input: { rights: true } },
  initial: 'SIGNED_OUT',
  states: {
    SIGNED_OUT: {
      on: { 'session.userChanged': { guard: 'isSignedIn', target: 'SIGNED_IN', actions: 'storeUser' } },
    },
    SIGNED_IN: {
      on: {
        'session.userChanged': [
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
        'xstate.done.actor.*': { actions: 'storeReply' },
        'xstate.error.actor.*': { actions: 'storeFailure' },
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
