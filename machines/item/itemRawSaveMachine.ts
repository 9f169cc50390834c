/**
 * The raw JSON edit of one item (spec 000 §5, §6): the whole item, with its `_u`, sent with `update`;
 * the answer goes to the item actor as its own save, a refusal (staleUpdate, notAllowed, a field
 * error) stays here for the dialog.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Item, ItemData } from '../../src/shared/items/types';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { getConnection } from '../systemIds';
import { answers, toItemError, type ItemError } from './itemRequest';

export interface ItemRawSaveContext {
  /** The item as the server answered the last save. */
  saved: Item | null;
  error: ItemError | null;
  /** Field errors of a refused save (`validationFailed`), by property. */
  fields: Record<string, string> | null;
}

export type ItemRawSaveEvent =
  /** The dialog opened: forget the last outcome. */
  { type: 'item.rawEditOpened' } | { type: 'item.rawSaved'; item: ItemData } | ConnectionReplyEvent;

const TICKET = 'rawSave';

const isItem = (value: unknown): value is Item =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { $id?: unknown }).$id === 'string' &&
  typeof (value as { _u?: unknown })._u === 'number';

/** Sends a raw edit and keeps its outcome; SAVED tells the dialog it may close. */
export const itemRawSaveMachine = setup({
  types: {
    context: {} as ItemRawSaveContext,
    events: {} as ItemRawSaveEvent,
  },
  guards: {
    isSaved: ({ event }) => answers(event, TICKET) && event.type === 'connection.replied' && isItem(event.frame.b),
    // An answer that is not an item is as good as no answer.
    isRefused: ({ event }) => answers(event, TICKET),
  },
  actions: {
    sendUpdate: enqueueActions(({ event, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (event.type !== 'item.rawSaved' || !connection) return;
      enqueue.sendTo(connection, { type: 'connection.send', frame: { o: 'update', b: event.item }, ticket: TICKET, replyTo: self });
    }),
    storeSaved: assign(({ event }) =>
      event.type === 'connection.replied' && isItem(event.frame.b) ? { saved: event.frame.b, error: null, fields: null } : {},
    ),
    tellItem: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'connection.replied' && isItem(event.frame.b)) enqueue.sendParent({ type: 'item.saved', item: event.frame.b });
    }),
    storeError: assign(({ event }) => {
      if (event.type !== 'connection.failed') return { error: { userMessage: 'errors.emptyResponse' }, fields: null };
      const { failure } = event;
      return { error: toItemError(failure), fields: failure.kind === 'server' && failure.fields ? failure.fields : null };
    }),
    forget: assign({ error: null, fields: null }),
  },
}).createMachine({
  id: 'itemRawSave',
  context: { saved: null, error: null, fields: null },
  initial: 'IDLE',
  states: {
    IDLE: {
      on: {
        'item.rawEditOpened': { actions: 'forget' },
        'item.rawSaved': { target: 'SAVING', actions: ['forget', 'sendUpdate'] },
      },
    },
    SAVING: {
      on: {
        'connection.replied': [
          { guard: 'isSaved', target: 'SAVED', actions: ['storeSaved', 'tellItem'] },
          { guard: 'isRefused', target: 'IDLE', actions: 'storeError' },
        ],
        'connection.failed': { guard: 'isRefused', target: 'IDLE', actions: 'storeError' },
      },
    },
    SAVED: {
      on: {
        'item.rawEditOpened': { target: 'IDLE', actions: 'forget' },
        'item.rawSaved': { target: 'SAVING', actions: ['forget', 'sendUpdate'] },
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
