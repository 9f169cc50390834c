/**
 * One opened item (spec 000 §4 Watches, §6 item permissions): read once, watched while open, replaced
 * by the server's `item/update` pushes, its permissions asked once per action, and a refusal shown as
 * a redirect to sign-in (signed out) or as the error box with its system message.
 */
import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import { Push, UserMessage } from '../../src/shared/protocol';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { selectActiveItemId } from '../router/routerSelectors';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { getAlerts, getConnection, getRouter } from '../systemIds';
import { toItemError, type ItemError } from './itemRequest';
import { itemNotifyMachine, type ItemNotifyActorRef, type ItemNotifyEvent } from './itemNotifyMachine';
import { itemRawSaveMachine, type ItemRawSaveActorRef, type ItemRawSaveEvent } from './itemRawSaveMachine';
import { itemTimelineMachine, type ItemTimelineActorRef } from './itemTimelineMachine';

export type { ItemError } from './itemRequest';

export interface ItemInput {
  /** `Type-index`. */
  id: string;
}

export interface ItemContext {
  id: string;
  item: Item | null;
  /** Answers of `act/isAllowed`, per action. */
  allowed: Record<string, boolean>;
  applyGrants: boolean | null;
  /** Actions asked and not answered yet. */
  asking: string[];
  signedIn: boolean | null;
  error: ItemError | null;
}

export type ItemEvent =
  /** A view needs these permissions; each action is asked of the server at most once. */
  | { type: 'item.allowedAsked'; actions: string[] }
  /** The item as this client's own save answered it: no serverUpdated alert for our own change. */
  | { type: 'item.saved'; item: Item }
  | { type: 'item.retryRequested' }
  /** The timeline view opened (or wants a refresh); handled by the `timeline` child. */
  | { type: 'item.timelineRequested' }
  /** Notification settings and raw edit, handled by the `notify` and `rawSave` children. */
  | Exclude<ItemNotifyEvent, ConnectionReplyEvent>
  | Exclude<ItemRawSaveEvent, ConnectionReplyEvent>
  | ConnectionReplyEvent
  | SessionWatchEvent;

export const Ticket = { read: 'read', watch: 'addWatch', allowed: 'isAllowed' } as const;
/** Ids of the children that own the timeline, the notification preference and the raw edit. */
export const ChildId = { timeline: 'timeline', notify: 'notify', rawSave: 'rawSave' } as const;

const isItem = (value: unknown): value is Item =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { $id?: unknown }).$id === 'string' &&
  typeof (value as { _u?: unknown })._u === 'number';
const isNewer = (current: Item | null, next: Item): boolean =>
  !current || next._u > current._u || (next.$deleted === true && !current.$deleted);
const replyBody = (event: ItemEvent): unknown => (event.type === 'connection.replied' ? event.frame.b : undefined);
const isTicket = (event: ItemEvent, ticket: string): boolean =>
  (event.type === 'connection.replied' || event.type === 'connection.failed') && event.ticket === ticket;

/** Sends `removeWatch/{id}` when the item actor stops (exit actions do not run on stop in XState v5). */
const unwatchOnStop = fromCallback<EventObject, { id: string }>(({ input, system, receive }) => {
  let watched = false;
  receive((event) => {
    if (event.type === 'item.watchAdded') watched = true;
  });
  return () => {
    const connection = getConnection(system);
    if (watched && connection) connection.send({ type: 'connection.send', frame: { o: `removeWatch/${input.id}` } });
  };
});

