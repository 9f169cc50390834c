/**
 * A call with the agent (spec 000 §4 "Live-assist tracker"): False, Requesting, True. An agent's
 * request rings (the prompt 'You have an incoming call. Do you want to answer?') for 30 s, then
 * falls back to False; Answer gives True; Reject, a call error, either side hanging up, or the
 * agent on the call leaving gives False. A request while ringing or on a call answers busy.
 * The media itself (WebRTC) is the call UI's; this machine is only the consent.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { ASSIST_CONFIRM_TIMEOUT_MS, type AssistOutgoing } from '../../src/modules/assist/protocol';
import { answer, runsInSession, released, type AgentEvent } from './consentActions';

export type CallingEvent =
  | AgentEvent
  /** The user clicked Answer. */
  | { type: 'user.accept' }
  /** The user clicked Reject. */
  | { type: 'user.decline' }
  /** The call could not be set up or broke (either side). */
  | { type: 'call.error' }
  /** The user or the agent hung up. */
  | { type: 'call.hangUp' };

export interface CallingContext {
  /** The agent calling or on the call. */
  agentId: string | null;
}

const KIND = 'call';

export const callingMachine = setup({
  types: { context: {} as CallingContext, events: {} as CallingEvent },
  delays: { confirmTimeout: ASSIST_CONFIRM_TIMEOUT_MS },
  guards: {
    isCaller: ({ context, event }) => event.type === 'agent.left' && event.agentId === context.agentId,
  },
  actions: {
    setAgent: assign({ agentId: ({ event }) => (event.type === 'agent.request' ? event.agentId : null) }),
    clearAgent: assign({ agentId: null }),
    tell: enqueueActions(({ enqueue, self }, message: AssistOutgoing) => {
      if (runsInSession(self)) enqueue.sendParent({ type: 'assist.tell', message });
    }),
  },
}).createMachine({
  id: 'assistCalling',
  context: { agentId: null },
  initial: 'False',
  on: {
    'assist.end': { target: '.False', actions: 'clearAgent' },
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
    },
  },
});

/** The incoming-call prompt shows while it rings. */
export const selectCallRinging = (snapshot: SnapshotFrom<typeof callingMachine>): boolean => snapshot.matches('Requesting');
export const selectOnCall = (snapshot: SnapshotFrom<typeof callingMachine>): boolean => snapshot.matches('True');
