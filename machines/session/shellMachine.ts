/**
 * What the shell around the columns remembers: display preferences set from the user menu, the cookie
 * banner, the search bar toggle and a new version of the app waiting behind the service worker (spec
 * 000 §2 header and menus). Signed in, dark / hide guidance / multi columns are the User item's: taken
 * from the user session and saved back on every change; this browser keeps a copy for signed-out
 * visits and the first paint. The read and the update are `operation` actors of the sync region.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { UserMessage } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { getAlerts } from '../systemIds';
import { failureOf, operationLogic } from './operation';
import { failureToError } from './sessionErrors';
import type { KeyValueStorage } from './sessionEffects';
import { userWatch, type UserWatchEvent } from './userWatch';

/** Local storage keys of the shell. */
export const PREFS_KEY = 'kk-prefs';
export const COOKIES_KEY = 'kk-cookies-ok';
/** Version of the stored preferences; other versions are ignored rather than misread. */
const PREFS_VERSION = 1;

export type PrefName = 'dark' | 'hideGuidance' | 'multiColumns' | 'debugLogging';
/** Preferences chosen on this browser; a missing one falls back to the user's setting. */
export type Prefs = Partial<Record<PrefName, boolean>>;
/** The preferences the User item keeps (debug logging stays with the browser). */
export const USER_PREFS = ['dark', 'hideGuidance', 'multiColumns'] as const;
export type UserPrefName = (typeof USER_PREFS)[number];

export interface ShellContext {
  prefs: Prefs;
  searchOpen: boolean;
  storage: KeyValueStorage | null;
  /** The signed-in user, whose User item the user preferences are saved to. */
  userId: string | null;
  /** User preferences changed and not yet sent. */
  unsaved: Partial<Record<UserPrefName, boolean>>;
  /** User preferences in the update under way. */
  saving: Partial<Record<UserPrefName, boolean>>;
  /** The User item's update counter, as read for the update under way. */
  readU: number | null;
  /** Saves of the current changes: a stale one is retried once. */
  attempts: number;
}

export interface ShellInput {
  storage: KeyValueStorage | null;
}

export type ShellEvent =
  | { type: 'shell.prefSet'; pref: PrefName; value: boolean }
  | UserWatchEvent
  | { type: 'shell.cookiesAccepted' }
  | { type: 'shell.searchToggled' }
  | { type: 'shell.searchClosed' }
  /** The service worker installed a new version that waits for the user's consent. */
  | { type: 'shell.newVersionFound' }
  | { type: 'shell.newVersionAccepted' }
  | { type: 'shell.newVersionPostponed' };

/** Emitted when the user wants the new version now: the service worker takes over and the page reloads. */
export type ShellEmitted = { type: 'shell.updateAccepted' };

