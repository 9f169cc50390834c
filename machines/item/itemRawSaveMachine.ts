/**
 * The raw JSON edit of one item (spec 000 §5, §6): the whole item, with its `_u`, sent with `update`
 * as an `operation` actor; the answer goes to the item actor as its own save, a refusal (staleUpdate,
 * notAllowed, a field error) stays here for the dialog.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isItem } from '../../src/shared/items/isItem';
import type { Item, ItemData } from '../../src/shared/items/types';
import type { BodyOf } from '../../src/shared/protocol/defineOperation';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { failureOf, operationLogic } from '../session/operation';
import { toItemError, type ItemError } from './itemRequest';

export interface ItemRawSaveContext {
  /** The item as the server answered the last save. */
  saved: Item | null;
  /** The item being sent. */
  draft: ItemData | null;
  error: ItemError | null;
  /** Field errors of a refused save (`validationFailed`), by property. */
  fields: Record<string, string> | null;
}

export type ItemRawSaveEvent =
  /** The dialog opened: forget the last outcome. */
  { type: 'item.rawEditOpened' } | { type: 'item.rawSaved'; item: ItemData };

/** Sends a raw edit and keeps its outcome; SAVED tells the dialog it may close. */
export const itemRawSaveMachine = setup({
  types: {
    context: {} as ItemRawSaveContext,
    events: {} as ItemRawSaveEvent,
  },
  actors: { operation: operationLogic },
  guards: {
    isSaved: (_, params: { output: unknown }) => isItem(params.output),
  },
  actions: {
    keepDraft: assign(({ event }) => (event.type === 'item.rawSaved' ? { draft: event.item } : {})),
    storeSaved: assign((_, params: { output: unknown }) =>
      isItem(params.output) ? { saved: params.output, draft: null, error: null, fields: null } : {},
    ),
    tellItem: enqueueActions(({ enqueue }, params: { output: unknown }) => {
      if (isItem(params.output)) enqueue.sendParent({ type: 'item.saved', item: params.output });
    }),
    // An answer that is not an item is as good as no answer.
    storeEmpty: assign({ draft: null, error: { userMessage: 'errors.emptyResponse' }, fields: null }),
    storeError: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { draft: null, error: toItemError(failure), fields: failure.kind === 'server' && failure.fields ? failure.fields : null };
    }),
    forget: assign({ error: null, fields: null }),
  },
}).createMachine({
  id: 'itemRawSave',
  context: { saved: null, draft: null, error: null, fields: null },
  initial: 'IDLE',
  states: {
    IDLE: {
      on: {
        'item.rawEditOpened': { actions: 'forget' },
        'item.rawSaved': { target: 'SAVING', actions: ['forget', 'keepDraft'] },
      },
    },
    SAVING: {
      invoke: {
        id: 'update',
        src: 'operation',
        input: ({ context }) => callOf(operations.update, context.draft as BodyOf<typeof operations.update>),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => ({ output: event.output }) },
            target: 'SAVED',
            actions: [
              { type: 'storeSaved', params: ({ event }) => ({ output: event.output }) },
              { type: 'tellItem', params: ({ event }) => ({ output: event.output }) },
            ],
          },
          { target: 'IDLE', actions: 'storeEmpty' },
        ],
        onError: { target: 'IDLE', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    SAVED: {
      on: {
        'item.rawEditOpened': { target: 'IDLE', actions: 'forget' },
        'item.rawSaved': { target: 'SAVING', actions: ['forget', 'keepDraft'] },
      },
    },
  },
});

export type ItemRawSaveActorRef = ActorRefFrom<typeof itemRawSaveMachine>;
type Snapshot = SnapshotFrom<typeof itemRawSaveMachine>;

/** IDLE, SAVING or SAVED. */
export const selectRawStatus = (snapshot: Snapshot): Snapshot['value'] => snapshot.value;
/** Why the last save was refused. */
export const selectRawError = (snapshot: Snapshot): ItemError | null => snapshot.context.error;
/** The field errors of the last refusal. */
export const selectRawFields = (snapshot: Snapshot): Record<string, string> | null => snapshot.context.fields;
