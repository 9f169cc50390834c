/**
 * The support agent's console (issue 18): the users waiting for help (read again every 5 s), joining
 * one over the assist socket, and once joined the user's live view (a full picture, then patches)
 * and the state of each consent the agent asked for: asked, granted, declined, busy, timed out (no
 * answer 5 s after the user's own 30 s prompt would have ended). Control, once granted, may be
 * paused by the user's hidden tab; commands are offered and sent only while it is granted and
 * active. The user ending the session, or the agent, closes the socket and says who ended it.
 *
 * Once a call is answered the console runs it (peerCallMachine.ts, as the caller) while Granted, when
 * it was given devices to call with; the call failing tells the user's side and ends the call.
 *
 * Observable: List.{Loading, Ready, Failed}, Session.Joining, Session.Joined (regions control, call,
 * recording: None, Asked, Granted, Declined, Busy, TimedOut; control's Granted: Active, Paused;
 * call's Granted: Media, ConsentOnly), Ended.
 */
import { assign, enqueueActions, raise, setup, type SnapshotFrom } from 'xstate';
import { applyLivePatch, type LiveView } from '../../src/modules/assist/liveView';
import { assistOperations, type AssistWaitingRow } from '../../src/modules/assist/operations';
import {
  ASSIST_CONFIRM_TIMEOUT_MS,
  AssistOp,
  type AssistAgentOutgoing,
  type AssistCommand,
  type AssistIceServer,
  type CommandRefusal,
  type ConsentAnswer,
  type ConsentKind,
  isCallSignal,
} from '../../src/modules/assist/protocol';
import type { Frame } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operationLogic } from '../session/operation';
import type { SocketFactory } from '../session/sessionEffects';
import { getAuth } from '../systemIds';
import { assistConnectionMachine } from './assistConnection';
import { CALL_GRANTED, CONTROL_GRANTED, consentRegion } from './agentConsoleRegions';
import { peerCallMachine, type CallOutgoingEvent } from './peerCallMachine';
import type { CallMedia } from './peerConnection';

/** How often the waiting list is read again. */
export const WAITING_REFRESH_MS = 5_000;
/** How long joining may take before the console gives up. */
export const JOIN_TIMEOUT_MS = 10_000;
/** How long the agent waits for an answer: the user's prompt, and a margin for the way back. */
export const ANSWER_TIMEOUT_MS = ASSIST_CONFIRM_TIMEOUT_MS + 5_000;

export type AgentConsoleEvent =
  | { type: 'console.refresh' }
  | { type: 'console.join'; peerId: string }
  | { type: 'console.request'; kind: ConsentKind }
  | { type: 'console.release'; kind: ConsentKind }
  | { type: 'console.command'; command: AssistCommand }
  | { type: 'console.end' }
  /** Internal: the end was told to the user's side. */
  | { type: 'console.ended' }
  /** Back to the waiting list after a session ended (or leaving one without ending it). */
  | { type: 'console.back' }
  /** A frame from the user's side or the server (from the connection). */
  | { type: 'assist.frame'; frame: Frame }
  | { type: 'xstate.done.actor.waiting'; output: unknown }
  | { type: 'xstate.error.actor.waiting'; error: unknown }
  | CallOutgoingEvent;

export interface AgentConsoleInput {
  createSocket: SocketFactory;
  clientVersion: string;
  /** The browser's devices and WebRTC for calls; none (tests): a call is only its consent. */
  media?: CallMedia | null;
}

export interface AgentConsoleContext extends AgentConsoleInput {
  requests: AssistWaitingRow[] | null;
  /** A message key: the list could not be read, or joining failed. */
  error: string | null;
  /** The help request joined (or being joined). */
  peerId: string | null;
  /** The user's live view, once their tab sent it. */
  view: LiveView | null;
  /** The relay's last refusal of a command. */
  refused: CommandRefusal | null;
  endedBy: 'user' | 'agent' | null;
  /** The STUN/TURN servers the relay gave on joining. */
  iceServers: AssistIceServer[];
}

const bodyOf = (frame: Frame): Record<string, unknown> =>
  typeof frame.b === 'object' && frame.b !== null ? (frame.b as Record<string, unknown>) : {};
