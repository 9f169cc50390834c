/**
 * The actor of an admin screen that lists items and changes them (system alerts, lists of values):
 * `search/ids` for the query, `readMany/object` for the items when the screen needs them whole, and
 * one write at a time (`create/{type}`, `update`), after which the list is asked again. Every request
 * is an `operation` actor (machines/session/operation.ts).
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { SearchQuery, SearchReply } from '../../src/shared/search/SearchQuery';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { sayApplied } from '../session/sayApplied';

export interface AdminItemsInput {
  query: SearchQuery;
  /** Read the items whole (false: ids and labels are enough). */
  readItems: boolean;
}

export interface AdminItemsContext extends AdminItemsInput {
  ids: string[];
  labels: Record<string, string>;
  items: Item[];
  /** Why the list could not be had. */
  error: ResourceError | null;
  /** Why the last write was refused, and what the last write changed (its key). */
  saveError: ResourceError | null;
  savingKey: string | null;
  /** The write under way. */
  saving: OperationCall | null;
}

export type AdminItemsEvent =
  | { type: 'adminItems.reloaded' }
  | { type: 'adminItems.queryChanged'; query: SearchQuery }
  /** A write; `key` names what it changes (`new`, an item id), so the screen knows where to show a refusal. */
  | { type: 'adminItems.saved'; key: string; call: OperationCall }
  /** The refusal was read (the form was changed or closed). */
  | { type: 'adminItems.errorCleared' };

/** The ids and labels of a search reply. */
const found = (output: unknown): Pick<SearchReply, 'ids' | 'labels'> => {
  const reply = output as SearchReply;
  return { ids: reply.ids, labels: reply.labels ?? {} };
};

/** LOADING (SEARCHING, READING), READY, SAVING, FAILED: a list of items and the writes to it. */
export const adminItemsMachine = setup({
  types: {
    context: {} as AdminItemsContext,
    events: {} as AdminItemsEvent,
    input: {} as AdminItemsInput,
  },
  actors: { operation: operationLogic },
  guards: {
    needsItems: ({ context }, params: { output: unknown }) => context.readItems && found(params.output).ids.length > 0,
  },
  actions: {
    storeIds: assign((_, params: { output: unknown }) => ({ ...found(params.output), error: null })),
    clearItems: assign({ items: [] }),
    // In the order found; an id the read did not answer is left out.
    storeItems: assign(({ context }, params: { output: unknown }) => {
      const reply = params.output as Record<string, Item | undefined>;
      return { items: context.ids.flatMap((id) => reply[id] ?? []) };
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    storeQuery: assign(({ event }) => (event.type === 'adminItems.queryChanged' ? { query: event.query } : {})),
    startWrite: assign(({ event }) =>
      event.type === 'adminItems.saved' ? { savingKey: event.key, saving: event.call, saveError: null } : {},
    ),
    endWrite: assign({ saving: null }),
    // The write's key stays until the next write, so the screen can tell which form was saved.
    sayApplied: enqueueActions(({ enqueue, system }) => {
      sayApplied(enqueue, system);
    }),
    storeSaveError: assign((_, params: { error: unknown }) => ({ saveError: toResourceError(failureOf(params.error)) })),
    clearSaveError: assign({ saveError: null, savingKey: null }),
  },
}).createMachine({
  id: 'adminItems',
  context: ({ input }) => ({
    query: input.query,
    readItems: input.readItems,
    ids: [],
    labels: {},
    items: [],
    error: null,
    saveError: null,
    savingKey: null,
    saving: null,
  }),
  initial: 'LOADING',
  on: {
    // A search under way for the previous query is dropped with its actor.
    'adminItems.queryChanged': { target: '.LOADING', reenter: true, actions: 'storeQuery' },
  },
  states: {
    LOADING: {
      initial: 'SEARCHING',
      states: {
        SEARCHING: {
          invoke: {
            id: 'search',
            src: 'operation',
            input: ({ context }) => callOf(operations.search, context.query),
            onDone: [
              {
                guard: { type: 'needsItems', params: ({ event }) => ({ output: event.output }) },
                target: 'READING',
                actions: { type: 'storeIds', params: ({ event }) => ({ output: event.output }) },
              },
              {
                target: '#adminItems.READY',
                actions: [{ type: 'storeIds', params: ({ event }) => ({ output: event.output }) }, 'clearItems'],
              },
            ],
            onError: {
              target: '#adminItems.FAILED',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        READING: {
          invoke: {
            id: 'read',
            src: 'operation',
            input: ({ context }) => callOf(operations.readMany, context.ids),
            onDone: {
              target: '#adminItems.READY',
              actions: { type: 'storeItems', params: ({ event }) => ({ output: event.output }) },
            },
            onError: {
              target: '#adminItems.FAILED',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    READY: {
      on: {
        'adminItems.reloaded': 'LOADING',
        'adminItems.saved': { target: 'SAVING', actions: 'startWrite' },
        'adminItems.errorCleared': { actions: 'clearSaveError' },
      },
    },
    SAVING: {
      invoke: {
        id: 'save',
        src: 'operation',
        // Set by the transition into SAVING; the fallback only satisfies the type.
        input: ({ context }) => context.saving ?? callOf(operations.search, context.query),
        onDone: { target: 'LOADING', actions: ['endWrite', 'sayApplied'] },
        onError: {
          target: 'READY',
          actions: ['endWrite', { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) }],
        },
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
export const selectAdminItemsError = (s: Snapshot): ResourceError | null => s.context.error;
/** Why the last write was refused. */
export const selectAdminSaveError = (s: Snapshot): ResourceError | null => s.context.saveError;
/** What the last write (under way, done or refused) changes. */
export const selectAdminSavingKey = (s: Snapshot): string | null => s.context.savingKey;
