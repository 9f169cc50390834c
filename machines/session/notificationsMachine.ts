/**
 * The signed-in user's notifications (spec 000 §2 bell and `/notifications`, §3 Notification and
 * notifyPairs): the unread (index, context) pairs behind the badge and the bell's menu, the newest
 * notifications page by page for the full list, live `item/notify` pushes, and marking read or unread.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { NOTIFICATION_MENU_SIZE } from '../../src/shared/constants';
import { Push } from '../../src/shared/protocol';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import type { ConnectionReplyEvent } from './pendingRequests';
import { getAlerts, getConnection } from '../systemIds';
import { userWatch, type UserWatchEvent } from './userWatch';

/** How many notifications one page of the full list asks for. */
export const NOTIFICATIONS_PAGE = 20;

/** One notification as the list and the menu show it. */
export interface Notification {
  index: number;
  /** The item the notification is about. */
  context: string;
  contextLabel: string | null;
  /** What happened to it (created, updated, deleted, ...). */
  kind: string;
  unread: boolean;
  /** When it was made (ISO time). */
  created: string | null;
}

/** An unread notification: its index and the id of the item it is about. */
export type NotifyPair = readonly [number, string];

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
  seq: number;
}

export type NotificationsEvent =
  | UserWatchEvent
  /** Mark these read (unread false) or unread again. */
  | { type: 'notifications.markRequested'; indexes: number[]; unread: boolean }
  | { type: 'notifications.allMarkedRead' }
  /** The full list wants the next page. */
  | { type: 'notifications.moreRequested' }
  | ConnectionReplyEvent
  | SessionWatchEvent;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The notifications of an `act/fetchNotifications` answer; anything malformed is left out. */
export function toNotifications(body: unknown): Notification[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    const match = /^Notify-(\d+)$/.exec(str(item.$id));
    const context = str((item.$context as { id?: unknown } | undefined)?.id);
    if (!match || !context) return [];
    const labels = (item.$labels ?? {}) as Record<string, unknown>;
    const created = (item._c as { ts?: unknown } | undefined)?.ts;
    return [
      {
        index: Number(match[1]),
        context,
        contextLabel: typeof labels[context] === 'string' ? (labels[context] as string) : null,
        kind: str(item.$kind) || 'updated',
        unread: item.unread === true,
        created: typeof created === 'string' ? created : null,
      },
    ];
  });
}

/** The pairs of a `markNotifications` answer. */
export function toPairs(body: unknown): NotifyPair[] {
  const pairs = (body as { notifyPairs?: unknown } | null)?.notifyPairs;
  if (!Array.isArray(pairs)) return [];
  return pairs.filter((p: unknown): p is [number, string] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'string');
}

/** `known` with `fresh` merged in (fresh wins), newest first. */
export const mergeNotes = (known: readonly Notification[], fresh: readonly Notification[]): Notification[] => {
  const byIndex = new Map(known.map((n) => [n.index, n]));
  for (const n of fresh) byIndex.set(n.index, n);
  return [...byIndex.values()].sort((a, b) => b.index - a.index);
};

/** The notes with their unread flag as the pairs say. */
const reconcile = (notes: readonly Notification[], pairs: readonly NotifyPair[]): Notification[] => {
  const unread = new Set(pairs.map(([index]) => index));
  return notes.map((n) => (n.unread === unread.has(n.index) ? n : { ...n, unread: unread.has(n.index) }));
};

/** Tickets of the machine's requests; the user id in them drops answers meant for a previous user. */
export const Ticket = {
  pairs: (userId: string) => `notifications:pairs:${userId}`,
  page: (userId: string) => `notifications:page:${userId}`,
  some: (userId: string) => `notifications:some:${userId}`,
  mark: (userId: string) => `notifications:mark:${userId}`,
} as const;

type Kind = keyof typeof Ticket;
const isAnswer = (context: NotificationsContext, event: NotificationsEvent, kind: Kind): boolean =>
  (event.type === 'connection.replied' || event.type === 'connection.failed') &&
  context.userId !== null &&
  event.ticket === Ticket[kind](context.userId);
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
} satisfies NotificationsContext;

