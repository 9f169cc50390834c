/**
 * The consent regions of the agent's console (agentConsoleMachine.ts): one chart per kind (None, Asked,
 * Granted, Declined, Busy, TimedOut), with what each grant holds: control's pause and commands, a
 * call's running call.
 */
import { AssistOp, type AssistIceServer, type ConsentAnswer, type ConsentKind } from '../../src/modules/assist/protocol';
import type { CallMedia } from './peerConnection';

/** What a call's start reads of the console's context. */
interface CallContext {
  media?: CallMedia | null;
  iceServers: AssistIceServer[];
}

/** Control, once granted: paused while the user's tab is hidden; commands go out only while active. */
export const CONTROL_GRANTED = {
  initial: 'Active',
  states: {
    Active: {
      on: {
        'assist.frame': { guard: { type: 'isVisibility', params: { visible: false } }, target: 'Paused' },
        'console.command': { actions: 'sendCommand' },
      },
    },
    Paused: { on: { 'assist.frame': { guard: { type: 'isVisibility', params: { visible: true } }, target: 'Active' } } },
  },
} as const;

/** A call, once answered: the call itself runs while granted (when the console has devices to call with). */
export const CALL_GRANTED = {
  initial: 'Media',
  states: {
    /** The call's sound and picture flow (or are being set up). */
    Media: {
      always: { guard: 'hasNoMedia', target: 'ConsentOnly' },
      invoke: {
        id: 'call',
        src: 'call',
        input: ({ context }: { context: CallContext }) => ({
          media: context.media!,
          role: 'caller' as const,
          iceServers: context.iceServers,
        }),
        onDone: { target: '#agentConsole.Session.Joined.call.None', actions: { type: 'send', params: { o: AssistOp.callError } } },
      },
      on: {
        'assist.frame': { guard: 'isSignal', actions: 'forwardSignal' },
        'call.outgoing': { actions: 'sendSignal' },
      },
    },
    /** No devices to call with were given: the consent only. */
    ConsentOnly: {},
  },
} as const;

/** One consent's region: the same chart for control, a call and recording; control's grant may be paused and takes commands. */
export function consentRegion<G extends object>(kind: ConsentKind, granted: G) {
  const request = {
    guard: { type: 'isRequestOf', params: { kind } },
    target: 'Asked',
    actions: { type: 'send', params: { o: AssistOp.request, b: { kind } } },
  } as const;
  const answered = (answer: ConsentAnswer, target: string) => ({ guard: { type: 'isAnswer', params: { kind, answer } }, target }) as const;
  const settled = { on: { 'console.request': request } };
  return {
    initial: 'None',
    states: {
      None: settled,
      Asked: {
        after: { answerTimeout: 'TimedOut' },
        on: {
          'assist.frame': [
            answered('accept', 'Granted'),
            answered('decline', 'Declined'),
            answered('busy', 'Busy'),
            answered('timeout', 'TimedOut'),
          ],
        },
      },
      Granted: {
        ...granted,
        on: {
          'assist.frame': { guard: { type: 'isRelease', params: { kind } }, target: 'None' },
          'console.release': {
            guard: { type: 'isReleaseOf', params: { kind } },
            target: 'None',
            actions: { type: 'send', params: { o: AssistOp.release, b: { kind } } },
          },
        },
      },
      Declined: settled,
      Busy: settled,
      TimedOut: settled,
    },
  } as const;
}
