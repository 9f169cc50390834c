/**
 * Masquerading (spec 000 §2 user menu and picker dialog, §6, §9): an administrator picks a user
 * (searched among Users, or one of the 5 recent targets kept per locale) and `act/masquerade` answers a
 * token for acting as them; stopping answers the administrator's own token again. Either token replaces
 * the stored one and the page reloads, so every cache and actor starts over as the new user. Both
 * requests are `operation` actors: typing again stops a search under way with its state.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { RECENT_MASQUERADES, SEARCH_MIN_TEXT } from '../../src/shared/constants';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { getAlerts, getConnection } from '../systemIds';
import { failureOf, operationLogic } from './operation';
import type { RequestFailure } from './sessionErrors';
import type { KeyValueStorage } from './sessionEffects';
import { writeStoredToken } from './tokenStore';

/** How long typing must pause before users are searched. */
export const MASQUERADE_DEBOUNCE_MS = 250;
/** How many users one search shows. */
export const MASQUERADE_RESULTS = 10;

/** A user one may masquerade as. */
export interface MasqueradeTarget {
  id: string;
  label: string;
}

export interface MasqueradeInput {
  storage: KeyValueStorage | null;
  reload: () => void;
  locale?: string;
}

export interface MasqueradeContext {
  storage: KeyValueStorage | null;
  reload: () => void;
  locale: string;
  recent: MasqueradeTarget[];
  text: string;
  results: MasqueradeTarget[];
  /** Message key of the last failure shown in the dialog. */
  errorKey: string | null;
  /** The user being switched to; null when stopping. */
  target: MasqueradeTarget | null;
}

export type MasqueradeEvent =
  | { type: 'masquerade.opened' }
  | { type: 'masquerade.closed' }
  | { type: 'masquerade.typed'; text: string }
  | { type: 'masquerade.started'; target: MasqueradeTarget }
  | { type: 'masquerade.stopRequested' };

/** Local storage key of the recent targets for a locale (spec 000 §9: stored per locale). */
export const recentKey = (locale: string): string => `kk-recent-masquerades-${locale}`;

/** The recent targets stored for a locale; anything malformed is dropped. */
export function readRecent(storage: KeyValueStorage | null, locale: string): MasqueradeTarget[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(recentKey(locale)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (t: unknown): t is MasqueradeTarget =>
          typeof t === 'object' &&
          t !== null &&
          typeof (t as MasqueradeTarget).id === 'string' &&
          typeof (t as MasqueradeTarget).label === 'string',
      )
      .slice(0, RECENT_MASQUERADES);
  } catch {
    return [];
  }
}

/** `target` first, then the others, at most RECENT_MASQUERADES. */
export const withRecent = (recent: readonly MasqueradeTarget[], target: MasqueradeTarget): MasqueradeTarget[] =>
  [target, ...recent.filter((t) => t.id !== target.id)].slice(0, RECENT_MASQUERADES);

const trimmed = (text: string): string => text.trim();
const failureKey = (failure: RequestFailure): string => (failure.kind === 'client' ? failure.key : `errors.${failure.userMessage}`);
/** The token of an `act/masquerade` answer, if it has one. */
const newTokenOf = (output: unknown): string | null => {
  const token = (output as { newToken?: unknown } | null | undefined)?.newToken;
  return typeof token === 'string' ? token : null;
};

/** The users of a `search/ids` answer with their labels. */
function toTargets(body: unknown): MasqueradeTarget[] {
  const { ids, labels } = (body ?? {}) as { ids?: unknown; labels?: Record<string, unknown> };
  if (!Array.isArray(ids)) return [];
  return ids
    .filter((id): id is string => typeof id === 'string')
    .map((id) => ({ id, label: typeof labels?.[id] === 'string' ? (labels[id] as string) : id }));
}

