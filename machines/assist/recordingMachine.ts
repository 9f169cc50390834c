/**
 * Recording of the user's tab (spec 000 §4 "Live-assist tracker"): Off, Requested, Recording. An
 * agent's request asks the user (the prompt 'Agent requested to record activity in this browser
 * tab.') for 30 s, then falls back to Off; Allow Recording gives Recording, shown by a red dashed
 * border round the page (the `border` tag); Reject, either side stopping, or the agent who asked
 * leaving gives Off. A request while one is asked or recording answers busy. While Recording it
 * runs the recorder (tabRecorder.ts) when the browser gave it one; leaving Recording stores the file.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { ASSIST_CONFIRM_TIMEOUT_MS, type AssistOutgoing } from '../../src/modules/assist/protocol';
import { answer, runsInSession, released, type AgentEvent } from './consentActions';
import { tabRecorderLogic, type RecordMedia } from './tabRecorder';

export type RecordingEvent =
  | AgentEvent
  /** The user clicked Allow Recording. */
  | { type: 'user.accept' }
  /** The user clicked Reject. */
  | { type: 'user.decline' }
  /** The user or the agent stopped the recording. */
  | { type: 'recording.stop' };

export interface RecordingContext {
  /** The agent who asked for the recording. */
  agentId: string | null;
  recorder: RecordMedia | null;
}

export interface RecordingInput {
  /** The browser's recorder; none (tests): only the consent runs. */
  recorder?: RecordMedia | null;
}

const KIND = 'recording';

export const recordingMachine = setup({
  types: { context: {} as RecordingContext, events: {} as RecordingEvent, input: {} as RecordingInput },
  actors: { recorder: tabRecorderLogic },
  delays: { confirmTimeout: ASSIST_CONFIRM_TIMEOUT_MS },
  guards: {
    isRequester: ({ context, event }) => event.type === 'agent.left' && event.agentId === context.agentId,
    hasNoRecorder: ({ context }) => context.recorder === null,
  },
  actions: {
    setAgent: assign({ agentId: ({ event }) => (event.type === 'agent.request' ? event.agentId : null) }),
    clearAgent: assign({ agentId: null }),
    tell: enqueueActions(({ enqueue, self }, message: AssistOutgoing) => {
      if (runsInSession(self)) enqueue.sendParent({ type: 'assist.tell', message });
    }),
  },
}).createMachine({
  id: 'assistRecording',
  context: ({ input }) => ({ agentId: null, recorder: input?.recorder ?? null }),
  initial: 'Off',
  on: {
    'assist.end': { target: '.Off', actions: 'clearAgent' },
  },
  states: {
    Off: {
      on: { 'agent.request': { target: 'Requested', actions: 'setAgent' } },
    },
    Requested: {
      after: {
        confirmTimeout: {
          target: 'Off',
          actions: [{ type: 'tell', params: ({ context }) => answer(KIND, 'timeout', context.agentId) }, 'clearAgent'],
        },
      },
      on: {
        'agent.request': { actions: { type: 'tell', params: ({ event }) => answer(KIND, 'busy', event.agentId) } },
        'user.accept': { target: 'Recording', actions: { type: 'tell', params: ({ context }) => answer(KIND, 'accept', context.agentId) } },
        'user.decline': {
          target: 'Off',
          actions: [{ type: 'tell', params: ({ context }) => answer(KIND, 'decline', context.agentId) }, 'clearAgent'],
        },
        'agent.left': { guard: 'isRequester', target: 'Off', actions: 'clearAgent' },
      },
    },
    Recording: {
      tags: ['border'],
      on: {
        'agent.request': { actions: { type: 'tell', params: ({ event }) => answer(KIND, 'busy', event.agentId) } },
        'recording.stop': {
          target: 'Off',
          actions: [{ type: 'tell', params: ({ context }) => released(KIND, context.agentId) }, 'clearAgent'],
        },
        'agent.left': { guard: 'isRequester', target: 'Off', actions: 'clearAgent' },
      },
      initial: 'Capturing',
      states: {
        /** The browser records; leaving stores the recording. */
        Capturing: {
          always: { guard: 'hasNoRecorder', target: 'ConsentOnly' },
          invoke: { src: 'recorder', input: ({ context }) => ({ media: context.recorder! }) },
        },
        /** No recorder was given (the machine runs alone): the consent only. */
        ConsentOnly: {},
      },
    },
  },
});

/** The recording prompt shows while the request waits for the user. */
export const selectRecordingPrompt = (snapshot: SnapshotFrom<typeof recordingMachine>): boolean => snapshot.matches('Requested');
/** The red dashed border shows while recording. */
export const selectRecordingBorder = (snapshot: SnapshotFrom<typeof recordingMachine>): boolean => snapshot.hasTag('border');
