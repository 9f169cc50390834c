/**
 * The assist socket (spec 000 §7, §9; issue 18): one WebSocket to
 * `/ws-assist/socket?peerId=…&identity=…&tabId=…&sessionInfo=…`, authenticated like `/ws` (its first
 * frame is `tokenAuth`, the server answers `authed`). A socket lost for any reason but a refused
 * token is opened again up to 30 times, waiting 1 s, 2 s, 4 s… at most 25 s between attempts;
 * then it gives up (Failed) until the user asks for help again. Each attempt authenticates with the
 * session's current token, so a token refreshed while the socket was down is the one used. Messages for the agent sent while
 * it reconnects wait in an outbox and go out, in order, once it is open. Every frame the server
 * relays is emitted as `assistConnection.received` for the help session to route.
 *
 * Observable: Idle, Live.Connecting, Live.Authenticating, Live.Open, Waiting, Failed.
 */
import { assign, enqueueActions, raise, setup, type SnapshotFrom } from 'xstate';
import { CloseCode, Push, type Frame } from '../../src/shared/protocol';
import {
  ASSIST_MAX_ATTEMPTS,
  AssistOp,
  assistRetryDelayMs,
  assistSocketUrl,
  type AssistAgentOutgoing,
  type AssistOutgoing,
  type AssistSocketQuery,
} from '../../src/modules/assist/protocol';
import { isAuthClose } from '../session/pendingRequests';
import { getAuth } from '../systemIds';
import type { SocketFactory } from '../session/sessionEffects';
import { socketLogic, type SocketEvent } from '../session/socketLogic';
import type { AssistSendEvent } from './assistSystemIds';
import { runsInSession } from './consentActions';

export type AssistConnectionEvent =
  /** Open the socket for a help session (the user asked for help). */
  | { type: 'assistConnection.open'; query: AssistSocketQuery; token: string }
  /** The user ended the help session: tell the agent, close, and stay closed. */
  | { type: 'assistConnection.end' }
  /** Internal: the end was told to the agent. */
  | { type: 'assistConnection.ended' }
  | AssistSendEvent
  | SocketEvent;

export type AssistConnectionEmitted = { type: 'assistConnection.received'; frame: Frame };

export interface AssistConnectionInput {
  createSocket: SocketFactory;
  clientVersion: string;
  /** Reconnect attempts before giving up; spec 000 §9 says 30 (tests use fewer). */
  maxAttempts?: number;
}

export interface AssistConnectionContext {
  createSocket: SocketFactory;
  clientVersion: string;
  maxAttempts: number;
  query: AssistSocketQuery | null;
  token: string | null;
  /** Reconnect attempts since the socket was last open. */
  attempt: number;
  /** Messages for the other side waiting for the socket to open. */
  outbox: (AssistOutgoing | AssistAgentOutgoing)[];
}

