/**
 * One side of a live-assist call (issue 18), from the moment the user answers until either side
 * hangs up: the local microphone (and camera), then one WebRTC peer connection signalled over the
 * assist socket. The consent charts start it (the user's calling machine while True, the agent
 * console's call region while Granted) and stop it by leaving that state, which closes the
 * connection and frees the devices. It ends by itself only when the call cannot go on (no
 * microphone, no connection within {@link CALL_CONNECT_TIMEOUT_MS}, or lost for longer than
 * {@link CALL_RECONNECT_TIMEOUT_MS}): its parent then treats it as a call error.
 *
 * Observable: Preparing, Live.Connecting, Live.Connected, Live.Interrupted, Failed (final).
 * Emitted to its parent: `call.outgoing` (a signal for the other side).
 */
import { assign, enqueueActions, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { AssistIceServer, CallSignal } from '../../src/modules/assist/protocol';
import { runsInSession } from './consentActions';
import {
  localMediaLogic,
  peerConnectionLogic,
  type CallMedia,
  type CallRole,
  type CallSignalEvent,
  type PeerEvent,
} from './peerConnection';

/** How long a call may take to connect. */
export const CALL_CONNECT_TIMEOUT_MS = 30_000;
/** How long a connected call may stay interrupted before it is given up. */
export const CALL_RECONNECT_TIMEOUT_MS = 15_000;

export interface PeerCallInput {
  media: CallMedia;
  role: CallRole;
  iceServers: AssistIceServer[];
}

export interface PeerCallContext extends PeerCallInput {
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** Signalling from the other side that came before the connection existed. */
  pending: CallSignal[];
}

/** What the call tells its parent: a signal to pass to the other side. */
export type CallOutgoingEvent = { type: 'call.outgoing'; signal: CallSignal };

export const peerCallMachine = setup({
  types: { context: {} as PeerCallContext, events: {} as PeerEvent | CallSignalEvent, input: {} as PeerCallInput },
  actors: { localMedia: localMediaLogic, peer: peerConnectionLogic },
  delays: { connectTimeout: CALL_CONNECT_TIMEOUT_MS, reconnectTimeout: CALL_RECONNECT_TIMEOUT_MS },
  actions: {
    keepLocal: assign({ localStream: ({ event }) => (event.type === 'media.ready' ? event.stream : null) }),
    keepRemote: assign({
      remoteStream: ({ context, event }) => (event.type === 'peer.remoteStream' ? event.stream : context.remoteStream),
    }),
    queue: assign({
      pending: ({ context, event }) => (event.type === 'call.signal' ? [...context.pending, event.signal] : context.pending),
    }),
    forward: sendTo('peer', ({ event }) => event),
    passOut: enqueueActions(({ enqueue, event, self }) => {
      if (event.type === 'peer.signal' && runsInSession(self)) enqueue.sendParent({ type: 'call.outgoing', signal: event.signal });
    }),
  },
}).createMachine({
  id: 'peerCall',
  context: ({ input }) => ({ ...input, localStream: null, remoteStream: null, pending: [] }),
  invoke: { id: 'localMedia', src: 'localMedia', input: ({ context }) => ({ media: context.media }) },
  initial: 'Preparing',
  states: {
    Preparing: {
      on: {
        'media.ready': { target: 'Live', actions: 'keepLocal' },
        'media.failed': 'Failed',
        'call.signal': { actions: 'queue' },
      },
    },
    Live: {
      invoke: {
        id: 'peer',
        src: 'peer',
        input: ({ context }) => ({
          media: context.media,
          role: context.role,
          iceServers: context.iceServers,
          localStream: context.localStream!,
          pending: context.pending,
        }),
      },
      on: {
        'call.signal': { actions: 'forward' },
        'peer.signal': { actions: 'passOut' },
        'peer.remoteStream': { actions: 'keepRemote' },
        'peer.failed': '#peerCall.Failed',
      },
      initial: 'Connecting',
      states: {
        Connecting: {
          after: { connectTimeout: '#peerCall.Failed' },
          on: { 'peer.connected': 'Connected' },
        },
        Connected: {
          on: { 'peer.disconnected': 'Interrupted' },
        },
        Interrupted: {
          after: { reconnectTimeout: '#peerCall.Failed' },
          on: { 'peer.connected': 'Connected' },
        },
      },
    },
    Failed: { type: 'final' },
  },
});

export type PeerCallSnapshot = SnapshotFrom<typeof peerCallMachine>;
/** What both sides show of the call. */
export type CallShown = 'preparing' | 'connecting' | 'connected' | 'interrupted' | 'failed';
export const selectCallShown = (snapshot: PeerCallSnapshot): CallShown =>
  snapshot.matches('Preparing')
    ? 'preparing'
    : snapshot.matches({ Live: 'Connecting' })
      ? 'connecting'
      : snapshot.matches({ Live: 'Connected' })
        ? 'connected'
        : snapshot.matches({ Live: 'Interrupted' })
          ? 'interrupted'
          : 'failed';
