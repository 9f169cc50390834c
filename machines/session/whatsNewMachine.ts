/**
 * What's new for the signed-in user (spec 000 §2 help and docs menus, §3 what's-new versions): the
 * entries the server shows them in their locale, the newest version they have seen (kept on their
 * User item, so every tab and device agrees) and how many entries are newer than that.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { compareVersions } from '../../src/shared/items/formRules';
import { Push, UserMessage } from '../../src/shared/protocol';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import type { ConnectionReplyEvent } from './pendingRequests';
import { getConnection } from '../systemIds';
import { userWatch, type UserWatchEvent } from './userWatch';

/** One entry of the what's-new list. */
export interface WhatsNewEntry {
  id: string;
  /** vX.Y.Z */
  version: string;
  title: string;
  /** Rich text (HTML) as stored; the page sanitises it. */
  body: string;
  /** When the entry was written (ISO time). */
  created: string | null;
}

export interface WhatsNewInput {
  locale?: string;
}

export interface WhatsNewContext {
  locale: string;
  userId: string | null;
  entries: WhatsNewEntry[];
  /** The user's whatsNewSeen; undefined until their User item was read. */
  seen: string | null | undefined;
  /** The User item's update counter, for `update`. */
  userU: number | null;
  /** What `seen` was before an optimistic save, to fall back to if the save fails. */
  seenBefore: string | null | undefined;
  /** The page was shown and the newest version is still to be stored. */
  seenAsked: boolean;
  listLoaded: boolean;
  userLoaded: boolean;
  /** Saves tried for the current `whatsNew.seen`: a stale one is retried once. */
  attempts: number;
}

export type WhatsNewEvent =
  /** The what's-new page was shown. */
  { type: 'whatsNew.seen' } | UserWatchEvent | ConnectionReplyEvent | SessionWatchEvent;

/** Tickets of the machine's requests; the user id in them drops answers meant for a previous user. */
export const Ticket = {
  list: 'whatsNew:list',
  read: (userId: string) => `whatsNew:read:${userId}`,
  update: (userId: string) => `whatsNew:update:${userId}`,
} as const;

const VERSION = /^v\d+\.\d+\.\d+$/;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The entries of an `act/whatsNew` answer; anything malformed is left out. */
export function toEntries(body: unknown): WhatsNewEntry[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    const version = str(item.version);
    if (!VERSION.test(version)) return [];
    const created = (item._c as { ts?: unknown } | undefined)?.ts;
    return [
      { id: str(item.$id), version, title: str(item.title), body: str(item.body), created: typeof created === 'string' ? created : null },
    ];
  });
}

/** The newest version among the entries. */
export const newestVersion = (entries: readonly WhatsNewEntry[]): string | null =>
  entries.reduce<string | null>((best, entry) => (best === null || compareVersions(entry.version, best) > 0 ? entry.version : best), null);

/** Entries newer than `seen` (all when the user has seen none); 0 while `seen` is unknown. */
export function unseenCount(entries: readonly WhatsNewEntry[], seen: string | null | undefined): number {
  if (seen === undefined) return 0;
  if (seen === null || !VERSION.test(seen)) return entries.length;
  return entries.filter((entry) => compareVersions(entry.version, seen) > 0).length;
}

const replyBody = (event: WhatsNewEvent): Record<string, unknown> | undefined =>
  event.type === 'connection.replied' && typeof event.frame.b === 'object' && event.frame.b !== null
    ? (event.frame.b as Record<string, unknown>)
    : undefined;
const isTicket = (event: WhatsNewEvent, ticket: string | null): boolean =>
  (event.type === 'connection.replied' || event.type === 'connection.failed') && ticket !== null && event.ticket === ticket;
const userTicket = (context: WhatsNewContext, kind: 'read' | 'update'): string | null =>
  context.userId ? Ticket[kind](context.userId) : null;
