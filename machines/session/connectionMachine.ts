/**
 * The live connection (spec 000 §4, §7): one WebSocket at a time, sequence numbers and pending
 * replies with time-outs, health GOOD/WAIT/BAD, and POST /api/item for what the socket cannot carry.
 */
import { assign, emit, enqueueActions, setup, type AnyActorRef, type EventObject } from 'xstate';
import { CLOSE_AFTER_PING_MS, PING_AFTER_SILENCE_MS, WS_MAX_MSG_SIZE, WS_PATH, WS_TIMEOUT_MS } from '../../src/shared/constants';
import { CloseCode, Push, type Frame } from '../../src/shared/protocol';
import { getAuth, getRetry, getSession, getSysAlerts, getTasks, SystemId, type SystemLike } from '../systemIds';
import { postItemLogic, type PostEvent } from './postItemLogic';
import { routePush, type PushRoute } from './pushRouting';
import type { SessionEffects } from './sessionEffects';
import {
  isAuthClose,
  isTooLarge,
  NO_RESPONSE,
  postFailure,
  settleAll,
  settleReply,
  settleSocketRequests,
  TIMED_OUT,
  DROPPED,
  timerId,
  type ConnectionReplyEvent,
  type Pending,
  type PendingRequest,
  type ReplyTarget,
  type Settled,
} from './pendingRequests';
import { socketLogic, type SocketEvent } from './socketLogic';
import type { RequestFailure } from './sessionErrors';

/** Path of the live socket; the socket factory resolves it against the page origin. */
export { WS_PATH };

export type ConnectionEvent =
  | { type: 'connection.open'; token: string }
  /** A reconnect attempt with the token of the last socket (from the retry actor). */
  | { type: 'connection.reconnect' }
  /** The reconnect attempt took too long to open. */
  | { type: 'connection.abandon' }
  | { type: 'connection.close'; code: number; reason: string }
  /** Clearing the user: no socket, no token, sequence and pending requests reset. */
  | { type: 'connection.reset' }
  /** A request; the frame gets a sequence number, and the reply goes to `replyTo` and is emitted. */
  | { type: 'connection.send'; frame: Frame; ticket?: string; replyTo?: ReplyTarget }
  /** Fetches the pieces of a reply streamed over HTTP (GET /api/stream/{key}); the answer is emitted with the ticket. */
  | { type: 'connection.pollStream'; key: string; ticket: string }
  | { type: 'connection.replyTimedOut'; s: number }
  | SocketEvent
  | PostEvent;

export type { ConnectionReplyEvent, ReplyTarget } from './pendingRequests';

export type ConnectionEmitted =
  | ConnectionReplyEvent
  | { type: 'connection.pushed'; frame: Frame }
  | { type: 'connection.polled'; ticket: string; frames: Frame[]; done: boolean }
  | { type: 'connection.pollFailed'; ticket: string; failure: RequestFailure };

export interface ConnectionContext {
  token: string | null;
  seq: number;
  pending: Pending;
  /** The socket authenticated (the server pushed `authed`). */
  authed: boolean;
  /** The last socket was lost (health stays BAD while reconnecting). */
  lost: boolean;
  /** The server closed the last socket because it is restarting (1012): health WAIT, not BAD, until the next attempt. */
  restarting: boolean;
  clientVersion: string;
  maxMsgSize: number;
  replyTimeoutMs: number;
  effects: Pick<SessionEffects, 'createSocket' | 'postItem' | 'getStream' | 'log'>;
}

export interface ConnectionInput {
  clientVersion: string;
  effects: Pick<SessionEffects, 'createSocket' | 'postItem' | 'getStream' | 'log'>;
  maxMsgSize?: number;
  replyTimeoutMs?: number;
}

// Action objects used on several transitions.
const POST_QUEUED = { type: 'releaseQueued', params: { route: 'post' } } as const;
const SEND_QUEUED = { type: 'releaseQueued', params: { route: 'socket' } } as const;
const NOTIFY_NO_RESPONSE = { type: 'notifyClosed', params: NO_RESPONSE } as const;

const isNoResponse = (event: { type: string }): boolean =>
  event.type === 'connection.replyTimedOut' || event.type.startsWith('xstate.after.closeDelay.');

