/**
 * The admin.systext screen's actor: the site's own wording of the messages (locale overrides) of one
 * language, read with `act/localeOverrides`, changed one write at a time with `act/setLocaleOverride`.
 * A saved text is emitted (`siteTexts.changed`) so the running app can show it at once.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConnectionReplyEvent } from '../session/connectionMachine';
import { toAdminError, type AdminAlerts, type AdminConnection, type AdminError } from './adminRequests';

export interface SiteTextsInput {
  connection: AdminConnection;
  alerts?: AdminAlerts | null;
  /** The language shown first (default `en`). */
  lang?: string;
}

export interface SiteTextsContext {
  connection: AdminConnection;
  alerts: AdminAlerts | null;
  lang: string;
  /** Message key to the site's text, for `lang`. */
  overrides: Record<string, string>;
  /** Why the texts could not be had. */
  error: AdminError | null;
  /** Why the last write was refused, and the message key it concerned (kept until the next write or a clear). */
  saveError: AdminError | null;
  savingKey: string | null;
  /** Counts the list requests, so that a reply to an older one (another language) is ignored. */
  generation: number;
}

export type SiteTextsEvent =
  | { type: 'siteTexts.langChosen'; lang: string }
  | { type: 'siteTexts.reloaded' }
  /** A text for `key`; null (or blank) puts the bundled one back. */
  | { type: 'siteTexts.saved'; key: string; message: string | null }
  /** The refusal was read (the text was changed or the editor closed). */
  | { type: 'siteTexts.errorCleared' }
  | ConnectionReplyEvent;

/** What a saved text changed: `message` null means the bundled text is back. */
export interface SiteTextChanged {
  type: 'siteTexts.changed';
  lang: string;
  key: string;
  message: string | null;
}

const SAVE_TICKET = 'siteTexts.save';
const loadTicket = (generation: number): string => `siteTexts.load:${generation}`;

const ticketIs = (event: SiteTextsEvent, ticket: string): boolean =>
  (event.type === 'connection.replied' || event.type === 'connection.failed') && event.ticket === ticket;

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
  guards: {
    isLoadReply: ({ context, event }) => ticketIs(event, loadTicket(context.generation)),
    isSaveReply: ({ event }) => ticketIs(event, SAVE_TICKET),
  },
  actions: {
    load: enqueueActions(({ context, enqueue, self }) => {
      const generation = context.generation + 1;
      enqueue.assign({ generation });
      enqueue.sendTo(context.connection, {
        type: 'connection.send',
        frame: { o: 'act/localeOverrides', b: { lang: context.lang } },
        ticket: loadTicket(generation),
        replyTo: self,
      });
    }),
    storeLang: assign(({ event }) =>
      event.type === 'siteTexts.langChosen' ? { lang: event.lang, overrides: {}, saveError: null, savingKey: null } : {},
    ),
    storeOverrides: assign(({ event }) =>
      event.type === 'connection.replied' ? { overrides: overridesOf(event.frame.b), error: null } : {},
    ),
    storeError: assign(({ event }) => (event.type === 'connection.failed' ? { error: toAdminError(event.failure) } : {})),
    write: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'siteTexts.saved') return;
      enqueue.assign({ savingKey: event.key, saveError: null });
      const frame = { o: 'act/setLocaleOverride', b: { lang: context.lang, key: event.key, message: event.message } };
      enqueue.sendTo(context.connection, { type: 'connection.send', frame, ticket: SAVE_TICKET, replyTo: self });
    }),
    // The server's answer is the truth: a blank message came back as null (the bundled text).
    storeChange: assign(({ context, event }) => {
      const change = event.type === 'connection.replied' ? changeOf(event.frame.b) : null;
      if (!change || change.lang !== context.lang) return {};
      const { [change.key]: _old, ...rest } = context.overrides;
      return { overrides: change.message === null ? rest : { ...rest, [change.key]: change.message } };
    }),
    announce: enqueueActions(({ event, enqueue }) => {
      const change = event.type === 'connection.replied' ? changeOf(event.frame.b) : null;
      if (change) enqueue.emit({ type: 'siteTexts.changed', ...change });
    }),
    applied: enqueueActions(({ context, enqueue }) => {
      if (context.alerts) enqueue.sendTo(context.alerts, { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
    }),
    storeSaveError: assign(({ event }) => (event.type === 'connection.failed' ? { saveError: toAdminError(event.failure) } : {})),
    clearSaveError: assign({ saveError: null, savingKey: null }),
  },
}).createMachine({
  id: 'siteTexts',
  context: ({ input }) => ({
    connection: input.connection,
    alerts: input.alerts ?? null,
    lang: input.lang ?? 'en',
    overrides: {},
    error: null,
    saveError: null,
    savingKey: null,
    generation: 0,
  }),
  initial: 'LOADING',
  states: {
    LOADING: {
      entry: 'load',
      on: {
        'connection.replied': { guard: 'isLoadReply', target: 'READY', actions: 'storeOverrides' },
        'connection.failed': { guard: 'isLoadReply', target: 'FAILED', actions: 'storeError' },
        'siteTexts.langChosen': { target: 'LOADING', reenter: true, actions: 'storeLang' },
      },
    },
    READY: {
      on: {
        'siteTexts.saved': { target: 'SAVING', actions: 'write' },
        'siteTexts.errorCleared': { actions: 'clearSaveError' },
        'siteTexts.langChosen': { target: 'LOADING', actions: 'storeLang' },
        'siteTexts.reloaded': 'LOADING',
      },
    },
    // One write at a time: another language waits until this one is answered.
    SAVING: {
      on: {
        'connection.replied': { guard: 'isSaveReply', target: 'READY', actions: ['storeChange', 'applied', 'announce'] },
        'connection.failed': { guard: 'isSaveReply', target: 'READY', actions: 'storeSaveError' },
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
export const selectSiteTextsError = (s: Snapshot): AdminError | null => s.context.error;
/** Why the last write was refused. */
export const selectSiteTextSaveError = (s: Snapshot): AdminError | null => s.context.saveError;
/** The message key of the last write (under way, done or refused). */
export const selectSiteTextSavingKey = (s: Snapshot): string | null => s.context.savingKey;