/** The unread count, the menu's first unread, the full list by pages, and read/unread marks. */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: { userWatch, sessionWatch },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isPairsAnswer: ({ context, event }) => isAnswer(context, event, 'pairs'),
    isPageAnswer: ({ context, event }) => isAnswer(context, event, 'page'),
    isSomeAnswer: ({ context, event }) => isAnswer(context, event, 'some'),
    isMarkAnswer: ({ context, event }) => isAnswer(context, event, 'mark'),
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
    // markNotifications with no indexes changes nothing and answers the unread pairs: the count without a list.
    sendPairs: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (connection && context.userId)
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'act/markNotifications', b: { indexes: [] } },
          ticket: Ticket.pairs(context.userId),
          replyTo: self,
        });
    }),
    sendPage: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      enqueue.assign({ loadingPage: true });
      if (connection && context.userId)
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'act/fetchNotifications', b: { max: context.max } },
          ticket: Ticket.page(context.userId),
          replyTo: self,
        });
    }),
    growPage: assign(({ context }) => ({ max: context.max + NOTIFICATIONS_PAGE })),
    // A count that cannot be had shows as none: the badge is a hint, not worth an error message.
    storePairs: assign(({ context, event }) => {
      const pairs = event.type === 'connection.replied' ? toPairs(event.frame.b) : context.pairs;
      return { pairs, pairsLoaded: true, notes: reconcile(context.notes, pairs) };
    }),
    storePage: assign(({ context, event }) => {
      const page = event.type === 'connection.replied' ? toNotifications(event.frame.b) : [];
      return {
        notes: mergeNotes(context.notes, page),
        pageLoaded: true,
        loadingPage: false,
        complete: event.type === 'connection.replied' ? page.length < context.max : context.complete,
      };
    }),
    storeSome: assign(({ context, event }) =>
      event.type === 'connection.replied' ? { notes: mergeNotes(context.notes, toNotifications(event.frame.b)) } : {},
    ),
    // The menu names the items of the newest unread; fetch those the list does not hold yet.
    sendMissing: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      const known = new Set(context.notes.map((n) => n.index));
      const missing = context.pairs
        .slice(0, NOTIFICATION_MENU_SIZE)
        .map(([index]) => index)
        .filter((index) => !known.has(index));
      if (connection && context.userId && missing.length > 0)
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'act/fetchNotifications', b: { ids: missing } },
          ticket: Ticket.some(context.userId),
          replyTo: self,
        });
    }),
    addPushed: assign(({ context, event }) => {
      const body = pushBody(event);
      if (!body || typeof body.index !== 'number' || typeof body.context !== 'string') return {};
      const pair: NotifyPair = [body.index, body.context];
      return { pairs: [pair, ...context.pairs.filter(([index]) => index !== pair[0])] };
    }),
    // Optimistic: the badge and the list change at once; the answer's pairs then settle them.
    sendMark: enqueueActions(({ context, enqueue, self, system }, params: { indexes: number[]; unread: boolean }) => {
      const connection = getConnection(system);
      if (!context.userId || params.indexes.length === 0) return;
      const indexes = new Set(params.indexes);
      const notes = context.notes.map((n) => (indexes.has(n.index) ? { ...n, unread: params.unread } : n));
      const added: NotifyPair[] = params.unread
        ? notes.filter((n) => indexes.has(n.index) && !context.pairs.some(([i]) => i === n.index)).map((n) => [n.index, n.context] as const)
        : [];
      const pairs = [...context.pairs.filter(([i]) => params.unread || !indexes.has(i)), ...added].sort((a, b) => b[0] - a[0]);
      enqueue.assign({ notes, pairs, marking: context.marking + 1 });
      if (connection)
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: {
            o: 'act/markNotifications',
            b: params.unread ? { indexes: params.indexes, asUnread: true } : { indexes: params.indexes },
          },
          ticket: Ticket.mark(context.userId),
          replyTo: self,
        });
    }),
    storeMarked: assign(({ context, event }) => {
      const marking = Math.max(0, context.marking - 1);
      if (marking > 0 || event.type !== 'connection.replied') return { marking };
      const pairs = toPairs(event.frame.b);
      return { marking, pairs, notes: reconcile(context.notes, pairs) };
    }),
    raiseMarkFailure: enqueueActions(({ enqueue, event, system }) => {
      const alerts = getAlerts(system);
      if (event.type !== 'connection.failed' || !alerts) return;
      const message = event.failure.kind === 'client' ? event.failure.key : `errors.${event.failure.userMessage}`;
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
    LOADING: {
      entry: ['sendPairs', 'sendPage'],
      always: { guard: 'loaded', target: 'READY', actions: 'sendMissing' },
      on: {
        'connection.replied': [
          { guard: 'isPairsAnswer', actions: 'storePairs' },
          { guard: 'isPageAnswer', actions: 'storePage' },
        ],
        'connection.failed': [
          { guard: 'isPairsAnswer', actions: 'storePairs' },
          { guard: 'isPageAnswer', actions: 'storePage' },
        ],
      },
    },
    READY: {
      on: {
        'session.pushed': { guard: 'isNotifyPush', actions: ['addPushed', 'sendMissing'] },
        'notifications.markRequested': {
          actions: { type: 'sendMark', params: ({ event }) => ({ indexes: event.indexes, unread: event.unread }) },
        },
        'notifications.allMarkedRead': {
          guard: 'hasUnread',
          actions: { type: 'sendMark', params: ({ context }) => ({ indexes: context.pairs.map(([index]) => index), unread: false }) },
        },
        'notifications.moreRequested': { guard: 'mayPage', actions: ['growPage', 'sendPage'] },
        'connection.replied': [
          // Asked again after a failed mark.
          { guard: 'isPairsAnswer', actions: 'storePairs' },
          { guard: 'isPageAnswer', actions: 'storePage' },
          { guard: 'isSomeAnswer', actions: 'storeSome' },
          { guard: 'isMarkAnswer', actions: 'storeMarked' },
        ],
        'connection.failed': [
          { guard: 'isPageAnswer', actions: 'storePage' },
          // A failed mark is told, and the pairs asked again so badge and list show the truth.
          { guard: 'isMarkAnswer', actions: ['storeMarked', 'raiseMarkFailure', 'sendPairs'] },
        ],
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
    return note ? { ...note, unread: true } : { index, context, contextLabel: null, kind: 'updated', unread: true, created: null };
  });
};
/** Whether the first answers are still awaited. */
export const selectNotificationsLoading = (snapshot: NotificationsSnapshot): boolean => snapshot.matches('LOADING');
/** Whether a next page is being asked for. */
export const selectLoadingPage = (snapshot: NotificationsSnapshot): boolean => snapshot.context.loadingPage;
/** Whether the list holds every notification. */
export const selectComplete = (snapshot: NotificationsSnapshot): boolean => snapshot.context.complete;