/** An opened item: read, watch, live replacement, cached permissions, notAllowed handling. */
export const itemMachine = setup({
  types: {
    context: {} as ItemContext,
    events: {} as ItemEvent,
    input: {} as ItemInput,
  },
  actors: { sessionWatch, unwatchOnStop, timeline: itemTimelineMachine, notify: itemNotifyMachine, rawSave: itemRawSaveMachine },
  guards: {
    isReadReply: ({ event }) => isTicket(event, Ticket.read) && event.type === 'connection.replied' && isItem(replyBody(event)),
    isReadFailure: ({ event }) => isTicket(event, Ticket.read),
    isSignedOutRefusal: ({ context, event }) =>
      context.signedIn === false &&
      isTicket(event, Ticket.read) &&
      event.type === 'connection.failed' &&
      event.failure.kind === 'server' &&
      event.failure.userMessage === UserMessage.notAllowed,
    isNewerWatchReply: ({ context, event }) => {
      const body = replyBody(event);
      return isTicket(event, Ticket.watch) && isItem(body) && isNewer(context.item, body);
    },
    isUpdatePush: ({ context, event }) =>
      event.type === 'session.pushed' &&
      event.frame.o === Push.itemUpdate &&
      isItem(event.frame.b) &&
      event.frame.b.$id === context.id &&
      isNewer(context.item, event.frame.b),
    isSignOut: ({ context, event }) => event.type === 'session.authChanged' && context.signedIn === true && event.signedIn === false,
    isThisDeleted: ({ context, event }) => event.type === 'session.itemDeleted' && event.id.split('-').slice(0, 2).join('-') === context.id,
    isNewerSaved: ({ context, event }) => event.type === 'item.saved' && isNewer(context.item, event.item),
    isAllowedAnswer: ({ event }) =>
      (event.type === 'connection.replied' || event.type === 'connection.failed') && (event.ticket ?? '').startsWith(`${Ticket.allowed}:`),
  },
  actions: {
    sendRead: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (connection)
        enqueue.sendTo(connection, { type: 'connection.send', frame: { o: `read/${context.id}` }, ticket: Ticket.read, replyTo: self });
    }),
    storeItem: assign(({ event }) => {
      const body = replyBody(event);
      return isItem(body) ? { item: body, error: null } : {};
    }),
    storePushed: assign(({ event }) => (event.type === 'session.pushed' && isItem(event.frame.b) ? { item: event.frame.b } : {})),
    storeSaved: assign(({ event }) => (event.type === 'item.saved' ? { item: event.item } : {})),
    // The children read nothing of the item: they are told what concerns them.
    tellTimeline: enqueueActions(({ enqueue }) => enqueue.sendTo(ChildId.timeline, { type: 'item.changed' })),
    forwardTimeline: enqueueActions(({ enqueue }) => enqueue.sendTo(ChildId.timeline, { type: 'item.timelineRequested' })),
    forwardNotify: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'item.notifyRequested' || event.type === 'item.notifySet') enqueue.sendTo(ChildId.notify, event);
    }),
    forwardRawSave: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'item.rawEditOpened' || event.type === 'item.rawSaved') enqueue.sendTo(ChildId.rawSave, event);
    }),
    markDeleted: assign(({ context }) => (context.item ? { item: { ...context.item, $deleted: true } } : {})),
    sendAddWatch: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (!connection || !context.item) return;
      enqueue.sendTo(connection, {
        type: 'connection.send',
        frame: { o: `addWatch/${context.id}/${context.item._u}` },
        ticket: Ticket.watch,
        replyTo: self,
      });
      enqueue.sendTo('unwatch', { type: 'item.watchAdded' });
    }),
    alertIfFocused: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      const alerts = getAlerts(system);
      if (router && alerts && selectActiveItemId(router.getSnapshot()) === context.id) {
        enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'INFO', message: 'app.serverUpdated' } });
      }
    }),
    setError: assign(({ event }) => {
      if (event.type !== 'connection.failed') return {};
      return { error: toItemError(event.failure) };
    }),
    clearError: assign({ error: null }),
    // Permission answers belong to the user who asked; so do the questions still on their way.
    forgetAllowed: assign({ allowed: {}, applyGrants: null, asking: [] }),
    requestSignIn: enqueueActions(({ enqueue, system }) => {
      const router = getRouter(system);
      if (router) enqueue.sendTo(router, { type: 'router.signInRequired' });
    }),
    setSignedIn: assign(({ event }) => (event.type === 'session.authChanged' ? { signedIn: event.signedIn } : {})),
    askAllowed: enqueueActions(({ context, event, enqueue, self, system }) => {
      if (event.type !== 'item.allowedAsked') return;
      const missing = [...new Set(event.actions)].filter((action) => !(action in context.allowed) && !context.asking.includes(action));
      const connection = getConnection(system);
      if (missing.length === 0 || !connection) return;
      enqueue.assign({ asking: [...context.asking, ...missing] });
      enqueue.sendTo(connection, {
        type: 'connection.send',
        frame: { o: 'act/isAllowed', b: { id: context.id, actions: missing } },
        ticket: `${Ticket.allowed}:${missing.join(',')}`,
        replyTo: self,
      });
    }),
    // A failed question is forgotten, so that it can be asked again; an answer is kept for the item's life
    // (or until the caches are dropped: an answer to a question asked before that is not taken).
    cacheAllowed: assign(({ context, event }) => {
      if (event.type !== 'connection.replied' && event.type !== 'connection.failed') return {};
      const asked = (event.ticket ?? '')
        .slice(Ticket.allowed.length + 1)
        .split(',')
        .filter((action) => context.asking.includes(action));
      const asking = context.asking.filter((action) => !asked.includes(action));
      if (event.type === 'connection.failed') return { asking };
      const body = event.frame.b as { allowed?: Record<string, unknown>; applyGrants?: unknown } | undefined;
      if (asked.length === 0) return {};
      const answers = Object.fromEntries(asked.map((action) => [action, body?.allowed?.[action] === true]));
      return {
        asking,
        allowed: { ...context.allowed, ...answers },
        applyGrants: typeof body?.applyGrants === 'boolean' ? body.applyGrants : context.applyGrants,
      };
    }),
  },
}).createMachine({
  id: 'item',
  context: ({ input }) => ({ id: input.id, item: null, allowed: {}, applyGrants: null, asking: [], signedIn: null, error: null }),
  invoke: [
    { src: 'sessionWatch', input: { auth: true, pushes: true, deletions: true, caches: true } },
    { id: 'unwatch', src: 'unwatchOnStop', input: ({ context }) => ({ id: context.id }) },
    { id: ChildId.timeline, src: 'timeline', input: ({ context }) => ({ id: context.id }) },
    { id: ChildId.notify, src: 'notify', input: ({ context }) => ({ id: context.id }) },
    { id: ChildId.rawSave, src: 'rawSave' },
  ],
  on: {
    'session.authChanged': { actions: 'setSignedIn' },
    // The item itself is read again when the sign-out reaches the router and this actor (READY's
    // session.authChanged); its permission answers go now, before the next user can be asked for them.
    'session.cachesDropped': { actions: 'forgetAllowed' },
    'session.itemDeleted': { guard: 'isThisDeleted', actions: 'markDeleted' },
    'item.allowedAsked': { actions: 'askAllowed' },
    'item.timelineRequested': { actions: 'forwardTimeline' },
    'item.notifyRequested': { actions: 'forwardNotify' },
    'item.notifySet': { actions: 'forwardNotify' },
    'item.rawEditOpened': { actions: 'forwardRawSave' },
    'item.rawSaved': { actions: 'forwardRawSave' },
    'connection.replied': { guard: 'isAllowedAnswer', actions: 'cacheAllowed' },
    'connection.failed': { guard: 'isAllowedAnswer', actions: 'cacheAllowed' },
  },
  initial: 'LOADING',
  states: {
    LOADING: {
      entry: 'sendRead',
      on: {
        // Other replies (permission answers) fall through to the root's handlers.
        'connection.replied': { guard: 'isReadReply', target: 'READY', actions: ['storeItem', 'sendAddWatch'] },
        'connection.failed': [
          { guard: 'isSignedOutRefusal', target: 'SIGN_IN_REQUIRED', actions: 'requestSignIn' },
          { guard: 'isReadFailure', target: 'FAILED', actions: 'setError' },
        ],
      },
    },
    READY: {
      on: {
        // Signed out (or blocked) under an open item: read it again as a visitor; a refusal then goes to sign-in.
        'session.authChanged': { guard: 'isSignOut', target: 'LOADING', actions: ['setSignedIn', 'forgetAllowed'] },
        'connection.replied': { guard: 'isNewerWatchReply', actions: ['storeItem', 'alertIfFocused', 'tellTimeline'] },
        'session.pushed': { guard: 'isUpdatePush', actions: ['storePushed', 'alertIfFocused', 'tellTimeline'] },
        'item.saved': { guard: 'isNewerSaved', actions: ['storeSaved', 'tellTimeline'] },
      },
    },
    // The router sends the visitor to /sign-in?next=...; nothing to show meanwhile.
    SIGN_IN_REQUIRED: {},
    FAILED: {
      on: { 'item.retryRequested': { target: 'LOADING', actions: 'clearError' } },
    },
  },
});