const frameIs = (o: string, kind?: ConsentKind, answer?: string) => (event: AgentConsoleEvent) => {
  if (event.type !== 'assist.frame' || event.frame.o !== o) return false;
  const b = bodyOf(event.frame);
  return (kind === undefined || b.kind === kind) && (answer === undefined || b.answer === answer);
};

export const agentConsoleMachine = setup({
  types: {
    context: {} as AgentConsoleContext,
    events: {} as AgentConsoleEvent,
    input: {} as AgentConsoleInput,
  },
  actors: { operation: operationLogic, connection: assistConnectionMachine, call: peerCallMachine },
  delays: { refresh: WAITING_REFRESH_MS, joinTimeout: JOIN_TIMEOUT_MS, answerTimeout: ANSWER_TIMEOUT_MS },
  guards: {
    isSession: ({ event }) => frameIs(AssistOp.session)(event),
    isSignal: ({ event }) => frameIs(AssistOp.signal)(event),
    hasNoMedia: ({ context }) => !context.media,
    isEnd: ({ event }) => frameIs(AssistOp.end)(event),
    isRequestOf: ({ event }, p: { kind: ConsentKind }) => event.type === 'console.request' && event.kind === p.kind,
    isReleaseOf: ({ event }, p: { kind: ConsentKind }) => event.type === 'console.release' && event.kind === p.kind,
    isAnswer: ({ event }, p: { kind: ConsentKind; answer: ConsentAnswer }) => frameIs(AssistOp.answer, p.kind, p.answer)(event),
    isRelease: ({ event }, p: { kind: ConsentKind }) => frameIs(AssistOp.release, p.kind)(event),
    isVisibility: ({ event }, p: { visible: boolean }) =>
      frameIs(AssistOp.visibility)(event) && event.type === 'assist.frame' && bodyOf(event.frame).visible === p.visible,
  },
  actions: {
    keepRequests: assign(({ event }) =>
      event.type === 'xstate.done.actor.waiting'
        ? { requests: (event.output as { requests: AssistWaitingRow[] }).requests, error: null }
        : {},
    ),
    listFailed: assign({ error: 'assist.console.listFailed' }),
    joinFailed: assign({ error: 'assist.console.joinFailed', peerId: null }),
    startJoin: assign(({ event }) =>
      event.type === 'console.join' ? { peerId: event.peerId, view: null, refused: null, endedBy: null, error: null } : {},
    ),
    openSocket: enqueueActions(({ context, enqueue, system }) => {
      const token = getAuth(system)?.getSnapshot().context.token ?? '';
      const query = { peerId: context.peerId ?? '', identity: 'agent' as const, tabId: 'console', sessionInfo: '{}' };
      enqueue.sendTo('connection', { type: 'assistConnection.open', query, token });
    }),
    send: enqueueActions(({ enqueue }, message: AssistAgentOutgoing) => {
      enqueue.sendTo('connection', { type: 'assistConnection.send', message });
    }),
    sendCommand: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'console.command') return;
      enqueue.sendTo('connection', { type: 'assistConnection.send', message: { o: AssistOp.command, b: { command: event.command } } });
      enqueue.assign({ refused: null });
    }),
    takeView: assign(({ context, event }) => {
      if (event.type !== 'assist.frame' || event.frame.o !== AssistOp.view) return {};
      const b = bodyOf(event.frame);
      if (typeof b.full === 'object' && b.full !== null) return { view: b.full as LiveView };
      if (Array.isArray(b.patch) && context.view)
        return { view: applyLivePatch(context.view, b.patch as Parameters<typeof applyLivePatch>[1]) };
      return {};
    }),
    takeRefusal: assign(({ event }) =>
      event.type === 'assist.frame' && event.frame.o === AssistOp.refused ? { refused: bodyOf(event.frame).reason as CommandRefusal } : {},
    ),
    keepIceServers: assign(({ event }) => {
      const servers = event.type === 'assist.frame' ? bodyOf(event.frame).iceServers : undefined;
      return Array.isArray(servers) ? { iceServers: servers as AssistIceServer[] } : {};
    }),
    forwardSignal: enqueueActions(({ enqueue, event }) => {
      const signal = event.type === 'assist.frame' ? bodyOf(event.frame).signal : undefined;
      if (isCallSignal(signal)) enqueue.sendTo('call', { type: 'call.signal', signal });
    }),
    sendSignal: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'call.outgoing') return;
      enqueue.sendTo('connection', { type: 'assistConnection.send', message: { o: AssistOp.signal, b: { signal: event.signal } } });
    }),
    endedByUser: assign({ endedBy: 'user' }),
    endedByAgent: assign({ endedBy: 'agent' }),
    forget: assign({ peerId: null, view: null, refused: null, endedBy: null }),
  },
}).createMachine({
  id: 'agentConsole',
  context: ({ input }) => ({
    ...input,
    requests: null,
    error: null,
    peerId: null,
    view: null,
    refused: null,
    endedBy: null,
    iceServers: [],
  }),
  initial: 'List',
  states: {
    List: {
      initial: 'Loading',
      on: { 'console.join': { target: 'Session', actions: 'startJoin' } },
      states: {
        Loading: {
          invoke: {
            id: 'waiting',
            src: 'operation',
            input: () => callOf(assistOperations.waiting, undefined),
            onDone: { target: 'Ready', actions: 'keepRequests' },
            onError: { target: 'Failed', actions: 'listFailed' },
          },
        },
        Ready: {
          after: { refresh: 'Loading' },
          on: { 'console.refresh': 'Loading' },
        },
        Failed: {
          after: { refresh: 'Loading' },
          on: { 'console.refresh': 'Loading' },
        },
      },
    },
    Session: {
      invoke: {
        id: 'connection',
        src: 'connection',
        input: ({ context }) => ({ createSocket: context.createSocket, clientVersion: context.clientVersion }),
      },
      entry: 'openSocket',
      initial: 'Joining',
      on: {
        'assist.frame': [{ guard: 'isEnd', target: 'Ended', actions: 'endedByUser' }, { actions: ['takeView', 'takeRefusal'] }],
        // Told while the socket still runs; the raised event then leaves Session, which closes it.
        'console.end': { actions: [{ type: 'send', params: { o: AssistOp.end } }, raise({ type: 'console.ended' })] },
        'console.ended': { target: 'Ended', actions: 'endedByAgent' },
        'console.back': { target: 'List', actions: 'forget' },
      },
      states: {
        Joining: {
          after: { joinTimeout: { target: '#agentConsole.List', actions: 'joinFailed' } },
          on: {
            'assist.frame': [
              { guard: 'isSession', target: 'Joined', actions: 'keepIceServers' },
              { guard: 'isEnd', target: '#agentConsole.Ended', actions: 'endedByUser' },
            ],
          },
        },
        Joined: {
          type: 'parallel',
          states: {
            control: consentRegion('control', CONTROL_GRANTED),
            call: consentRegion('call', CALL_GRANTED),
            recording: consentRegion('recording', {}),
          },
        },
      },
    },
    Ended: {
      on: { 'console.back': { target: 'List', actions: 'forget' } },
    },
  },
});

export type AgentConsoleSnapshot = SnapshotFrom<typeof agentConsoleMachine>;
/** What the console shows of one consent. */
export type ConsentShown = 'none' | 'asked' | 'granted' | 'paused' | 'declined' | 'busy' | 'timedOut';
/** The state of `kind`'s consent while joined (none otherwise). */
export const selectConsent = (snapshot: AgentConsoleSnapshot, kind: ConsentKind): ConsentShown => {
  if (!snapshot.matches({ Session: 'Joined' })) return 'none';
  const value = (snapshot.value as { Session: { Joined: Record<ConsentKind, string | Record<string, string>> } }).Session.Joined[kind];
  if (typeof value === 'object') return value.Granted === 'Paused' ? 'paused' : 'granted';
  return ({ None: 'none', Asked: 'asked', Granted: 'granted', Declined: 'declined', Busy: 'busy', TimedOut: 'timedOut' } as const)[
    value as 'None'
  ];
};
/** Whether the agent may send commands now: control granted and the user's tab visible. */
export const selectMayCommand = (snapshot: AgentConsoleSnapshot): boolean =>
  snapshot.matches({ Session: { Joined: { control: { Granted: 'Active' } } } });
