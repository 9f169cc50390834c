/**
 * What's new for the signed-in user (spec 000 §2 help and docs menus, §3 what's-new versions): the
 * entries the server shows them in their locale, the newest version they have seen (kept on their
 * User item, so every tab and device agrees) and how many entries are newer than that. The requests
 * are `operation` actors of the state that needs them: a new user (or none) stops those of the last.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { compareVersions } from '../../src/shared/items/formRules';
import { Push, UserMessage } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from './operation';
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
  { type: 'whatsNew.seen' } | UserWatchEvent | SessionWatchEvent;

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

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
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
  actors: { userWatch, sessionWatch, operation: operationLogic },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isStaleRetry: ({ context }, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return failure.kind === 'server' && failure.userMessage === UserMessage.staleUpdate && context.attempts < 2;
    },
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
    // A list that cannot be had (output null) shows as empty: the count is a hint, not worth an error message.
    storeList: assign((_, params: { output: unknown }) => ({ entries: toEntries(params.output), listLoaded: true })),
    storeUser: assign((_, params: { output: unknown }) => ({ ...(userFields(asRecord(params.output)) ?? {}), userLoaded: true })),
    storePushedUser: assign(({ event }) =>
      event.type === 'session.pushed' ? (userFields(event.frame.b as Record<string, unknown>) ?? {}) : {},
    ),
    askSeen: assign(({ context }) => ({ seenAsked: true, attempts: context.seenAsked ? context.attempts : 0 })),
    // Optimistic: the badge drops at once; a failed save puts the previous version back.
    markSeen: assign(({ context }) => ({
      seenBefore: context.seen,
      seen: newestVersion(context.entries),
      seenAsked: false,
      attempts: context.attempts + 1,
    })),
    storeSaved: assign((_, params: { output: unknown }) => ({
      ...(userFields(asRecord(params.output)) ?? {}),
      seenBefore: undefined,
      attempts: 0,
    })),
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
      invoke: [
        {
          id: 'list',
          src: 'operation',
          input: ({ context }) => callOf(operations.whatsNew, { locale: context.locale }),
          onDone: { actions: { type: 'storeList', params: ({ event }) => ({ output: event.output }) } },
          onError: { actions: { type: 'storeList', params: { output: null } } },
        },
        {
          id: 'readUser',
          src: 'operation',
          input: ({ context }) => callOf(operations.read, undefined, { id: context.userId ?? '' }),
          onDone: { actions: { type: 'storeUser', params: ({ event }) => ({ output: event.output }) } },
          onError: { actions: { type: 'storeUser', params: { output: null } } },
        },
      ],
      always: { guard: 'loaded', target: 'READY' },
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
    // A refresh that fails keeps the entries shown.
    REFRESHING: {
      invoke: {
        id: 'list',
        src: 'operation',
        input: ({ context }) => callOf(operations.whatsNew, { locale: context.locale }),
        onDone: { target: 'READY', actions: { type: 'storeList', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'READY' },
      },
    },
    SAVING: {
      entry: 'markSeen',
      invoke: {
        id: 'update',
        src: 'operation',
        input: ({ context }) =>
          callOf(operations.update, { $id: context.userId ?? '', _u: context.userU ?? 0, whatsNewSeen: context.seen ?? null }),
        onDone: { target: 'READY', actions: { type: 'storeSaved', params: ({ event }) => ({ output: event.output }) } },
        onError: [
          // Someone (another tab) changed the User item since it was read: read it again and retry once.
          {
            guard: { type: 'isStaleRetry', params: ({ event }) => ({ error: event.error }) },
            target: 'REREADING',
            actions: 'restoreSeen',
          },
          { target: 'READY', actions: 'restoreSeen' },
        ],
      },
    },
    REREADING: {
      invoke: {
        id: 'readUser',
        src: 'operation',
        input: ({ context }) => callOf(operations.read, undefined, { id: context.userId ?? '' }),
        onDone: {
          target: 'READY',
          actions: [{ type: 'storeUser', params: ({ event }) => ({ output: event.output }) }, 'askAgain'],
        },
        onError: { target: 'READY' },
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
