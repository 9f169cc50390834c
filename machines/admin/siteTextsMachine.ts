/**
 * The admin.systext screen's actor: the site's own wording of the messages (locale overrides) of one
 * language, read with `act/localeOverrides`, changed one write at a time with `act/setLocaleOverride`.
 * A saved text is emitted (`siteTexts.changed`) so the running app can show it at once. Both requests
 * are `operation` actors; a language chosen while one loads drops that load with its actor.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LocaleOverridePush } from '../../src/shared/protocol';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { sayApplied } from '../session/sayApplied';

export interface SiteTextsInput {
  /** The language shown first (default `en`). */
  lang?: string;
}

export interface SiteTextsContext {
  lang: string;
  /** Message key to the site's text, for `lang`. */
  overrides: Record<string, string>;
  /** Why the texts could not be had. */
  error: ResourceError | null;
  /** Why the last write was refused, and the message key it concerned (kept until the next write or a clear). */
  saveError: ResourceError | null;
  savingKey: string | null;
  /** The write under way. */
  saving: OperationCall<LocaleOverridePush> | null;
}

export type SiteTextsEvent =
  | { type: 'siteTexts.langChosen'; lang: string }
  | { type: 'siteTexts.reloaded' }
  /** A text for `key`; null (or blank) puts the bundled one back. */
  | { type: 'siteTexts.saved'; key: string; message: string | null }
  /** The refusal was read (the text was changed or the editor closed). */
  | { type: 'siteTexts.errorCleared' };

/** What a saved text changed: `message` null means the bundled text is back. */
export interface SiteTextChanged {
  type: 'siteTexts.changed';
  lang: string;
  key: string;
  message: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The string entries of an `act/localeOverrides` answer. */
const overridesOf = (body: unknown): Record<string, string> =>
  isRecord(body) ? Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

/** The change an `act/setLocaleOverride` answer reports (`{lang, key, message}`), if it is one. */
function changeOf(body: unknown): Omit<SiteTextChanged, 'type'> | null {
  if (!isRecord(body) || typeof body.lang !== 'string' || typeof body.key !== 'string') return null;
  return { lang: body.lang, key: body.key, message: typeof body.message === 'string' ? body.message : null };
}

/** LOADING, READY, SAVING, FAILED: one language's site texts and the writes to them. */
export const siteTextsMachine = setup({
  types: {
    context: {} as SiteTextsContext,
    events: {} as SiteTextsEvent,
    input: {} as SiteTextsInput,
    emitted: {} as SiteTextChanged,
  },
  actors: { operation: operationLogic },
  actions: {
    storeLang: assign(({ event }) =>
      event.type === 'siteTexts.langChosen' ? { lang: event.lang, overrides: {}, saveError: null, savingKey: null } : {},
    ),
    storeOverrides: assign((_, params: { output: unknown }) => ({ overrides: overridesOf(params.output), error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    startWrite: assign(({ context, event }) =>
      event.type === 'siteTexts.saved'
        ? {
            savingKey: event.key,
            saveError: null,
            saving: callOf(operations.setLocaleOverride, { lang: context.lang, key: event.key, message: event.message }),
          }
        : {},
    ),
    endWrite: assign({ saving: null }),
    // The server's answer is the truth: a blank message came back as null (the bundled text).
    storeChange: assign(({ context }, params: { output: unknown }) => {
      const change = changeOf(params.output);
      if (!change || change.lang !== context.lang) return {};
      const { [change.key]: _old, ...rest } = context.overrides;
      return { overrides: change.message === null ? rest : { ...rest, [change.key]: change.message } };
    }),
    announce: enqueueActions(({ enqueue }, params: { output: unknown }) => {
      const change = changeOf(params.output);
      if (change) enqueue.emit({ type: 'siteTexts.changed', ...change });
    }),
    sayApplied: enqueueActions(({ enqueue, system }) => {
      sayApplied(enqueue, system);
    }),
    storeSaveError: assign((_, params: { error: unknown }) => ({ saveError: toResourceError(failureOf(params.error)) })),
    clearSaveError: assign({ saveError: null, savingKey: null }),
  },
}).createMachine({
  id: 'siteTexts',
  context: ({ input }) => ({
    lang: input.lang ?? 'en',
    overrides: {},
    error: null,
    saveError: null,
    savingKey: null,
    saving: null,
  }),
  initial: 'LOADING',
  states: {
    LOADING: {
      invoke: {
        id: 'load',
        src: 'operation',
        input: ({ context }) => callOf(operations.localeOverrides, { lang: context.lang }),
        onDone: { target: 'READY', actions: { type: 'storeOverrides', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        // Re-entered: the load of the previous language stops with its actor, so its answer never lands.
        'siteTexts.langChosen': { target: 'LOADING', reenter: true, actions: 'storeLang' },
      },
    },
    READY: {
      on: {
        'siteTexts.saved': { target: 'SAVING', actions: 'startWrite' },
        'siteTexts.errorCleared': { actions: 'clearSaveError' },
        'siteTexts.langChosen': { target: 'LOADING', actions: 'storeLang' },
        'siteTexts.reloaded': 'LOADING',
      },
    },
    // One write at a time: another language waits until this one is answered.
    SAVING: {
      invoke: {
        id: 'save',
        src: 'operation',
        // Set by the transition into SAVING; the fallback only satisfies the type.
        input: ({ context }) => context.saving ?? callOf(operations.localeOverrides, { lang: context.lang }),
        onDone: {
          target: 'READY',
          actions: [
            'endWrite',
            { type: 'storeChange', params: ({ event }) => ({ output: event.output }) },
            'sayApplied',
            { type: 'announce', params: ({ event }) => ({ output: event.output }) },
          ],
        },
        onError: {
          target: 'READY',
          actions: ['endWrite', { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    FAILED: {
      on: {
        'siteTexts.langChosen': { target: 'LOADING', actions: 'storeLang' },
        'siteTexts.reloaded': 'LOADING',
      },
    },
  },
});

export type SiteTextsActorRef = ActorRefFrom<typeof siteTextsMachine>;
type Snapshot = SnapshotFrom<typeof siteTextsMachine>;

/** LOADING, READY, SAVING or FAILED. */
export const selectSiteTextsStatus = (s: Snapshot): 'LOADING' | 'READY' | 'SAVING' | 'FAILED' =>
  s.matches('LOADING') ? 'LOADING' : s.matches('SAVING') ? 'SAVING' : s.matches('FAILED') ? 'FAILED' : 'READY';
/** The language whose texts are shown. */
export const selectSiteTextsLang = (s: Snapshot): string => s.context.lang;
/** The site's texts of that language, by message key. */
export const selectSiteTexts = (s: Snapshot): Record<string, string> => s.context.overrides;
/** Why the texts could not be had. */
export const selectSiteTextsError = (s: Snapshot): ResourceError | null => s.context.error;
/** Why the last write was refused. */
export const selectSiteTextSaveError = (s: Snapshot): ResourceError | null => s.context.saveError;
/** The message key of the last write (under way, done or refused). */
export const selectSiteTextSavingKey = (s: Snapshot): string | null => s.context.savingKey;
