/**
 * What the shell around the columns remembers on this browser: display preferences set from the user
 * menu (they override the user's server-side defaults), the cookie banner, the search bar toggle and a
 * new version of the app waiting behind the service worker (spec 000 §2 header and menus).
 */
import { assign, emit, setup } from 'xstate';
import type { KeyValueStorage } from './sessionEffects';

/** Local storage keys of the shell. */
export const PREFS_KEY = 'kk-prefs';
export const COOKIES_KEY = 'kk-cookies-ok';
/** Version of the stored preferences; other versions are ignored rather than misread. */
const PREFS_VERSION = 1;

export type PrefName = 'dark' | 'hideGuidance' | 'multiColumns' | 'debugLogging';
/** Preferences chosen on this browser; a missing one falls back to the user's setting. */
export type Prefs = Partial<Record<PrefName, boolean>>;

export interface ShellContext {
  prefs: Prefs;
  searchOpen: boolean;
  storage: KeyValueStorage | null;
}

export interface ShellInput {
  storage: KeyValueStorage | null;
}

export type ShellEvent =
  | { type: 'shell.prefSet'; pref: PrefName; value: boolean }
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

/** Shell preferences, cookie banner, search toggle and the new-version prompt. */
export const shellMachine = setup({
  types: {
    context: {} as ShellContext,
    events: {} as ShellEvent,
    input: {} as ShellInput,
    emitted: {} as ShellEmitted,
  },
  guards: {
    cookiesAcceptedBefore: ({ context }) => safeGet(context.storage, COOKIES_KEY) === '1',
  },
  actions: {
    setPref: assign(({ context, event }) =>
      event.type === 'shell.prefSet' ? { prefs: { ...context.prefs, [event.pref]: event.value } } : {},
    ),
    persistPrefs: ({ context }) => safeSet(context.storage, PREFS_KEY, JSON.stringify({ v: PREFS_VERSION, prefs: context.prefs })),
    persistCookies: ({ context }) => safeSet(context.storage, COOKIES_KEY, '1'),
    toggleSearch: assign(({ context }) => ({ searchOpen: !context.searchOpen })),
    closeSearch: assign({ searchOpen: false }),
    acceptUpdate: emit({ type: 'shell.updateAccepted' }),
  },
}).createMachine({
  id: 'shell',
  context: ({ input }) => ({ prefs: readPrefs(input.storage), searchOpen: false, storage: input.storage }),
  type: 'parallel',
  on: {
    'shell.prefSet': { actions: ['setPref', 'persistPrefs'] },
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
  },
});
