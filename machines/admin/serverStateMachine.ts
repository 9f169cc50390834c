/** The admin.state screen's actor: asks `act/serverState` when shown and on every refresh. */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ServerState } from '../../src/shared/admin/ServerState';
import type { ConnectionReplyEvent } from '../session/connectionMachine';
import { toAdminError, type AdminConnection, type AdminError } from './adminRequests';

export interface ServerStateContext {
  connection: AdminConnection;
  state: ServerState | null;
  error: AdminError | null;
}

export type ServerStateEvent = { type: 'serverState.refreshed' } | ConnectionReplyEvent;

const TICKET = 'serverState';

/** LOADING, READY, FAILED: the server's state as last answered. */
export const serverStateMachine = setup({
  types: {
    context: {} as ServerStateContext,
    events: {} as ServerStateEvent,
    input: {} as { connection: AdminConnection },
  },
  guards: {
    isOurs: ({ event }) => (event.type === 'connection.replied' || event.type === 'connection.failed') && event.ticket === TICKET,
  },
  actions: {
    ask: sendTo(
      ({ context }) => context.connection,
      ({ self }) => ({ type: 'connection.send' as const, frame: { o: 'act/serverState' }, ticket: TICKET, replyTo: self }),
    ),
    store: assign(({ event }) => (event.type === 'connection.replied' ? { state: event.frame.b as ServerState, error: null } : {})),
    storeError: assign(({ event }) => (event.type === 'connection.failed' ? { error: toAdminError(event.failure) } : {})),
  },
}).createMachine({
  id: 'serverState',
  context: ({ input }) => ({ connection: input.connection, state: null, error: null }),
  initial: 'LOADING',
  states: {
    LOADING: {
      entry: 'ask',
      on: {
        'connection.replied': { guard: 'isOurs', target: 'READY', actions: 'store' },
        'connection.failed': { guard: 'isOurs', target: 'FAILED', actions: 'storeError' },
      },
    },
    READY: { on: { 'serverState.refreshed': 'LOADING' } },
    FAILED: { on: { 'serverState.refreshed': 'LOADING' } },
  },
});

export type ServerStateActorRef = ActorRefFrom<typeof serverStateMachine>;
type Snapshot = SnapshotFrom<typeof serverStateMachine>;

/** The last answer (kept while a refresh runs). */
export const selectServerState = (s: Snapshot): ServerState | null => s.context.state;
/** Why the last request failed. */
export const selectServerStateError = (s: Snapshot): AdminError | null => s.context.error;
/** Whether a request is under way. */
export const selectServerStateLoading = (s: Snapshot): boolean => s.matches('LOADING');