export type ItemSnapshot = SnapshotFrom<typeof itemMachine>;
export type ItemActorRef = ActorRefFrom<typeof itemMachine>;

/** The item, once read. */
export const selectItem = (snapshot: ItemSnapshot): Item | null => snapshot.context.item;
/** What the warning box shows, with the system message for its details dialog. */
export const selectItemError = (snapshot: ItemSnapshot): ItemError | null => snapshot.context.error;
/** Whether the item was deleted (by a task or elsewhere). */
export const selectDeleted = (snapshot: ItemSnapshot): boolean => snapshot.context.item?.$deleted === true;
/** The cached answer for one action: undefined until the server answered. */
export const isActionAllowed = (snapshot: ItemSnapshot, action: string): boolean | undefined => snapshot.context.allowed[action];
/** The child that keeps the timeline. */
export const selectTimelineActor = (snapshot: ItemSnapshot): ItemTimelineActorRef =>
  snapshot.children[ChildId.timeline] as ItemTimelineActorRef;
/** The child that reads and writes the notification preference. */
export const selectNotifyActor = (snapshot: ItemSnapshot): ItemNotifyActorRef => snapshot.children[ChildId.notify] as ItemNotifyActorRef;
/** The child that sends raw edits. */
export const selectRawSaveActor = (snapshot: ItemSnapshot): ItemRawSaveActorRef =>
  snapshot.children[ChildId.rawSave] as ItemRawSaveActorRef;