/** The picker dialog's search and recent targets, and the switch of tokens to start or stop masquerading. */
export const masqueradeMachine = setup({
  types: {
    context: {} as MasqueradeContext,
    events: {} as MasqueradeEvent,
    input: {} as MasqueradeInput,
  },
  actors: { operation: operationLogic },
  delays: {
    debounce: MASQUERADE_DEBOUNCE_MS,
  },
  guards: {
    isShort: ({ event }) => event.type === 'masquerade.typed' && trimmed(event.text).length < SEARCH_MIN_TEXT,
    hasNewToken: (_, params: { output: unknown }) => newTokenOf(params.output) !== null,
    isStopping: ({ context }) => context.target === null,
  },
  actions: {
    clearDialog: assign({ text: '', results: [], errorKey: null }),
    setText: assign(({ event }) => (event.type === 'masquerade.typed' ? { text: event.text } : {})),
    clearResults: assign({ results: [], errorKey: null }),
    storeResults: assign((_, params: { output: unknown }) => ({ results: toTargets(params.output), errorKey: null })),
    storeError: assign((_, params: { error: unknown }) => ({ errorKey: failureKey(failureOf(params.error)) })),
    setTarget: assign(({ event }) =>
      event.type === 'masquerade.started' ? { target: event.target, errorKey: null } : { target: null, errorKey: null },
    ),
    rememberTarget: ({ context }) => {
      if (!context.target) return;
      try {
        context.storage?.setItem(recentKey(context.locale), JSON.stringify(withRecent(context.recent, context.target)));
      } catch {
        // Without storage the list is simply not remembered.
      }
    },
    // The socket of the old token is dropped first: its close (the server ends a stopped masquerade)
    // must not reach auth, which would clear the new token as a sign-out.
    adoptToken: enqueueActions(({ context, enqueue, system }, params: { output: unknown }) => {
      const token = newTokenOf(params.output);
      if (token === null) return;
      const connection = getConnection(system);
      if (connection) enqueue.sendTo(connection, { type: 'connection.reset' });
      enqueue(() => {
        writeStoredToken(context.storage, token);
        context.reload();
      });
    }),
    // Without an error (an answer with no token) the failure is a general one.
    raiseFailure: enqueueActions(({ enqueue, system }, params: { error?: unknown }) => {
      const alerts = getAlerts(system);
      const key = params.error === undefined ? 'errors.generalFailure' : failureKey(failureOf(params.error));
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message: key } });
    }),
  },
}).createMachine({
  id: 'masquerade',
  context: ({ input }) => {
    const locale = input.locale ?? 'en';
    return {
      storage: input.storage,
      reload: input.reload,
      locale,
      recent: readRecent(input.storage, locale),
      text: '',
      results: [],
      errorKey: null,
      target: null,
    };
  },
  initial: 'CLOSED',
  states: {
    CLOSED: {
      on: {
        'masquerade.opened': { target: 'PICKING', actions: 'clearDialog' },
        'masquerade.stopRequested': { target: 'SWITCHING', actions: 'setTarget' },
        // A recent target straight from the user menu.
        'masquerade.started': { target: 'SWITCHING', actions: 'setTarget' },
      },
    },
    PICKING: {
      initial: 'QUIET',
      on: {
        'masquerade.closed': 'CLOSED',
        'masquerade.typed': [
          { guard: 'isShort', target: '.QUIET', actions: ['setText', 'clearResults'] },
          { target: '.WAITING', reenter: true, actions: 'setText' },
        ],
        'masquerade.started': { target: 'SWITCHING', actions: 'setTarget' },
      },
      states: {
        QUIET: {},
        WAITING: { after: { debounce: 'FETCHING' } },
        // Typing again leaves the state, which stops this search: its answer is never taken.
        FETCHING: {
          invoke: {
            id: 'search',
            src: 'operation',
            input: ({ context }) =>
              callOf(operations.search, { must: { q: trimmed(context.text), _: 'User' }, max: MASQUERADE_RESULTS, labels: true }),
            onDone: { target: 'QUIET', actions: { type: 'storeResults', params: ({ event }) => ({ output: event.output }) } },
            onError: { target: 'QUIET', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    SWITCHING: {
      invoke: {
        id: 'switch',
        src: 'operation',
        input: ({ context }) => callOf(operations.masquerade, context.target ? { targetUserID: context.target.id } : { stop: true }),
        onDone: [
          {
            guard: { type: 'hasNewToken', params: ({ event }) => ({ output: event.output }) },
            target: 'SWITCHED',
            actions: ['rememberTarget', { type: 'adoptToken', params: ({ event }) => ({ output: event.output }) }],
          },
          { target: 'CLOSED', actions: { type: 'raiseFailure', params: {} } },
        ],
        onError: [
          { guard: 'isStopping', target: 'CLOSED', actions: { type: 'raiseFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'PICKING', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // The page reloads; nothing more to do here.
    SWITCHED: {},
  },
});

export type MasqueradeSnapshot = SnapshotFrom<typeof masqueradeMachine>;

/** Whether the picker dialog is open (also while the switch it started is under way). */
export const selectPickerOpen = (s: MasqueradeSnapshot): boolean =>
  s.matches('PICKING') || (s.matches('SWITCHING') && s.context.target !== null);
/** Whether a switch is under way (the dialog's buttons wait). */
export const selectSwitching = (s: MasqueradeSnapshot): boolean => s.matches('SWITCHING') || s.matches('SWITCHED');
/** Whether users are being searched. */
export const selectSearching = (s: MasqueradeSnapshot): boolean => s.matches({ PICKING: 'WAITING' }) || s.matches({ PICKING: 'FETCHING' });
/** The search text. */
export const selectText = (s: MasqueradeSnapshot): string => s.context.text;
/** The users found. */
export const selectResults = (s: MasqueradeSnapshot): MasqueradeTarget[] => s.context.results;
/** The recent targets, newest first. */
export const selectRecent = (s: MasqueradeSnapshot): MasqueradeTarget[] => s.context.recent;
/** The message key of the last failure, if any. */
export const selectErrorKey = (s: MasqueradeSnapshot): string | null => s.context.errorKey;