export const assistConnectionMachine = setup({
  types: {
    context: {} as AssistConnectionContext,
    events: {} as AssistConnectionEvent,
    input: {} as AssistConnectionInput,
    emitted: {} as AssistConnectionEmitted,
  },
  actors: { socket: socketLogic },
  delays: {
    retryDelay: ({ context }) => assistRetryDelayMs(context.attempt),
  },
  guards: {
    isAuthedPush: ({ event }) => event.type === 'socket.received' && event.frame?.o === Push.authed,
    isTokenRefused: ({ event }) => event.type === 'socket.closed' && isAuthClose(event.code, event.reason),
    hasAttemptsLeft: ({ context }) => context.attempt < context.maxAttempts,
  },
  actions: {
    start: assign(({ event }) =>
      event.type === 'assistConnection.open' ? { query: event.query, token: event.token, attempt: 0, outbox: [] } : {},
    ),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    resetAttempts: assign({ attempt: 0 }),
    forget: assign({ query: null, token: null, attempt: 0, outbox: [] }),
    // Each (re)connection authenticates with the session's token as it is now (refreshed meanwhile), else the one it opened with.
    sendTokenAuth: enqueueActions(({ context, enqueue, system }) => {
      const token = getAuth(system)?.getSnapshot().context.token || context.token;
      const frame: Frame = { o: 'tokenAuth', b: token, v: context.clientVersion };
      enqueue.sendTo('socket', { type: 'socket.send', data: JSON.stringify(frame) });
    }),
    queue: assign({
      outbox: ({ context, event }) => (event.type === 'assistConnection.send' ? [...context.outbox, event.message] : context.outbox),
    }),
    transmit: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'assistConnection.send') enqueue.sendTo('socket', { type: 'socket.send', data: JSON.stringify(event.message) });
    }),
    flushOutbox: enqueueActions(({ context, enqueue }) => {
      for (const message of context.outbox) enqueue.sendTo('socket', { type: 'socket.send', data: JSON.stringify(message) });
      enqueue.assign({ outbox: [] });
    }),
    sayEnd: enqueueActions(({ enqueue }) => {
      enqueue.sendTo('socket', { type: 'socket.send', data: JSON.stringify({ o: AssistOp.end }) });
      enqueue.sendTo('socket', { type: 'socket.close', code: CloseCode.normal, reason: '' });
    }),
    /** Hands a frame from the agent to the help session (its parent), and emits it for any other observer. */
    relay: enqueueActions(({ event, enqueue, self }) => {
      if (event.type !== 'socket.received' || !event.frame) return;
      if (runsInSession(self)) enqueue.sendParent({ type: 'assist.frame', frame: event.frame });
      enqueue.emit({ type: 'assistConnection.received', frame: event.frame });
    }),
  },
}).createMachine({
  id: 'assistConnection',
  context: ({ input }) => ({
    createSocket: input.createSocket,
    clientVersion: input.clientVersion,
    maxAttempts: input.maxAttempts ?? ASSIST_MAX_ATTEMPTS,
    query: null,
    token: null,
    attempt: 0,
    outbox: [],
  }),
  initial: 'Idle',
  on: {
    'assistConnection.end': { target: '.Idle', actions: 'forget' },
    'assistConnection.ended': { target: '.Idle', actions: 'forget' },
  },
  states: {
    Idle: {
      on: { 'assistConnection.open': { target: 'Live', actions: 'start' } },
    },
    Live: {
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }) => ({ url: assistSocketUrl(context.query!), createSocket: context.createSocket }),
      },
      initial: 'Connecting',
      on: {
        'socket.closed': [
          { guard: 'isTokenRefused', target: 'Failed' },
          { guard: 'hasAttemptsLeft', target: 'Waiting', actions: 'countAttempt' },
          { target: 'Failed' },
        ],
        'assistConnection.send': { actions: 'queue' },
      },
      states: {
        Connecting: {
          on: { 'socket.opened': { target: 'Authenticating', actions: 'sendTokenAuth' } },
        },
        Authenticating: {
          on: { 'socket.received': { guard: 'isAuthedPush', target: 'Open', actions: ['resetAttempts', 'flushOutbox'] } },
        },
        Open: {
          on: {
            'socket.received': { actions: 'relay' },
            'assistConnection.send': { actions: 'transmit' },
            // Told while the socket still runs; the raised event then leaves Live, which stops it.
            'assistConnection.end': { actions: ['sayEnd', raise({ type: 'assistConnection.ended' })] },
          },
        },
      },
    },
    Waiting: {
      after: { retryDelay: 'Live' },
      on: { 'assistConnection.send': { actions: 'queue' } },
    },
    Failed: {
      on: { 'assistConnection.open': { target: 'Live', actions: 'start' } },
    },
  },
});

export type AssistConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'failed';

/** What the widget shows of the connection. */
export const selectAssistConnectionStatus = (snapshot: SnapshotFrom<typeof assistConnectionMachine>): AssistConnectionStatus => {
  if (snapshot.matches({ Live: 'Open' })) return 'open';
  if (snapshot.matches('Failed')) return 'failed';
  if (snapshot.matches('Waiting') || (snapshot.matches('Live') && snapshot.context.attempt > 0)) return 'reconnecting';
  if (snapshot.matches('Live')) return 'connecting';
  return 'idle';
};
