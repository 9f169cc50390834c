/**
 * The actor of an admin screen that lists items and changes them (system alerts, lists of values):
 * `search/ids` for the query, `readMany/object` for the items when the screen needs them whole, and
 * one write at a time (`create/{type}`, `update`), after which the list is asked again.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import type { Frame } from '../../src/shared/protocol';
import type { SearchQuery } from '../../src/shared/search/SearchQuery';
import type { ConnectionReplyEvent } from '../session/connectionMachine';
import { idsOf, itemsOf, toAdminError, type AdminAlerts, type AdminConnection, type AdminError } from './adminRequests';

export interface AdminItemsInput {
  connection: AdminConnection;
  alerts?: AdminAlerts | null;
  query: SearchQuery;
  /** Read the items whole (false: ids and labels are enough). */
  readItems: boolean;
}

export interface AdminItemsContext extends Required<AdminItemsInput> {
  ids: string[];
  labels: Record<string, string>;
  items: Item[];
  /** Why the list could not be had. */
  error: AdminError | null;
  /** Why the last write was refused, and what the last write changed (its key). */
  saveError: AdminError | null;
  savingKey: string | null;
  /** Counts the list requests, so that a reply to an older one is ignored. */
  generation: number;
}

export type AdminItemsEvent =
  | { type: 'adminItems.reloaded' }
  | { type: 'adminItems.queryChanged'; query: SearchQuery }
  /** A write; `key` names what it changes (`new`, an item id), so the screen knows where to show a refusal. */
  | { type: 'adminItems.saved'; key: string; frame: Frame }
  /** The refusal was read (the form was changed or closed). */
  | { type: 'adminItems.errorCleared' }
  | ConnectionReplyEvent;

const ticketIs = (event: AdminItemsEvent, ticket: string): boolean =>
  (event.type === 'connection.replied' || event.type === 'connection.failed') && event.ticket === ticket;

/** LOADING (SEARCHING, READING), READY, SAVING, FAILED: a list of items and the writes to it. */
export const adminItemsMachine = setup({
  types: {
    context: {} as AdminItemsContext,
    events: {} as AdminItemsEvent,
    input: {} as AdminItemsInput,
  },
  guards: {
    isSearchReply: ({ context, event }) => ticketIs(event, `search:${context.generation}`),
    isReadReply: ({ context, event }) => ticketIs(event, `read:${context.generation}`),
    isSaveReply: ({ event }) => ticketIs(event, 'save'),
    needsItems: ({ context, event }) =>
      ticketIs(event, `search:${context.generation}`) &&
      context.readItems &&
      event.type === 'connection.replied' &&
      idsOf(event.frame.b).ids.length > 0,
  },
  actions: {
    search: enqueueActions(({ context, enqueue, self }) => {
      const generation = context.generation + 1;
      enqueue.assign({ generation });
      enqueue.sendTo(context.connection, {
        type: 'connection.send',
        frame: { o: 'search/ids', b: context.query },
        ticket: `search:${generation}`,
        replyTo: self,
      });
    }),
    storeIds: assign(({ event }) => {
      if (event.type !== 'connection.replied') return {};
      const { ids, labels } = idsOf(event.frame.b);
      return { ids, labels, error: null };
    }),
    clearItems: assign({ items: [] }),
    read: enqueueActions(({ context, enqueue, self }) => {
      enqueue.sendTo(context.connection, {
        type: 'connection.send',
        frame: { o: 'readMany/object', b: context.ids },
        ticket: `read:${context.generation}`,
        replyTo: self,
      });
    }),
    storeItems: assign(({ context, event }) => (event.type === 'connection.replied' ? { items: itemsOf(event.frame.b, context.ids) } : {})),
    storeError: assign(({ event }) => (event.type === 'connection.failed' ? { error: toAdminError(event.failure) } : {})),
    storeQuery: assign(({ event }) => (event.type === 'adminItems.queryChanged' ? { query: event.query } : {})),
    write: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'adminItems.saved') return;
      enqueue.assign({ savingKey: event.key, saveError: null });
      enqueue.sendTo(context.connection, { type: 'connection.send', frame: event.frame, ticket: 'save', replyTo: self });
    }),
    // The write's key stays until the next write, so the screen can tell which form was saved.
    applied: enqueueActions(({ context, enqueue }) => {
      if (context.alerts) enqueue.sendTo(context.alerts, { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
    }),
    storeSaveError: assign(({ event }) => (event.type === 'connection.failed' ? { saveError: toAdminError(event.failure) } : {})),
    clearSaveError: assign({ saveError: null, savingKey: null }),
  },
}).createMachine({
  id: 'adminItems',
  context: ({ input }) => ({
    connection: input.connection,
    alerts: input.alerts ?? null,
    query: input.query,
    readItems: input.readItems,
    ids: [],
    labels: {},
    items: [],
    error: null,
    saveError: null,
    savingKey: null,
    generation: 0,
  }),
  initial: 'LOADING',
  on: {
    'adminItems.queryChanged': { target: '.LOADING', actions: 'storeQuery' },
  },
  states: {
    LOADING: {
      initial: 'SEARCHING',
      states: {
        SEARCHING: {
          entry: 'search',
          on: {
            'connection.replied': [
              { guard: 'needsItems', target: 'READING', actions: 'storeIds' },
              { guard: 'isSearchReply', target: '#adminItems.READY', actions: ['storeIds', 'clearItems'] },
            ],
            'connection.failed': { guard: 'isSearchReply', target: '#adminItems.FAILED', actions: 'storeError' },
          },
        },
        READING: {
          entry: 'read',
          on: {
            'connection.replied': { guard: 'isReadReply', target: '#adminItems.READY', actions: 'storeItems' },
            'connection.failed': { guard: 'isReadReply', target: '#adminItems.FAILED', actions: 'storeError' },
          },
        },
      },
    },
    READY: {
      on: {
        'adminItems.reloaded': 'LOADING',
        'adminItems.saved': { target: 'SAVING', actions: 'write' },
        'adminItems.errorCleared': { actions: 'clearSaveError' },
      },
    },
    SAVING: {
      on: {
        'connection.replied': { guard: 'isSaveReply', target: 'LOADING', actions: 'applied' },
        'connection.failed': { guard: 'isSaveReply', target: 'READY', actions: 'storeSaveError' },
      },
    },
    FAILED: { on: { 'adminItems.reloaded': 'LOADING' } },
  },
});

export type AdminItemsActorRef = ActorRefFrom<typeof adminItemsMachine>;
type Snapshot = SnapshotFrom<typeof adminItemsMachine>;

/** LOADING, READY, SAVING or FAILED. */
export const selectAdminItemsStatus = (s: Snapshot): 'LOADING' | 'READY' | 'SAVING' | 'FAILED' =>
  s.matches('LOADING') ? 'LOADING' : s.matches('SAVING') ? 'SAVING' : s.matches('FAILED') ? 'FAILED' : 'READY';
/** The items (when read whole), in the query's order. */
export const selectAdminItems = (s: Snapshot): Item[] => s.context.items;
/** The ids and labels of the list. */
export const selectAdminIds = (s: Snapshot): string[] => s.context.ids;
export const selectAdminLabels = (s: Snapshot): Record<string, string> => s.context.labels;
/** Why the list could not be had. */
export const selectAdminItemsError = (s: Snapshot): AdminError | null => s.context.error;
/** Why the last write was refused. */
export const selectAdminSaveError = (s: Snapshot): AdminError | null => s.context.saveError;
/** What the last write (under way, done or refused) changes. */
export const selectAdminSavingKey = (s: Snapshot): string | null => s.context.savingKey;
