import { createMachine, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { agentConsoleMachine } from '../../../machines/assist/agentConsoleMachine';
import type { peerCallMachine } from '../../../machines/assist/peerCallMachine';
import type { CallMedia } from '../../../machines/assist/peerConnection';
import type { SocketLike } from '../../../machines/session/sessionEffects';
import type { OperationCall } from '../../../src/shared/protocol/operationCall';
import { delayed, exploreModel } from '../support/modelCoverage';

const quietSocket = (): SocketLike => ({
  onopen: null,
  onmessage: null,
  onclose: null,
  onerror: null,
  send: () => undefined,
  close: () => undefined,
});

// The waiting list's request never answers by itself: its answers are the explicit done and error events.
// The call itself is peerCallMachine's (its own model test): here it runs until its end is sent.
const machine = agentConsoleMachine.provide({
  actors: {
    operation: fromPromise<unknown, OperationCall>(() => new Promise(() => undefined)),
    call: createMachine({}) as unknown as typeof peerCallMachine,
  },
});
const media: CallMedia = {
  localStream: () => new Promise(() => undefined),
  createPeer: () => {
    throw new Error('The call is replaced in this test');
  },
};
const signal = { description: { type: 'answer', sdp: 'v=0' } };
const frame = (o: string, b?: unknown) => ({ type: 'assist.frame', frame: { o, b } });
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const c = snapshot.context as { peerId: string | null; endedBy: string | null; error: string | null };
  return `${JSON.stringify(snapshot.value)}|${c.peerId ?? ''}|${c.endedBy ?? ''}|${c.error ?? ''}`;
};

const common = [
  { type: 'xstate.done.actor.waiting', output: { requests: [] } },
  { type: 'xstate.error.actor.waiting', error: { kind: 'server', key: 'errors.notAllowed' } },
  { type: 'console.refresh' },
  { type: 'console.join', peerId: 'p1' },
  frame('assist/session', { peerId: 'p1' }),
  frame('assist/end'),
  { type: 'console.end' },
  { type: 'console.back' },
  delayed('refresh', 'agentConsole.List.Ready'),
  delayed('refresh', 'agentConsole.List.Failed'),
  delayed('joinTimeout', 'agentConsole.Session.Joining'),
];
const kindEvents = (kind: 'control' | 'call' | 'recording') => [
  { type: 'console.request', kind },
  { type: 'console.release', kind },
  frame('assist/answer', { kind, answer: 'accept' }),
  frame('assist/answer', { kind, answer: 'decline' }),
  frame('assist/answer', { kind, answer: 'busy' }),
  frame('assist/answer', { kind, answer: 'timeout' }),
  frame('assist/release', { kind }),
  delayed('answerTimeout', `agentConsole.Session.Joined.${kind}.Asked`),
  ...(kind === 'control'
    ? [
        frame('assist/visibility', { visible: false }),
        frame('assist/visibility', { visible: true }),
        { type: 'console.command', command: { type: 'navigate', path: '/' } },
      ]
    : []),
  ...(kind === 'call'
    ? [frame('assist/signal', { signal }), { type: 'call.outgoing', signal }, { type: 'xstate.done.actor.call', output: undefined }]
    : []),
];

describe('agent console, model', () => {
  it('every state and transition; the list refresh, the join and the answers time out by the simulated clock', () => {
    // The three consent regions are independent: each is explored with its own events (the product of all three is 7^3 states for nothing).
    const reports = (['control', 'call', 'recording'] as const).map((kind) =>
      exploreModel({
        name: `agent console (${kind})`,
        machine,
        variants: [
          { name: kind, input: () => ({ createSocket: quietSocket, clientVersion: 't' }) },
          ...(kind === 'call'
            ? [{ name: 'call with devices', input: () => ({ createSocket: quietSocket, clientVersion: 't', media }) }]
            : []),
        ],
        events: [...common, ...kindEvents(kind)],
        serializeState,
      }),
    );
    const missedByAll = (pick: (r: (typeof reports)[number]) => string[]) =>
      pick(reports[0]!).filter((x) => reports.every((r) => pick(r).includes(x)));
    expect(reports.flatMap((r) => r.mismatches)).toEqual([]);
    expect(missedByAll((r) => r.missingStates)).toEqual([]);
    expect(missedByAll((r) => r.missingTransitions)).toEqual([]);
    expect(reports[0]!.statesTotal).toBe(33);
    expect(reports[0]!.transitionsTotal).toBe(56);
  });
});