function safeGet(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

/** Reads the stored preferences; anything unexpected counts as none. */
export function readPrefs(storage: KeyValueStorage | null): Prefs {
  try {
    const parsed: unknown = JSON.parse(safeGet(storage, PREFS_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const record = parsed as { v?: unknown; prefs?: unknown };
    if (record.v !== PREFS_VERSION || typeof record.prefs !== 'object' || record.prefs === null) return {};
    return Object.fromEntries(Object.entries(record.prefs).filter(([, value]) => typeof value === 'boolean')) as Prefs;
  } catch {
    return {};
  }
}

const isUserPref = (pref: PrefName): pref is UserPrefName => (USER_PREFS as readonly string[]).includes(pref);

/** The read of the signed-in user's User item, for its _u. */
const readUserCall = (context: ShellContext) => callOf(operations.read, undefined, { id: context.userId ?? '' });
/** The update counter of a read answer, if it has one. */
const uOf = (output: unknown): number | null => {
  const u = (output as { _u?: unknown } | null | undefined)?._u;
  return typeof u === 'number' ? u : null;
};

/** Shell preferences, cookie banner, search toggle and the new-version prompt. */
export const shellMachine = setup({
  types: {
    context: {} as ShellContext,
    events: {} as ShellEvent,
    input: {} as ShellInput,
    emitted: {} as ShellEmitted,
  },
  actors: { userWatch, operation: operationLogic },
  guards: {
    cookiesAcceptedBefore: ({ context }) => safeGet(context.storage, COOKIES_KEY) === '1',
    hasUnsaved: ({ context }) => context.userId !== null && Object.keys(context.unsaved).length > 0,
    hasVersion: (_, params: { output: unknown }) => uOf(params.output) !== null,
    isStaleRetry: ({ context }, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return failure.kind === 'server' && failure.userMessage === UserMessage.staleUpdate && context.attempts < 2;
    },
    isSignedOut: ({ context }) => context.userId === null,
  },
  actions: {
    setPref: assign(({ context, event }) => {
      if (event.type !== 'shell.prefSet') return {};
      const prefs = { ...context.prefs, [event.pref]: event.value };
      // Signed out, the choice stays with this browser until the next sign-in brings the user's own.
      if (!isUserPref(event.pref) || context.userId === null) return { prefs };
      return { prefs, unsaved: { ...context.unsaved, [event.pref]: event.value }, attempts: 0 };
    }),
    // The user's settings win over this browser's copy; changes not saved yet stay on top of them.
    adoptUser: assign(({ context, event }) => {
      if (event.type !== 'session.userChanged') return {};
      if (!event.user) return { userId: null, unsaved: {}, saving: {}, attempts: 0 };
      const { user } = event;
      const fromUser: Prefs = { hideGuidance: user.hideGuidance === true, multiColumns: user.multiColumns === true };
      // The server's dark flag defaults to false, which says nothing about a choice: false leaves the system's scheme.
      const { dark: _ignored, ...rest } = context.prefs;
      const base = user.dark === true ? { ...rest, dark: true } : rest;
      return { userId: user.$id, prefs: { ...base, ...fromUser, ...context.saving, ...context.unsaved } };
    }),
    startSaving: assign(({ context }, params: { output: unknown }) => ({
      readU: uOf(params.output),
      saving: context.unsaved,
      unsaved: {},
      attempts: context.attempts + 1,
    })),
    savedDone: assign({ saving: {} }),
    // Read again and send what was being saved, under anything changed since.
    requeueSaving: assign(({ context }) => ({ unsaved: { ...context.saving, ...context.unsaved }, saving: {} })),
    dropSaving: assign({ saving: {} }),
    dropUnsaved: assign({ unsaved: {} }),
    reportFailure: enqueueActions(({ enqueue, system }, params: { error: unknown; operation: string }) => {
      const alerts = getAlerts(system);
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.errorRaised', error: failureToError(failureOf(params.error), params.operation) });
    }),
    persistPrefs: ({ context }) => safeSet(context.storage, PREFS_KEY, JSON.stringify({ v: PREFS_VERSION, prefs: context.prefs })),
    persistCookies: ({ context }) => safeSet(context.storage, COOKIES_KEY, '1'),
    toggleSearch: assign(({ context }) => ({ searchOpen: !context.searchOpen })),
    closeSearch: assign({ searchOpen: false }),
    acceptUpdate: emit({ type: 'shell.updateAccepted' }),
  },
}).createMachine({
  id: 'shell',
  context: ({ input }) => ({
    prefs: readPrefs(input.storage),
    searchOpen: false,
    storage: input.storage,
    userId: null,
    unsaved: {},
    saving: {},
    readU: null,
    attempts: 0,
  }),
  type: 'parallel',
  invoke: { src: 'userWatch' },
  on: {
    'shell.prefSet': { actions: ['setPref', 'persistPrefs'] },
    'session.userChanged': { actions: ['adoptUser', 'persistPrefs'] },
    'shell.searchToggled': { actions: 'toggleSearch' },
    'shell.searchClosed': { actions: 'closeSearch' },
  },
  states: {
    cookies: {
      initial: 'CHECKING',
      states: {
        CHECKING: { always: [{ guard: 'cookiesAcceptedBefore', target: 'ACCEPTED' }, { target: 'ASKING' }] },
        ASKING: { on: { 'shell.cookiesAccepted': { target: 'ACCEPTED', actions: 'persistCookies' } } },
        ACCEPTED: {},
      },
    },
    update: {
      initial: 'CURRENT',
      states: {
        CURRENT: { on: { 'shell.newVersionFound': 'AVAILABLE' } },
        AVAILABLE: {
          on: {
            'shell.newVersionAccepted': { target: 'POSTPONED', actions: 'acceptUpdate' },
            'shell.newVersionPostponed': 'POSTPONED',
          },
        },
        // Asked once per page: the next page load runs the new version anyway.
        POSTPONED: {},
      },
    },
    // Saving the user preferences to the User item: read it for its _u, then update.
    sync: {
      initial: 'IDLE',
      states: {
        IDLE: { always: { guard: 'hasUnsaved', target: 'READING' } },
        // Signing out leaves the state, which stops the read.
        READING: {
          always: { guard: 'isSignedOut', target: 'IDLE' },
          invoke: {
            id: 'readUser',
            src: 'operation',
            input: ({ context }) => readUserCall(context),
            onDone: [
              {
                guard: { type: 'hasVersion', params: ({ event }) => ({ output: event.output }) },
                target: 'UPDATING',
                actions: { type: 'startSaving', params: ({ event }) => ({ output: event.output }) },
              },
              // An answer without _u cannot be updated: the choice still holds on this browser.
              { target: 'IDLE', actions: 'dropUnsaved' },
            ],
            // Not retried: the choice still holds on this browser, and the error says it was not saved.
            onError: {
              target: 'IDLE',
              actions: [
                'dropUnsaved',
                {
                  type: 'reportFailure',
                  params: ({ context, event }) => ({ error: event.error, operation: readUserCall(context).o }),
                },
              ],
            },
          },
        },
        UPDATING: {
          invoke: {
            id: 'update',
            src: 'operation',
            input: ({ context }) => callOf(operations.update, { $id: context.userId ?? '', _u: context.readU ?? 0, ...context.saving }),
            onDone: { target: 'IDLE', actions: 'savedDone' },
            onError: [
              // Another tab or device changed the User item since it was read.
              {
                guard: { type: 'isStaleRetry', params: ({ event }) => ({ error: event.error }) },
                target: 'READING',
                actions: 'requeueSaving',
              },
              {
                target: 'IDLE',
                actions: ['dropSaving', { type: 'reportFailure', params: ({ event }) => ({ error: event.error, operation: 'update' }) }],
              },
            ],
          },
        },
      },
    },
  },
});
