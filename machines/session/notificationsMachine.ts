/**
 * The signed-in user's notifications (spec 000 §2 bell and `/notifications`, §3 Notification and
 * notifyPairs): the unread (index, context) pairs behind the badge and the bell's menu, the newest
 * notifications page by page for the full list, live `item/notify` pushes, and marking read or unread.
 * The requests are `operation` actors: the first pairs and page invoked in LOADING, the later ones
 * spawned in READY and stopped when it is left, so a new user (or none) hears no answer meant for the last.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { NOTIFICATION_MENU_SIZE } from '../../src/shared/constants';
import { Push } from '../../src/shared/protocol';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { getAlerts } from '../systemIds';
import { failureOf, operationLogic } from './operation';
import { mergeNotes, reconcile, toNotifications, toPairs, type Notification, type NotifyPair } from './notificationList';
import { userWatch, type UserWatchEvent } from './userWatch';

export { mergeNotes, toNotifications, toPairs, type Notification, type NotifyPair } from './notificationList';

/** How many notifications one page of the full list asks for. */
export const NOTIFICATIONS_PAGE = 20;

export interface NotificationsContext {
  userId: string | null;
  /** Unread pairs, newest first, as the server last told them (plus pushes since). */
  pairs: NotifyPair[];
  /** Every notification read so far, newest first. */
  notes: Notification[];
  /** How many the full list asked for. */
  max: number;
  /** The last page came back shorter than asked: there are no more. */
  complete: boolean;
  loadingPage: boolean;
  pairsLoaded: boolean;
  pageLoaded: boolean;
  /** Marks sent and not yet answered, so an early answer does not undo a later optimistic change. */
  marking: number;
  /** Numbers READY's spawned requests (`<kind>.<n>`). */
  seq: number;
  /** READY's spawned requests under way, stopped when READY is left. */
  requests: string[];
}

/** What a spawned request of READY is for; its id is `<kind>.<n>`. */
type RequestKind = 'pairs' | 'page' | 'some' | 'mark';
const requestIdOf = (kind: RequestKind, seq: number): string => `${kind}.${seq}`;

export type NotificationsEvent =
  | UserWatchEvent
  /** Mark these read (unread false) or unread again. */
  | { type: 'notifications.markRequested'; indexes: number[]; unread: boolean }
  | { type: 'notifications.allMarkedRead' }
  /** The full list wants the next page. */
  | { type: 'notifications.moreRequested' }
  | SessionWatchEvent
  /** The answers of READY's spawned requests (`pairs.<n>`, `page.<n>`, `some.<n>`, `mark.<n>`). */
  | { type: `xstate.done.actor.${RequestKind}.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.${RequestKind}.${string}`; actorId: string; error: unknown };

const pushBody = (event: NotificationsEvent): { index?: unknown; context?: unknown } | null =>
  event.type === 'session.pushed' && event.frame.o === Push.itemNotify && typeof event.frame.b === 'object' && event.frame.b !== null
    ? (event.frame.b as { index?: unknown; context?: unknown })
    : null;

const EMPTY = {
  userId: null,
  pairs: [],
  notes: [],
  max: NOTIFICATIONS_PAGE,
  complete: false,
  loadingPage: false,
  pairsLoaded: false,
  pageLoaded: false,
  marking: 0,
  seq: 0,
  requests: [],
} satisfies NotificationsContext;

/** The call that marks `indexes` read, or unread again. */
const markCall = (indexes: number[], unread: boolean): OperationCall =>
  callOf(operations.markNotifications, unread ? { indexes, asUnread: true } : { indexes });
// markNotifications with no indexes changes nothing and answers the unread pairs: the count without a list.
const pairsCall = (): OperationCall => callOf(operations.markNotifications, { indexes: [] });
const pageCall = (context: NotificationsContext): OperationCall => callOf(operations.fetchNotifications, { max: context.max });
/** The menu names the items of the newest unread: the call that fetches those the list does not hold yet, if any. */
const missingCall = (context: NotificationsContext): OperationCall | null => {
  const known = new Set(context.notes.map((n) => n.index));
  const missing = context.pairs
    .slice(0, NOTIFICATION_MENU_SIZE)
    .map(([index]) => index)
    .filter((index) => !known.has(index));
  return missing.length > 0 ? callOf(operations.fetchNotifications, { ids: missing }) : null;
};

