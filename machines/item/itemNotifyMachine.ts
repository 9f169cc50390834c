/**
 * The signed-in user's notification preference for one item (spec 000 §6): read with `act/getNotify`
 * when the settings dialog opens, written with `act/setNotify` on Apply or Defaults.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { NOTIFY_PREFERENCES, type NotifyPreference } from '../../src/shared/items/types';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { getAlerts, getConnection } from '../systemIds';
import { answers, toItemError, type ItemError } from './itemRequest';

export interface ItemNotifyContext {
  id: string;
  notify: NotifyPreference | null;
  error: ItemError | null;
}

export type ItemNotifyEvent =
  /** The settings dialog opened: read the current preference. */
  | { type: 'item.notifyRequested' }
  /** Apply (or Defaults, with DEFAULT). */
  | { type: 'item.notifySet'; notify: NotifyPreference }
  | ConnectionReplyEvent;

const Ticket = { get: 'getNotify', set: 'setNotify' } as const;

const notifyOf = (event: ItemNotifyEvent): NotifyPreference | null => {
  const value = event.type === 'connection.replied' ? (event.frame.b as { notify?: unknown } | undefined)?.notify : undefined;
  return (NOTIFY_PREFERENCES as readonly unknown[]).includes(value) ? (value as NotifyPreference) : null;
};

/** Reads and writes an item's notification preference; SAVED tells the dialog it may close. */
export const itemNotifyMachine = setup({
  types: {
    context: {} as ItemNotifyContext,
    events: {} as ItemNotifyEvent,
    input: {} as { id: string },
  },
  guards: {
    isGetAnswer: ({ event }) => answers(event, Ticket.get) && event.type === 'connection.replied',
    isGetFailure: ({ event }) => answers(event, Ticket.get) && event.type === 'connection.failed',
    isSetAnswer: ({ event }) => answers(event, Ticket.set) && event.type === 'connection.replied',
    isSetFailure: ({ event }) => answers(event, Ticket.set) && event.type === 'connection.failed',
  },
  actions: {
    sendGet: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (connection)
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'act/getNotify', b: { id: context.id } },
          ticket: Ticket.get,
          replyTo: self,
        });
    }),
    sendSet: enqueueActions(({ context, event, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (event.type !== 'item.notifySet' || !connection) return;
      enqueue.sendTo(connection, {
        type: 'connection.send',
        frame: { o: 'act/setNotify', b: { id: context.id, notify: event.notify } },
        ticket: Ticket.set,
        replyTo: self,
      });
    }),
    storeNotify: assign(({ event }) => ({ notify: notifyOf(event) ?? 'NIL', error: null })),
    storeError: assign(({ event }) => (event.type === 'connection.failed' ? { error: toItemError(event.failure) } : {})),
    clearError: assign({ error: null }),
    alertApplied: enqueueActions(({ enqueue, system }) => {
      const alerts = getAlerts(system);
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } });
    }),
  },
}).createMachine({
  id: 'itemNotify',
  context: ({ input }) => ({ id: input.id, notify: null, error: null }),
  initial: 'IDLE',
  on: {
    'item.notifyRequested': { target: '.LOADING', actions: 'clearError' },
  },
  states: {
    IDLE: {},
    LOADING: {
      entry: 'sendGet',
      on: {
        'connection.replied': { guard: 'isGetAnswer', target: 'READY', actions: 'storeNotify' },
        'connection.failed': { guard: 'isGetFailure', target: 'READY', actions: 'storeError' },
      },
    },
    // Also after a failed read: the user may still choose a preference.
    READY: {
      on: { 'item.notifySet': { target: 'SAVING', actions: ['clearError', 'sendSet'] } },
    },
    SAVING: {
      on: {
        'connection.replied': { guard: 'isSetAnswer', target: 'SAVED', actions: ['storeNotify', 'alertApplied'] },
        'connection.failed': { guard: 'isSetFailure', target: 'READY', actions: 'storeError' },
      },
    },
    SAVED: {
      on: { 'item.notifySet': { target: 'SAVING', actions: ['clearError', 'sendSet'] } },
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
