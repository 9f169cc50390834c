/**
 * The signed-in user's notification preference for one item (spec 000 §6): read with `act/getNotify`
 * when the settings dialog opens, written with `act/setNotify` on Apply or Defaults. Both requests
 * are `operation` actors.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { NOTIFY_PREFERENCES, type NotifyPreference } from '../../src/shared/items/types';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { failureOf, operationLogic } from '../session/operation';
import { toItemError, type ItemError } from './itemRequest';
import { sayApplied } from '../session/sayApplied';

export interface ItemNotifyContext {
  id: string;
  notify: NotifyPreference | null;
  error: ItemError | null;
  /** The preference being written. */
  choice: NotifyPreference;
}

export type ItemNotifyEvent =
  /** The settings dialog opened: read the current preference. */
  | { type: 'item.notifyRequested' }
  /** Apply (or Defaults, with DEFAULT). */
  | { type: 'item.notifySet'; notify: NotifyPreference };

/** The preference of a getNotify or setNotify answer, if it names one. */
const notifyOf = (output: unknown): NotifyPreference | null => {
  const value = (output as { notify?: unknown } | null | undefined)?.notify;
  return (NOTIFY_PREFERENCES as readonly unknown[]).includes(value) ? (value as NotifyPreference) : null;
};

/** Reads and writes an item's notification preference; SAVED tells the dialog it may close. */
export const itemNotifyMachine = setup({
  types: {
    context: {} as ItemNotifyContext,
    events: {} as ItemNotifyEvent,
    input: {} as { id: string },
  },
  actors: { operation: operationLogic },
  actions: {
    choose: assign(({ event }) => (event.type === 'item.notifySet' ? { choice: event.notify } : {})),
    storeNotify: assign((_, params: { output: unknown }) => ({ notify: notifyOf(params.output) ?? 'NIL', error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toItemError(failureOf(params.error)) })),
    clearError: assign({ error: null }),
    alertApplied: enqueueActions(({ enqueue, system }) => {
      sayApplied(enqueue, system);
    }),
  },
}).createMachine({
  id: 'itemNotify',
  context: ({ input }) => ({ id: input.id, notify: null, error: null, choice: 'DEFAULT' }),
  initial: 'IDLE',
  on: {
    'item.notifyRequested': { target: '.LOADING', actions: 'clearError' },
  },
  states: {
    IDLE: {},
    LOADING: {
      invoke: {
        id: 'getNotify',
        src: 'operation',
        input: ({ context }) => callOf(operations.getNotify, { id: context.id }),
        onDone: { target: 'READY', actions: { type: 'storeNotify', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'READY', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Also after a failed read: the user may still choose a preference.
    READY: {
      on: { 'item.notifySet': { target: 'SAVING', actions: ['clearError', 'choose'] } },
    },
    SAVING: {
      invoke: {
        id: 'setNotify',
        src: 'operation',
        input: ({ context }) => callOf(operations.setNotify, { id: context.id, notify: context.choice }),
        onDone: {
          target: 'SAVED',
          actions: [{ type: 'storeNotify', params: ({ event }) => ({ output: event.output }) }, 'alertApplied'],
        },
        onError: { target: 'READY', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    SAVED: {
      on: { 'item.notifySet': { target: 'SAVING', actions: ['clearError', 'choose'] } },
    },
  },
});

export type ItemNotifyActorRef = ActorRefFrom<typeof itemNotifyMachine>;
type Snapshot = SnapshotFrom<typeof itemNotifyMachine>;

/** IDLE, LOADING, READY, SAVING or SAVED. */
export const selectNotifyStatus = (snapshot: Snapshot): Snapshot['value'] => snapshot.value;
/** The preference the server holds, once read. */
export const selectNotify = (snapshot: Snapshot): NotifyPreference | null => snapshot.context.notify;
/** Why the last read or write failed. */
export const selectNotifyError = (snapshot: Snapshot): ItemError | null => snapshot.context.error;