type SendTo = (target: AnyActorRef, event: EventObject) => void;
function deliver(system: SystemLike, route: PushRoute, sendTo: SendTo): void {
  if (route.to === SystemId.session) {
    const session = getSession(system);
    if (session) sendTo(session, route.event);
    return;
  }
  const target = route.to === SystemId.auth ? getAuth(system) : route.to === SystemId.tasks ? getTasks(system) : getSysAlerts(system);
  if (target) sendTo(target, route.event);
}

/** Owns the socket: requests and replies, pushes routed to their actors, health, and the POST fall-back. */
export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
    emitted: {} as ConnectionEmitted,
  },
  actors: { socket: socketLogic, postItem: postItemLogic },
  delays: {
    pingDelay: PING_AFTER_SILENCE_MS,
    closeDelay: CLOSE_AFTER_PING_MS,
    replyTimeout: ({ context }) => context.replyTimeoutMs,
  },
  guards: {
    isAuthed: ({ context }) => context.authed,
    isUnreadable: ({ event }) => event.type === 'socket.received' && event.frame === null,
    isSocketReply: ({ context, event }) =>
      event.type === 'socket.received' && event.frame?.s !== undefined && context.pending[event.frame.s]?.via === 'socket',
    isAuthedPush: ({ event }) => event.type === 'socket.received' && event.frame?.o === Push.authed,
    isAuthClose: ({ event }) => event.type === 'socket.closed' && isAuthClose(event.code, event.reason),
    isSocketRequest: ({ context, event }) => event.type === 'connection.replyTimedOut' && context.pending[event.s]?.via === 'socket',
  },
  actions: {
    storeToken: assign(({ event }) => (event.type === 'connection.open' ? { token: event.token } : {})),
    clearToken: assign({ token: null }),
    resetSession: assign({ token: null, seq: 0, pending: {}, authed: false, lost: false, restarting: false }),
    resetAuthed: assign({ authed: false }),
    markAuthed: assign({ authed: true }),
    markOpened: assign({ lost: false, restarting: false }),
    noteRestart: assign(({ event }) => ({ restarting: event.type === 'socket.closed' && event.code === CloseCode.serviceRestart })),
    clearRestart: assign({ restarting: false }),
    markLost: assign({ lost: true }),
    accept: enqueueActions(({ context, event, enqueue }, params: { route: 'socket' | 'queue' | 'post' }) => {
      if (event.type !== 'connection.send') return;
      const s = context.seq + 1;
      const frame: Frame = { ...event.frame, s };
      const data = JSON.stringify(frame);
      // The server closes the socket (1009) on a frame above the limit, so those always go by POST.
      const route = isTooLarge(data, context.maxMsgSize) ? 'post' : params.route;
      const entry: PendingRequest = { o: frame.o, via: route === 'queue' ? 'queued' : route };
      if (route === 'queue') entry.frame = frame;
      if (event.ticket !== undefined) entry.ticket = event.ticket;
      if (event.replyTo) entry.replyTo = event.replyTo;
      enqueue.assign({ seq: s, pending: { ...context.pending, [s]: entry } });
      enqueue.raise({ type: 'connection.replyTimedOut', s }, { id: timerId(s), delay: 'replyTimeout' });
      if (route === 'socket') enqueue.sendTo('socket', { type: 'socket.send', data });
      if (route === 'post') enqueue.sendTo('poster', { type: 'post.requested', s, frame, token: context.token });
    }),
    releaseQueued: enqueueActions(({ context, enqueue }, params: { route: 'socket' | 'post' }) => {
      const pending = { ...context.pending };
      for (const [key, entry] of Object.entries(context.pending)) {
        if (entry.via !== 'queued' || !entry.frame) continue;
        const data = JSON.stringify(entry.frame);
        const via = params.route === 'socket' && !isTooLarge(data, context.maxMsgSize) ? 'socket' : 'post';
        if (via === 'socket') enqueue.sendTo('socket', { type: 'socket.send', data });
        else enqueue.sendTo('poster', { type: 'post.requested', s: Number(key), frame: entry.frame, token: context.token });
        const { frame: _sent, ...rest } = entry;
        pending[Number(key)] = { ...rest, via };
      }
      enqueue.assign({ pending });
    }),
    settle: enqueueActions(({ context, enqueue }, params: { settled: Settled[] }) => {
      const pending = { ...context.pending };
      for (const { s, outcome } of params.settled) {
        const entry = pending[s];
        if (!entry) continue;
        delete pending[s];
        enqueue.cancel(timerId(s));
        const reply: ConnectionReplyEvent =
          'frame' in outcome
            ? { type: 'connection.replied', ticket: entry.ticket, o: entry.o, frame: outcome.frame }
            : { type: 'connection.failed', ticket: entry.ticket, o: entry.o, failure: outcome.failure };
        if (entry.replyTo) enqueue.sendTo(entry.replyTo, reply);
        enqueue.emit(reply);
      }
      enqueue.assign({ pending });
    }),
    sendTokenAuth: enqueueActions(({ context, enqueue }) => {
      const frame: Frame = { o: 'tokenAuth', b: context.token, v: context.clientVersion };
      enqueue.sendTo('socket', { type: 'socket.send', data: JSON.stringify(frame) });
    }),
    sendPing: enqueueActions(({ context, enqueue }) => {
      const s = context.seq + 1;
      enqueue.assign({ seq: s });
      enqueue.sendTo('socket', { type: 'socket.send', data: JSON.stringify({ o: 'ping', s }) });
    }),
    closeSocket: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'socket.closed') return;
      const { code, reason } =
        event.type === 'connection.close' ? event : isNoResponse(event) ? NO_RESPONSE : { code: CloseCode.normal, reason: '' };
      enqueue.sendTo('socket', { type: 'socket.close', code, reason });
    }),
    routePush: enqueueActions(({ event, enqueue, system }) => {
      if (event.type !== 'socket.received' || !event.frame) return;
      const { frame } = event;
      if (frame.o === 'ping') return;
      for (const route of routePush(frame)) {
        // The connection keeps the refreshed token too: reconnects and POSTs must use it.
        if (route.event.type === 'auth.newToken') enqueue.assign({ token: route.event.token });
        deliver(system, route, enqueue.sendTo);
      }
      enqueue.emit({ type: 'connection.pushed', frame });
    }),
    notifyOpened: enqueueActions(({ enqueue, system }) => {
      const auth = getAuth(system);
      const retry = getRetry(system);
      if (auth) enqueue.sendTo(auth, { type: 'auth.socketOpened' });
      if (retry) enqueue.sendTo(retry, { type: 'retry.succeeded' });
    }),
    notifyClosed: enqueueActions(({ enqueue, system }, params: { code: number; reason: string }) => {
      const auth = getAuth(system);
      if (auth) enqueue.sendTo(auth, { type: 'auth.socketClosed', code: params.code, reason: params.reason });
    }),
    countNetworkFailure: enqueueActions(({ enqueue, system }) => {
      const retry = getRetry(system);
      if (retry) enqueue.sendTo(retry, { type: 'retry.networkFailed' });
    }),
    logClose: ({ context, event }) => {
      if (event.type !== 'socket.closed') return;
      if (event.code === CloseCode.tooLarge) context.effects.log('warn', 'socket closed: message too large (1009)', event);
      else context.effects.log('info', `socket closed: ${event.code} ${event.reason}`);
    },
    logUnreadable: ({ context }) => context.effects.log('warn', 'socket message is not a frame'),
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({
    token: null,
    seq: 0,
    pending: {},
    authed: false,
    lost: false,
    restarting: false,
    clientVersion: input.clientVersion,
    maxMsgSize: input.maxMsgSize ?? WS_MAX_MSG_SIZE,
    replyTimeoutMs: input.replyTimeoutMs ?? WS_TIMEOUT_MS,
    effects: input.effects,
  }),
  invoke: {
    id: 'poster',
    src: 'postItem',
    input: ({ context }) => ({ postItem: context.effects.postItem, getStream: context.effects.getStream }),
  },
  initial: 'CLOSED',
  on: {
    'connection.open': { target: '.LIVE', reenter: true, actions: 'storeToken' },
    'connection.reset': {
      target: '.CLOSED',
      actions: [{ type: 'settle', params: ({ context }) => ({ settled: settleAll(context.pending, DROPPED) }) }, 'resetSession'],
    },
    'connection.replyTimedOut': {
      actions: { type: 'settle', params: ({ event }) => ({ settled: [{ s: event.s, outcome: { failure: TIMED_OUT } }] }) },
    },
    'post.answered': { actions: { type: 'settle', params: ({ event }) => ({ settled: settleReply(event.frame) }) } },
    // The pieces of a reply streamed over HTTP, fetched for the streamed call that asks (streamedCall.ts) with the current token.
    'connection.pollStream': {
      actions: enqueueActions(({ context, event, enqueue }) =>
        enqueue.sendTo('poster', { type: 'stream.pollRequested', key: event.key, ticket: event.ticket, token: context.token }),
      ),
    },
    'stream.polled': {
      actions: emit(({ event }) => ({ type: 'connection.polled' as const, ticket: event.ticket, frames: event.frames, done: event.done })),
    },
    'stream.pollFailed': {
      actions: emit(({ event }) => ({ type: 'connection.pollFailed' as const, ticket: event.ticket, failure: postFailure(event.message) })),
    },
    // A POST that never reached the server shows nothing (spec 000 §8): its failure is marked silent.
    'post.failed': {
      actions: { type: 'settle', params: ({ event }) => ({ settled: [{ s: event.s, outcome: { failure: postFailure(event.message) } }] }) },
    },
  },
  states: {
    CLOSED: {
      on: { 'connection.send': { actions: { type: 'accept', params: { route: 'post' } } } },
    },
    BAD: {
      entry: 'markLost',
      on: {
        'connection.send': { actions: { type: 'accept', params: { route: 'post' } } },
        'connection.reconnect': 'LIVE',
        'post.failed': {
          actions: [
            { type: 'settle', params: ({ event }) => ({ settled: [{ s: event.s, outcome: { failure: postFailure(event.message) } }] }) },
            'countNetworkFailure',
          ],
        },
      },
    },
    LIVE: {
      entry: 'resetAuthed',
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ url: WS_PATH, createSocket: context.effects.createSocket }) },
      exit: [
        'closeSocket',
        {
          type: 'settle',
          params: ({ context, event }) => ({
            settled: settleSocketRequests(context.pending, event.type === 'connection.replyTimedOut' ? event.s : undefined),
          }),
        },
      ],
      initial: 'CONNECTING',
      on: {
        'connection.close': { target: 'CLOSED', actions: ['clearToken', POST_QUEUED] },
        'socket.closed': [
          {
            guard: 'isAuthClose',
            target: 'CLOSED',
            actions: ['logClose', { type: 'notifyClosed', params: ({ event }) => event }, 'clearToken', POST_QUEUED],
          },
          { target: 'BAD', actions: ['logClose', 'noteRestart', { type: 'notifyClosed', params: ({ event }) => event }, POST_QUEUED] },
        ],
      },
      states: {
        CONNECTING: {
          on: {
            'socket.opened': { target: 'OPEN', actions: ['markOpened', 'sendTokenAuth', 'notifyOpened'] },
            'connection.send': { actions: { type: 'accept', params: { route: 'queue' } } },
            'connection.abandon': { target: '#connection.BAD', actions: ['clearRestart', POST_QUEUED] },
          },
        },
        OPEN: {
          initial: 'GOOD',
          on: {
            // Any message proves the socket alive, so each one restarts the silence timer in GOOD.
            'socket.received': [
              { guard: 'isUnreadable', target: '.GOOD', actions: 'logUnreadable' },
              {
                guard: 'isSocketReply',
                target: '.GOOD',
                actions: { type: 'settle', params: ({ event }) => ({ settled: settleReply(event.frame) }) },
              },
              { guard: 'isAuthedPush', target: '.GOOD', actions: ['markAuthed', SEND_QUEUED, 'routePush'] },
              { target: '.GOOD', actions: 'routePush' },
            ],
            'connection.send': [
              { guard: 'isAuthed', actions: { type: 'accept', params: { route: 'socket' } } },
              { actions: { type: 'accept', params: { route: 'queue' } } },
            ],
            'connection.replyTimedOut': { guard: 'isSocketRequest', target: '#connection.BAD', actions: [NOTIFY_NO_RESPONSE, POST_QUEUED] },
          },
          states: {
            GOOD: { after: { pingDelay: { target: 'WAIT', actions: 'sendPing' } } },
            WAIT: { after: { closeDelay: { target: '#connection.BAD', actions: [NOTIFY_NO_RESPONSE, POST_QUEUED] } } },
          },
        },
      },
    },
  },
});