/** The seen version and update counter of a User item. */
const userFields = (body: Record<string, unknown> | undefined): Pick<WhatsNewContext, 'seen' | 'userU'> | null =>
  body && typeof body._u === 'number'
    ? { seen: VERSION.test(str(body.whatsNewSeen)) ? str(body.whatsNewSeen) : null, userU: body._u }
    : null;

const EMPTY = {
  userId: null,
  entries: [],
  seen: undefined,
  userU: null,
  seenBefore: undefined,
  seenAsked: false,
  listLoaded: false,
  userLoaded: false,
  attempts: 0,
} satisfies Omit<WhatsNewContext, 'locale'>;

/** The what's-new entries and the signed-in user's unseen count. */
export const whatsNewMachine = setup({
  types: {
    context: {} as WhatsNewContext,
    events: {} as WhatsNewEvent,
    input: {} as WhatsNewInput,
  },
  actors: { userWatch, sessionWatch },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isListAnswer: ({ event }) => isTicket(event, Ticket.list),
    isUserAnswer: ({ context, event }) => isTicket(event, userTicket(context, 'read')),
    isUpdateReply: ({ context, event }) => event.type === 'connection.replied' && isTicket(event, userTicket(context, 'update')),
    isStaleRetry: ({ context, event }) =>
      event.type === 'connection.failed' &&
      isTicket(event, userTicket(context, 'update')) &&
      event.failure.kind === 'server' &&
      event.failure.userMessage === UserMessage.staleUpdate &&
      context.attempts < 2,
    isUpdateFailure: ({ context, event }) => event.type === 'connection.failed' && isTicket(event, userTicket(context, 'update')),
    loaded: ({ context }) => context.listLoaded && context.userLoaded,
    shouldSave: ({ context }) => {
      const newest = newestVersion(context.entries);
      if (!context.seenAsked || context.userU === null || newest === null || context.seen === undefined) return false;
      return context.seen === null || compareVersions(newest, context.seen) > 0;
    },
    isOwnUserPush: ({ context, event }) => {
      if (event.type !== 'session.pushed' || event.frame.o !== Push.itemUpdate) return false;
      const fields = userFields(event.frame.b as Record<string, unknown> | undefined);
      if ((event.frame.b as { $id?: unknown } | undefined)?.$id !== context.userId || fields?.userU == null) return false;
      return context.userU === null || fields.userU > context.userU;
    },
    isWhatsNewPush: ({ event }) =>
      event.type === 'session.pushed' &&
      event.frame.o === Push.itemUpdate &&
      (event.frame.b as { _t?: unknown } | undefined)?._t === 'WhatsNew',
  },
  actions: {
    reset: assign(EMPTY),
    setUser: assign(({ event }) => (event.type === 'session.userChanged' ? { ...EMPTY, userId: event.user?.$id ?? null } : {})),
    sendList: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (connection)
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'act/whatsNew', b: { locale: context.locale } },
          ticket: Ticket.list,
          replyTo: self,
        });
    }),
    sendReadUser: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      const ticket = userTicket(context, 'read');
      if (connection && ticket)
        enqueue.sendTo(connection, { type: 'connection.send', frame: { o: `read/${context.userId}` }, ticket, replyTo: self });
    }),
    // A list that cannot be had shows as empty: the count is a hint, not worth an error message.
    storeList: assign(({ event }) => ({ entries: event.type === 'connection.replied' ? toEntries(event.frame.b) : [], listLoaded: true })),
    storeUser: assign(({ event }) => ({ ...(userFields(replyBody(event)) ?? {}), userLoaded: true })),
    storePushedUser: assign(({ event }) =>
      event.type === 'session.pushed' ? (userFields(event.frame.b as Record<string, unknown>) ?? {}) : {},
    ),
    askSeen: assign(({ context }) => ({ seenAsked: true, attempts: context.seenAsked ? context.attempts : 0 })),
    // Optimistic: the badge drops at once; a failed save puts the previous version back.
    sendUpdate: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      const ticket = userTicket(context, 'update');
      const newest = newestVersion(context.entries);
      if (!connection || !ticket || newest === null || context.userU === null) return;
      enqueue.assign({ seenBefore: context.seen, seen: newest, seenAsked: false, attempts: context.attempts + 1 });
      enqueue.sendTo(connection, {
        type: 'connection.send',
        frame: { o: 'update', b: { $id: context.userId, _u: context.userU, whatsNewSeen: newest } },
        ticket,
        replyTo: self,
      });
    }),
    storeSaved: assign(({ event }) => ({ ...(userFields(replyBody(event)) ?? {}), seenBefore: undefined, attempts: 0 })),
    restoreSeen: assign(({ context }) => ({ seen: context.seenBefore, seenBefore: undefined })),
    askAgain: assign({ seenAsked: true }),
  },
}).createMachine({
  id: 'whatsNew',
  context: ({ input }) => ({ locale: input.locale ?? 'en', ...EMPTY }),
  invoke: [{ src: 'userWatch' }, { src: 'sessionWatch', input: { pushes: true } }],
  on: {
    'session.userChanged': [{ guard: 'hasUser', target: '.LOADING', actions: 'setUser' }, { target: '.SIGNED_OUT' }],
    'whatsNew.seen': { actions: 'askSeen' },
  },
  initial: 'SIGNED_OUT',
  states: {
    SIGNED_OUT: { entry: 'reset', on: { 'whatsNew.seen': {} } },
    LOADING: {
      entry: ['sendList', 'sendReadUser'],
      always: { guard: 'loaded', target: 'READY' },
      on: {
        'connection.replied': [
          { guard: 'isListAnswer', actions: 'storeList' },
          { guard: 'isUserAnswer', actions: 'storeUser' },
        ],
        'connection.failed': [
          { guard: 'isListAnswer', actions: 'storeList' },
          { guard: 'isUserAnswer', actions: 'storeUser' },
        ],
      },
    },
    READY: {
      always: { guard: 'shouldSave', target: 'SAVING' },
      on: {
        'session.pushed': [
          { guard: 'isOwnUserPush', actions: 'storePushedUser' },
          { guard: 'isWhatsNewPush', target: 'REFRESHING' },
        ],
      },
    },
    REFRESHING: {
      entry: 'sendList',
      on: {
        'connection.replied': { guard: 'isListAnswer', target: 'READY', actions: 'storeList' },
        'connection.failed': { guard: 'isListAnswer', target: 'READY' },
      },
    },
    SAVING: {
      entry: 'sendUpdate',
      on: {
        'connection.replied': { guard: 'isUpdateReply', target: 'READY', actions: 'storeSaved' },
        'connection.failed': [
          // Someone (another tab) changed the User item since it was read: read it again and retry once.
          { guard: 'isStaleRetry', target: 'REREADING', actions: 'restoreSeen' },
          { guard: 'isUpdateFailure', target: 'READY', actions: 'restoreSeen' },
        ],
      },
    },
    REREADING: {
      entry: 'sendReadUser',
      on: {
        'connection.replied': { guard: 'isUserAnswer', target: 'READY', actions: ['storeUser', 'askAgain'] },
        'connection.failed': { guard: 'isUserAnswer', target: 'READY' },
      },
    },
  },
});

export type WhatsNewSnapshot = SnapshotFrom<typeof whatsNewMachine>;

/** How many entries the user has not seen. */
export const selectUnseenCount = (snapshot: WhatsNewSnapshot): number => unseenCount(snapshot.context.entries, snapshot.context.seen);
/** The entries, newest version first. */
export const selectEntries = (snapshot: WhatsNewSnapshot): WhatsNewEntry[] => snapshot.context.entries;
/** Whether the list is still being asked for. */
export const selectLoading = (snapshot: WhatsNewSnapshot): boolean => snapshot.matches('LOADING');
