/**
 * Remote control (spec 000 §4 "Live-assist tracker"): Disabled, Requesting, Enabled. An agent's
 * request asks the user (the prompt 'Agent requested remote control. Allow?') and waits 30 s, then
 * falls back to Disabled; accept gives Enabled; decline, release or the controlling agent leaving
 * gives Disabled; a request while Requesting or Enabled answers busy. While Enabled, a hidden tab
 * releases control (Enabled.Paused: the agent's input is not replayed) and showing it resumes it.
 * The holder's commands are handed to the help session to replay (`assist.replay`) only in
 * Enabled.Active; anyone else's, or any while paused or not granted, are dropped.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { ASSIST_CONFIRM_TIMEOUT_MS, AssistOp, type AssistCommand, type AssistOutgoing } from '../../src/modules/assist/protocol';
import { answer, released, runsInSession, type AgentEvent } from './consentActions';

export type ControlEvent =
  | AgentEvent
  /** The user clicked Grant Remote Control. */
  | { type: 'user.accept' }
  /** The user clicked Reject. */
  | { type: 'user.decline' }
  /** The user or the agent gave control back. */
  | { type: 'control.release' }
  /** The agent's command (from the socket), to replay in this tab. */
  | { type: 'agent.command'; agentId: string; command: AssistCommand }
  /** The page's visibility changed (document.visibilityState). */
  | { type: 'tab.hidden' }
  | { type: 'tab.visible' };

export interface ControlContext {
  /** The agent who asked for or holds control. */
  agentId: string | null;
}

const KIND = 'control';

export const controlMachine = setup({
  types: { context: {} as ControlContext, events: {} as ControlEvent },
  delays: { confirmTimeout: ASSIST_CONFIRM_TIMEOUT_MS },
  guards: {
    isHolder: ({ context, event }) => event.type === 'agent.left' && event.agentId === context.agentId,
    isHoldersCommand: ({ context, event }) => event.type === 'agent.command' && event.agentId === context.agentId,
  },
  actions: {
    setAgent: assign({ agentId: ({ event }) => (event.type === 'agent.request' ? event.agentId : null) }),
    clearAgent: assign({ agentId: null }),
    tell: enqueueActions(({ enqueue, self }, message: AssistOutgoing) => {
      if (runsInSession(self)) enqueue.sendParent({ type: 'assist.tell', message });
    }),
    replay: enqueueActions(({ enqueue, event, self }) => {
      if (event.type === 'agent.command' && runsInSession(self)) enqueue.sendParent({ type: 'assist.replay', command: event.command });
    }),
  },
}).createMachine({
  id: 'assistControl',
  context: { agentId: null },
  initial: 'Disabled',
  on: {
    'assist.end': { target: '.Disabled', actions: 'clearAgent' },
  },
  states: {
    Disabled: {
      on: { 'agent.request': { target: 'Requesting', actions: 'setAgent' } },
    },
    Requesting: {
      after: {
        confirmTimeout: {
          target: 'Disabled',
          actions: [{ type: 'tell', params: ({ context }) => answer(KIND, 'timeout', context.agentId) }, 'clearAgent'],
        },
      },
      on: {
        'agent.request': { actions: { type: 'tell', params: ({ event }) => answer(KIND, 'busy', event.agentId) } },
        'user.accept': { target: 'Enabled', actions: { type: 'tell', params: ({ context }) => answer(KIND, 'accept', context.agentId) } },
        'user.decline': {
          target: 'Disabled',
          actions: [{ type: 'tell', params: ({ context }) => answer(KIND, 'decline', context.agentId) }, 'clearAgent'],
        },
        'agent.left': { guard: 'isHolder', target: 'Disabled', actions: 'clearAgent' },
      },
    },
    Enabled: {
      initial: 'Active',
      on: {
        'agent.request': { actions: { type: 'tell', params: ({ event }) => answer(KIND, 'busy', event.agentId) } },
        'control.release': {
          target: 'Disabled',
          actions: [{ type: 'tell', params: ({ context }) => released(KIND, context.agentId) }, 'clearAgent'],
        },
        'agent.left': { guard: 'isHolder', target: 'Disabled', actions: 'clearAgent' },
      },
      states: {
        Active: {
          on: {
            'agent.command': { guard: 'isHoldersCommand', actions: 'replay' },
            'tab.hidden': { target: 'Paused', actions: { type: 'tell', params: { o: AssistOp.visibility, b: { visible: false } } } },
          },
        },
        Paused: {
          on: { 'tab.visible': { target: 'Active', actions: { type: 'tell', params: { o: AssistOp.visibility, b: { visible: true } } } } },
        },
      },
    },
  },
});

/** The prompt shows while the request waits for the user. */
export const selectControlPrompt = (snapshot: SnapshotFrom<typeof controlMachine>): boolean => snapshot.matches('Requesting');
/** The agent's input is replayed only while control is granted and the tab is visible. */
export const selectControlActive = (snapshot: SnapshotFrom<typeof controlMachine>): boolean => snapshot.matches({ Enabled: 'Active' });
