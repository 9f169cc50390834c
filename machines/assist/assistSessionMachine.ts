/**
 * The help session (issue 18): idle, costing nothing, until the user asks for help from the help
 * menu; then it runs the assist connection and the three consent machines (control, calling,
 * recording) and routes between them: the agent's frames to the machine of their kind, the user's
 * answers likewise. Ending, by either side, ends everything at once and returns to Idle.
 */
import { assign, enqueueActions, raise, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import {
  AssistOp,
  type AssistAgentBody,
  type AssistCommand,
  type AssistIceServer,
  type AssistSocketQuery,
  type ConsentKind,
} from '../../src/modules/assist/protocol';
import type { Frame } from '../../src/shared/protocol';
import type { SocketFactory } from '../session/sessionEffects';
import { getAuth } from '../systemIds';
import { assistConnectionMachine } from './assistConnection';
import { type AssistReplayEvent, type AssistTellEvent } from './consentActions';
import { liveStreamLogic, type LiveTab } from './liveStream';
import { callingMachine } from './callingMachine';
import { isCallSignal } from '../../src/modules/assist/protocol';
import type { CallMedia } from './peerConnection';
import type { RecordMedia } from './tabRecorder';
import { controlMachine } from './controlMachine';
import { recordingMachine } from './recordingMachine';

/** Who asks for help, as the agent's waiting list shows them (spec 000 §2: pre-identified with name and e-mail). */
export interface AssistAsker {
  name: string;
  email: string;
  /** The page the user was on. */
  path: string;
  /** That page's title, as its column's header shows it (what the agents' waiting list shows). */
  title?: string;
}

export type AssistSessionEvent =
  /** The user asked for help (the help menu's support request). */
  | {
      type: 'assist.ask';
      asker: AssistAsker;
      /** This help request's id and this tab's id (the socket's peerId and tabId). */
      peerId: string;
      tabId: string;
      createSocket: SocketFactory;
      clientVersion: string;
      /** The tab the agent sees and controls (its live view and the replay of commands); none: nothing is streamed. */
      tab?: LiveTab;
      /** The browser's devices and WebRTC for calls; none: a call is only its consent. */
      media?: CallMedia;
      /** The browser's recorder of this tab; none: a recording is only its consent. */
      recorder?: RecordMedia;
    }
  /** The user's answer to the prompt of a kind. */
  | { type: 'assist.answer'; kind: ConsentKind; accept: boolean }
  /** The user gives back what they granted (stop control, hang up, stop recording). */
  | { type: 'assist.release'; kind: ConsentKind }
  /** The page became hidden or visible. */
  | { type: 'assist.visibility'; visible: boolean }
  /** The user clicked End. */
  | { type: 'assist.end' }
  /** A frame from the agent or the server (from the connection). */
  | { type: 'assist.frame'; frame: Frame }
  /** Internal: everything was told to end. */
  | { type: 'assist.closed' }
  | AssistTellEvent
  | AssistReplayEvent;

export interface AssistSessionContext {
  asker: AssistAsker | null;
  /** The agents in the help session, in the order they joined. */
  agents: AssistAgentBody[];
  /** Whether the agent ended the last help session (the widget says so). */
  endedByAgent: boolean;
  /** The tab of the running help session (see `assist.ask`). */
  tab: LiveTab | null;
  media: CallMedia | null;
  recorder: RecordMedia | null;
}

const CHILD: Record<ConsentKind, 'control' | 'calling' | 'recording'> = { control: 'control', call: 'calling', recording: 'recording' };
const CHILDREN = ['control', 'calling', 'recording'] as const;
const RELEASE: Record<ConsentKind, string> = { control: 'control.release', call: 'call.hangUp', recording: 'recording.stop' };

const isKind = (value: unknown): value is ConsentKind => value === 'control' || value === 'call' || value === 'recording';
const bodyOf = (frame: Frame): Record<string, unknown> =>
  typeof frame.b === 'object' && frame.b !== null ? (frame.b as Record<string, unknown>) : {};

export const assistSessionMachine = setup({
  types: { context: {} as AssistSessionContext, events: {} as AssistSessionEvent },
  actors: {
    connection: assistConnectionMachine,
    control: controlMachine,
    calling: callingMachine,
    recording: recordingMachine,
    live: liveStreamLogic,
  },
  guards: {
    isAgentEnd: ({ event }) => event.type === 'assist.frame' && event.frame.o === AssistOp.end,
  },
  actions: {
    remember: assign(({ event }) =>
      event.type === 'assist.ask'
        ? {
            asker: event.asker,
            agents: [],
            endedByAgent: false,
            tab: event.tab ?? null,
            media: event.media ?? null,
            recorder: event.recorder ?? null,
          }
        : {},
    ),
    replay: ({ context, event }) => {
      if (event.type === 'assist.replay') context.tab?.replay(event.command);
    },
    openSocket: enqueueActions(({ event, enqueue, system }) => {
      if (event.type !== 'assist.ask') return;
      const query: AssistSocketQuery = {
        peerId: event.peerId,
        identity: 'user',
        tabId: event.tabId,
        sessionInfo: JSON.stringify(event.asker),
      };
      const token = getAuth(system)?.getSnapshot().context.token ?? '';
      enqueue.sendTo('connection', { type: 'assistConnection.open', query, token });
    }),
    routeUser: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'assist.answer') enqueue.sendTo(CHILD[event.kind], { type: event.accept ? 'user.accept' : 'user.decline' });
      else if (event.type === 'assist.release') enqueue.sendTo(CHILD[event.kind], { type: RELEASE[event.kind] });
      else if (event.type === 'assist.visibility') enqueue.sendTo('control', { type: event.visible ? 'tab.visible' : 'tab.hidden' });
    }),
    routeAgent: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'assist.frame') return;
      const { o } = event.frame;
      const b = bodyOf(event.frame);
      const agentId = typeof b.agentId === 'string' ? b.agentId : '';
      if (o === AssistOp.request && isKind(b.kind)) enqueue.sendTo(CHILD[b.kind], { type: 'agent.request', agentId });
      else if (o === AssistOp.command && typeof b.command === 'object' && b.command !== null) {
        enqueue.sendTo('control', { type: 'agent.command', agentId, command: b.command as AssistCommand });
      } else if (o === AssistOp.release && isKind(b.kind)) enqueue.sendTo(CHILD[b.kind], { type: RELEASE[b.kind] });
      else if (o === AssistOp.callError) enqueue.sendTo('calling', { type: 'call.error' });
      else if (o === AssistOp.signal && isCallSignal(b.signal)) enqueue.sendTo('calling', { type: 'call.signal', signal: b.signal });
      else if (o === AssistOp.agentJoined && agentId && typeof b.name === 'string') {
        const name = b.name;
        const agents = [...context.agents.filter((a) => a.agentId !== agentId), { agentId, name }];
        enqueue.assign({ agents });
        if (Array.isArray(b.iceServers))
          enqueue.sendTo('calling', { type: 'call.configured', iceServers: b.iceServers as AssistIceServer[] });
        // A full picture for the newcomer, even when the same agent rejoins.
        enqueue.sendTo('live', { type: 'live.agents', count: 0 });
        enqueue.sendTo('live', { type: 'live.agents', count: agents.length });
      } else if (o === AssistOp.agentLeft && agentId) {
        const agents = context.agents.filter((a) => a.agentId !== agentId);
        enqueue.assign({ agents });
        enqueue.sendTo('live', { type: 'live.agents', count: agents.length });
        for (const child of CHILDREN) enqueue.sendTo(child, { type: 'agent.left', agentId });
      }
    }),
    endAll: enqueueActions(({ enqueue }) => {
      for (const child of CHILDREN) enqueue.sendTo(child, { type: 'assist.end' });
      enqueue.sendTo('connection', { type: 'assistConnection.end' });
    }),
    transmit: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'assist.tell') enqueue.sendTo('connection', { type: 'assistConnection.send', message: event.message });
    }),
    markEndedByAgent: assign({ endedByAgent: true, agents: [] }),
    clearAgents: assign({ agents: [] }),
  },
}).createMachine({
  id: 'assistSession',
  context: { asker: null, agents: [], endedByAgent: false, tab: null, media: null, recorder: null },
  initial: 'Idle',
  states: {
    Idle: {
      on: { 'assist.ask': { target: 'Active', actions: 'remember' } },
    },
    Active: {
      // The children talk to each other through this machine: frames in (assist.frame), messages out (assist.tell).
      invoke: [
        { id: 'connection', src: 'connection', input: ({ event }) => connectionInput(event) },
        { id: 'control', src: 'control' },
        { id: 'calling', src: 'calling', input: ({ context }) => ({ media: context.media }) },
        { id: 'recording', src: 'recording', input: ({ context }) => ({ recorder: context.recorder }) },
        { id: 'live', src: 'live', input: ({ context }) => ({ tab: context.tab }) },
      ],
      entry: 'openSocket',
      on: {
        'assist.tell': { actions: 'transmit' },
        'assist.replay': { actions: 'replay' },
        'assist.answer': { actions: 'routeUser' },
        'assist.release': { actions: 'routeUser' },
        'assist.visibility': { actions: 'routeUser' },
        // Everything is told to end while it still runs; the raised event then leaves Active, which stops it all.
        'assist.frame': [
          { guard: 'isAgentEnd', actions: ['endAll', 'markEndedByAgent', raise({ type: 'assist.closed' })] },
          { actions: 'routeAgent' },
        ],
        'assist.end': { actions: ['endAll', 'clearAgents', raise({ type: 'assist.closed' })] },
        'assist.closed': 'Idle',
      },
    },
  },
});

function connectionInput(event: AssistSessionEvent): { createSocket: SocketFactory; clientVersion: string } {
  if (event.type === 'assist.ask') return { createSocket: event.createSocket, clientVersion: event.clientVersion };
  // Unreachable: Active is entered only by assist.ask.
  throw new Error('The help session starts with assist.ask');
}

export type AssistSessionSnapshot = SnapshotFrom<typeof assistSessionMachine>;
export type AssistSessionChild = 'connection' | 'control' | 'calling' | 'recording';

/** A child actor of the running help session (undefined while Idle). */
export const assistChild = (snapshot: AssistSessionSnapshot, id: AssistSessionChild): AnyActorRef | undefined =>
  snapshot.children[id] as AnyActorRef | undefined;
