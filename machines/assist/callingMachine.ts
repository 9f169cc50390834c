/**
 * A call with the agent (spec 000 §4 "Live-assist tracker"): False, Requesting, True. An agent's
 * request rings (the prompt 'You have an incoming call. Do you want to answer?') for 30 s, then
 * falls back to False; Answer gives True; Reject, a call error, either side hanging up, or the
 * agent on the call leaving gives False. A request while ringing or on a call answers busy.
 * While True it runs the call itself (peerCallMachine.ts, as the callee) when the browser gave it
 * devices to call with; the call failing counts as a call error.
 */
import { assign, enqueueActions, sendTo, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { ASSIST_CONFIRM_TIMEOUT_MS, AssistOp, type AssistIceServer, type AssistOutgoing } from '../../src/modules/assist/protocol';
import { answer, runsInSession, released, type AgentEvent } from './consentActions';
import type { CallMedia, CallSignalEvent } from './peerConnection';
import { peerCallMachine, type CallOutgoingEvent } from './peerCallMachine';

export type CallingEvent =
  | AgentEvent
  /** The user clicked Answer. */
  | { type: 'user.accept' }
  /** The user clicked Reject. */
  | { type: 'user.decline' }
  /** The call could not be set up or broke (either side). */
  | { type: 'call.error' }
  /** The user or the agent hung up. */
  | { type: 'call.hangUp' }
  /** The STUN/TURN servers the relay gave (when an agent joined). */
  | { type: 'call.configured'; iceServers: AssistIceServer[] }
  | CallSignalEvent
  | CallOutgoingEvent;

export interface CallingInput {
  /** The browser's devices and WebRTC; none (tests): only the consent runs. */
  media?: CallMedia | null;
}

export interface CallingContext {
  /** The agent calling or on the call. */
  agentId: string | null;
  media: CallMedia | null;
  iceServers: AssistIceServer[];
}

const KIND = 'call';

export const callingMachine = setup({
  types: { context: {} as CallingContext, events: {} as CallingEvent, input: {} as CallingInput },
  actors: { call: peerCallMachine },
  delays: { confirmTimeout: ASSIST_CONFIRM_TIMEOUT_MS },
  guards: {
    isCaller: ({ context, event }) => event.type === 'agent.left' && event.agentId === context.agentId,
    hasNoMedia: ({ context }) => context.media === null,
  },
  actions: {
    setAgent: assign({ agentId: ({ event }) => (event.type === 'agent.request' ? event.agentId : null) }),
    clearAgent: assign({ agentId: null }),
    configure: assign({ iceServers: ({ context, event }) => (event.type === 'call.configured' ? event.iceServers : context.iceServers) }),
    forward: sendTo('call', ({ event }) => event),
    passOut: enqueueActions(({ context, enqueue, event, self }) => {
      if (event.type !== 'call.outgoing' || !runsInSession(self)) return;
      const message: AssistOutgoing = { o: AssistOp.signal, b: { signal: event.signal, agentId: context.agentId ?? '' } };
      enqueue.sendParent({ type: 'assist.tell', message });
    }),
    tell: enqueueActions(({ enqueue, self }, message: AssistOutgoing) => {
      if (runsInSession(self)) enqueue.sendParent({ type: 'assist.tell', message });
    }),
  },
}).createMachine({
  id: 'assistCalling',
  context: ({ input }) => ({ agentId: null, media: input?.media ?? null, iceServers: [] }),
  initial: 'False',
  on: {
    'assist.end': { target: '.False', actions: 'clearAgent' },
    'call.configured': { actions: 'configure' },
  },
  states: {
    False: {
      on: { 'agent.request': { target: 'Requesting', actions: 'setAgent' } },
    },
    Requesting: {
      after: {
        confirmTimeout: {
          target: 'False',
          actions: [{ type: 'tell', params: ({ context }) => answer(KIND, 'timeout', context.agentId) }, 'clearAgent'],
        },
      },
      on: {
        'agent.request': { actions: { type: 'tell', params: ({ event }) => answer(KIND, 'busy', event.agentId) } },
        'user.accept': { target: 'True', actions: { type: 'tell', params: ({ context }) => answer(KIND, 'accept', context.agentId) } },
        'user.decline': {
          target: 'False',
          actions: [{ type: 'tell', params: ({ context }) => answer(KIND, 'decline', context.agentId) }, 'clearAgent'],
        },
        'call.hangUp': { target: 'False', actions: 'clearAgent' },
        'agent.left': { guard: 'isCaller', target: 'False', actions: 'clearAgent' },
      },
    },
    True: {
      on: {
        'agent.request': { actions: { type: 'tell', params: ({ event }) => answer(KIND, 'busy', event.agentId) } },
        'call.hangUp': {
          target: 'False',
          actions: [{ type: 'tell', params: ({ context }) => released(KIND, context.agentId) }, 'clearAgent'],
        },
        'call.error': {
          target: 'False',
          actions: [{ type: 'tell', params: ({ context }) => released(KIND, context.agentId) }, 'clearAgent'],
        },
        'agent.left': { guard: 'isCaller', target: 'False', actions: 'clearAgent' },
      },
      initial: 'Media',
      states: {
        /** The call's sound and picture flow (or are being set up). */
        Media: {
          always: { guard: 'hasNoMedia', target: 'ConsentOnly' },
          invoke: {
            id: 'call',
            src: 'call',
            input: ({ context }) => ({ media: context.media!, role: 'callee' as const, iceServers: context.iceServers }),
            onDone: {
              target: '#assistCalling.False',
              actions: [{ type: 'tell', params: ({ context }) => released(KIND, context.agentId) }, 'clearAgent'],
            },
          },
          on: {
            'call.signal': { actions: 'forward' },
            'call.outgoing': { actions: 'passOut' },
          },
        },
        /** No devices to call with were given (the machine runs alone): the consent only. */
        ConsentOnly: {},
      },
    },
  },
});

/** The incoming-call prompt shows while it rings. */
export const selectCallRinging = (snapshot: SnapshotFrom<typeof callingMachine>): boolean => snapshot.matches('Requesting');
export const selectOnCall = (snapshot: SnapshotFrom<typeof callingMachine>): boolean => snapshot.matches('True');
/** The running call (its peer call actor) while on a call with media; undefined otherwise. */
export const selectCallActor = (snapshot: SnapshotFrom<typeof callingMachine>): AnyActorRef | undefined =>
  snapshot.children.call as AnyActorRef | undefined;