/** The unread count, the menu's first unread, the full list by pages, and read/unread marks. */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: { userWatch, sessionWatch, operation: operationLogic },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    loaded: ({ context }) => context.pairsLoaded && context.pageLoaded,
    isNotifyPush: ({ event }) => {
      const body = pushBody(event);
      return body !== null && typeof body.index === 'number' && typeof body.context === 'string';
    },
    mayPage: ({ context }) => !context.loadingPage && !context.complete,
    hasUnread: ({ context }) => context.pairs.length > 0,
  },
  actions: {
    reset: assign(EMPTY),
    setUser: assign(({ event }) => (event.type === 'session.userChanged' ? { ...EMPTY, userId: event.user?.$id ?? null } : {})),
    // Spawned, named for what it is for, and noted so that leaving READY stops it.
    ask: enqueueActions(({ context, enqueue }, params: { kind: RequestKind; call: OperationCall | null }) => {
      if (!params.call) return;
      const id = requestIdOf(params.kind, context.seq + 1);
      enqueue.assign({ seq: context.seq + 1, requests: [...context.requests, id] });
      enqueue.spawnChild('operation', { id, input: params.call });
    }),
    // A request that answered leaves the children; one of a user no longer here was stopped with READY.
    forget: enqueueActions(({ context, enqueue }, params: { actorId: string }) => {
      enqueue.assign({ requests: context.requests.filter((id) => id !== params.actorId) });
      enqueue.stopChild(params.actorId);
    }),
    stopRequests: enqueueActions(({ context, enqueue }) => {
      for (const id of context.requests) enqueue.stopChild(id);
      enqueue.assign({ requests: [] });
    }),
    startPage: assign({ loadingPage: true }),
    growPage: assign(({ context }) => ({ max: context.max + NOTIFICATIONS_PAGE })),
    storePairs: assign(({ context }, params: { output: unknown }) => {
      const pairs = toPairs(params.output);
      return { pairs, pairsLoaded: true, notes: reconcile(context.notes, pairs) };
    }),
    // A count that cannot be had shows as none: the badge is a hint, not worth an error message.
    pairsFailed: assign({ pairsLoaded: true }),
    storePage: assign(({ context }, params: { output: unknown }) => {
      const page = toNotifications(params.output);
      return { notes: mergeNotes(context.notes, page), pageLoaded: true, loadingPage: false, complete: page.length < context.max };
    }),
    pageFailed: assign({ pageLoaded: true, loadingPage: false }),
    storeSome: assign(({ context }, params: { output: unknown }) => ({ notes: mergeNotes(context.notes, toNotifications(params.output)) })),
    addPushed: assign(({ context, event }) => {
      const body = pushBody(event);
      if (!body || typeof body.index !== 'number' || typeof body.context !== 'string') return {};
      const pair: NotifyPair = [body.index, body.context];
      return { pairs: [pair, ...context.pairs.filter(([index]) => index !== pair[0])] };
    }),
    // Optimistic: the badge and the list change at once; the answer's pairs then settle them.
    markAtOnce: assign(({ context }, params: { indexes: number[]; unread: boolean }) => {
      if (params.indexes.length === 0) return {};
      const indexes = new Set(params.indexes);
      const notes = context.notes.map((n) => (indexes.has(n.index) ? { ...n, unread: params.unread } : n));
      const added: NotifyPair[] = params.unread
        ? notes.filter((n) => indexes.has(n.index) && !context.pairs.some(([i]) => i === n.index)).map((n) => [n.index, n.context] as const)
        : [];
      const pairs = [...context.pairs.filter(([i]) => params.unread || !indexes.has(i)), ...added].sort((a, b) => b[0] - a[0]);
      return { notes, pairs, marking: context.marking + 1 };
    }),
    storeMarked: assign(({ context }, params: { output: unknown }) => {
      const marking = Math.max(0, context.marking - 1);
      if (marking > 0) return { marking };
      const pairs = toPairs(params.output);
      return { marking, pairs, notes: reconcile(context.notes, pairs) };
    }),
    markFailed: assign(({ context }) => ({ marking: Math.max(0, context.marking - 1) })),
    raiseMarkFailure: enqueueActions(({ enqueue, system }, params: { error: unknown }) => {
      const alerts = getAlerts(system);
      if (!alerts) return;
      const failure = failureOf(params.error);
      const message = failure.kind === 'client' ? failure.key : `errors.${failure.userMessage}`;
      enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message } });
    }),
  },
}).createMachine({
  id: 'notifications',
  context: () => ({ ...EMPTY }),
  invoke: [{ src: 'userWatch' }, { src: 'sessionWatch', input: { pushes: true } }],
  on: {
    'session.userChanged': [{ guard: 'hasUser', target: '.LOADING', actions: 'setUser' }, { target: '.SIGNED_OUT' }],
  },
  initial: 'SIGNED_OUT',
  states: {
    SIGNED_OUT: { entry: 'reset' },
    // A new user (or none) leaves LOADING, which stops its requests: no answer meant for the last one is heard.
    LOADING: {
      entry: 'startPage',
      invoke: [
        {
          id: 'pairs',
          src: 'operation',
          input: pairsCall,
          onDone: { actions: { type: 'storePairs', params: ({ event }) => ({ output: event.output }) } },
          onError: { actions: 'pairsFailed' },
        },
        {
          id: 'page',
          src: 'operation',
          input: ({ context }) => pageCall(context),
          onDone: { actions: { type: 'storePage', params: ({ event }) => ({ output: event.output }) } },
          onError: { actions: 'pageFailed' },
        },
      ],
      always: {
        guard: 'loaded',
        target: 'READY',
        actions: { type: 'ask', params: ({ context }) => ({ kind: 'some', call: missingCall(context) }) },
      },
    },
    READY: {
      exit: 'stopRequests',
      on: {
        'session.pushed': {
          guard: 'isNotifyPush',
          actions: ['addPushed', { type: 'ask', params: ({ context }) => ({ kind: 'some', call: missingCall(context) }) }],
        },
        // Asked before the optimistic change, with the indexes it had.
        'notifications.markRequested': {
          actions: [
            {
              type: 'ask',
              params: ({ event }) => ({ kind: 'mark', call: event.indexes.length > 0 ? markCall(event.indexes, event.unread) : null }),
            },
            { type: 'markAtOnce', params: ({ event }) => ({ indexes: event.indexes, unread: event.unread }) },
          ],
        },
        'notifications.allMarkedRead': {
          guard: 'hasUnread',
          actions: [
            {
              type: 'ask',
              params: ({ context }) => ({
                kind: 'mark',
                call: markCall(
                  context.pairs.map(([index]) => index),
                  false,
                ),
              }),
            },
            { type: 'markAtOnce', params: ({ context }) => ({ indexes: context.pairs.map(([index]) => index), unread: false }) },
          ],
        },
        'notifications.moreRequested': {
          guard: 'mayPage',
          actions: ['growPage', 'startPage', { type: 'ask', params: ({ context }) => ({ kind: 'page', call: pageCall(context) }) }],
        },
        // Asked again after a failed mark; a failure changes nothing.
        'xstate.done.actor.pairs.*': {
          actions: [
            { type: 'storePairs', params: ({ event }) => ({ output: event.output }) },
            { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) },
          ],
        },
        'xstate.error.actor.pairs.*': { actions: { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) } },
        'xstate.done.actor.page.*': {
          actions: [
            { type: 'storePage', params: ({ event }) => ({ output: event.output }) },
            { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) },
          ],
        },
        'xstate.error.actor.page.*': {
          actions: ['pageFailed', { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) }],
        },
        'xstate.done.actor.some.*': {
          actions: [
            { type: 'storeSome', params: ({ event }) => ({ output: event.output }) },
            { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) },
          ],
        },
        'xstate.error.actor.some.*': { actions: { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) } },
        'xstate.done.actor.mark.*': {
          actions: [
            { type: 'storeMarked', params: ({ event }) => ({ output: event.output }) },
            { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) },
          ],
        },
        // A failed mark is told, and the pairs asked again so badge and list show the truth.
        'xstate.error.actor.mark.*': {
          actions: [
            'markFailed',
            { type: 'raiseMarkFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'forget', params: ({ event }) => ({ actorId: event.actorId }) },
            { type: 'ask', params: { kind: 'pairs', call: pairsCall() } },
          ],
        },
      },
    },
  },
});

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** How many notifications are unread. */
export const selectUnreadCount = (snapshot: NotificationsSnapshot): number => snapshot.context.pairs.length;
/** The notifications read so far, newest first. */
export const selectNotes = (snapshot: NotificationsSnapshot): Notification[] => snapshot.context.notes;
/** The newest unread notifications for the bell's menu (label and kind once known). */
export const selectMenuEntries = (snapshot: NotificationsSnapshot): Notification[] => {
  const { pairs, notes } = snapshot.context;
  return pairs.slice(0, NOTIFICATION_MENU_SIZE).map(([index, context]) => {
    const note = notes.find((n) => n.index === index);
    return note
      ? { ...note, unread: true }
      : { index, context, contextLabel: null, kind: 'updated', unread: true, created: null, event: null };
  });
};
/** Whether the first answers are still awaited. */
export const selectNotificationsLoading = (snapshot: NotificationsSnapshot): boolean => snapshot.matches('LOADING');
/** Whether a next page is being asked for. */
export const selectLoadingPage = (snapshot: NotificationsSnapshot): boolean => snapshot.context.loadingPage;
/** Whether the list holds every notification. */
export const selectComplete = (snapshot: NotificationsSnapshot): boolean => snapshot.context.complete;
