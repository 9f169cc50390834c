/** The support agent's console (issue 18): the waiting list, joining, the live view, the consents, commands only under control, the end. */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  agentConsoleMachine,
  ANSWER_TIMEOUT_MS,
  selectConsent,
  selectMayCommand,
  WAITING_REFRESH_MS,
} from '../../../machines/assist/agentConsoleMachine';
import type { OperationCall } from '../../../src/shared/protocol/operationCall';
import type { SocketLike } from '../../../machines/session/sessionEffects';

interface FakeSocket extends SocketLike {
  url: string;
  sent: { o: string; b?: unknown }[];
}

const waitingRow = {
  peerId: 'help-1',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  path: '/i-Contact-1',
  askedAt: '2026-11-27T10:00:00.000Z',
  agents: [],
};

function setup() {
  const sockets: FakeSocket[] = [];
  let reads = 0;
  const createSocket = (url: string): SocketLike => {
    const socket: FakeSocket = {
      url,
      sent: [],
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (data) => socket.sent.push(JSON.parse(data)),
      close: () => undefined,
    };
    sockets.push(socket);
    return socket;
  };
  const clock = new SimulatedClock();
  const machine = agentConsoleMachine.provide({
    actors: {
      operation: fromPromise<unknown, OperationCall>(async () => {
        reads += 1;
        return { requests: [waitingRow] };
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { createSocket, clientVersion: 't' } }).start();
  const socket = () => sockets[sockets.length - 1]!;
  const fromUser = (o: string, b?: unknown) => socket().onmessage?.({ data: JSON.stringify({ o, b }) });
  const join = () => {
    actor.send({ type: 'console.join', peerId: 'help-1' });
    socket().onopen?.({});
    fromUser('authed');
    fromUser('assist/session', { peerId: 'help-1' });
  };
  return { actor, clock, socket, fromUser, join, reads: () => reads };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('agentConsoleMachine', () => {
  it('reads who waits, and reads again every 5 s', async () => {
    const t = setup();
    await flush();
    expect(t.actor.getSnapshot().context.requests).toEqual([waitingRow]);
    expect(t.reads()).toBe(1);
    t.clock.increment(WAITING_REFRESH_MS);
    await flush();
    expect(t.reads()).toBe(2);
  });

  it("joins as an agent, draws the user's live view from the full picture and its patches", () => {
    const t = setup();
    t.join();
    expect(t.socket().url).toContain('/ws-assist/socket?peerId=help-1&identity=agent');
    expect(t.actor.getSnapshot().matches({ Session: 'Joined' })).toBe(true);
    const full = { path: '/i-Contact-1', cells: [], focus: null, scrollY: 0, hidden: false };
    t.fromUser('assist/view', { full });
    t.fromUser('assist/view', { patch: [[['path'], '/i-Contact-2']] });
    expect(t.actor.getSnapshot().context.view).toEqual({ ...full, path: '/i-Contact-2' });
  });

  it('each consent: asked, then granted, declined, busy or timed out; commands only while control is granted and the tab visible', () => {
    const t = setup();
    t.join();
    const consent = (kind: 'control' | 'call' | 'recording') => selectConsent(t.actor.getSnapshot(), kind);
    const command = { type: 'open', fromKey: 'i-Contact-1', segment: 'i-Contact-2' } as const;
    t.actor.send({ type: 'console.command', command });
    expect(t.socket().sent.some((f) => f.o === 'assist/command')).toBe(false);
    t.actor.send({ type: 'console.request', kind: 'control' });
    expect(t.socket().sent.at(-1)).toEqual({ o: 'assist/request', b: { kind: 'control' } });
    expect(consent('control')).toBe('asked');
    t.fromUser('assist/answer', { kind: 'control', answer: 'accept', agentId: 'me' });
    expect(consent('control')).toBe('granted');
    expect(selectMayCommand(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: 'console.command', command });
    expect(t.socket().sent.at(-1)).toEqual({ o: 'assist/command', b: { command } });
    t.fromUser('assist/visibility', { visible: false });
    expect(consent('control')).toBe('paused');
    expect(selectMayCommand(t.actor.getSnapshot())).toBe(false);
    t.fromUser('assist/visibility', { visible: true });
    t.fromUser('assist/refused', { reason: 'paused' });
    expect(t.actor.getSnapshot().context.refused).toBe('paused');
    t.actor.send({ type: 'console.request', kind: 'call' });
    t.fromUser('assist/answer', { kind: 'call', answer: 'decline' });
    expect(consent('call')).toBe('declined');
    t.actor.send({ type: 'console.request', kind: 'recording' });
    t.fromUser('assist/answer', { kind: 'recording', answer: 'busy' });
    expect(consent('recording')).toBe('busy');
    t.actor.send({ type: 'console.request', kind: 'recording' });
    t.clock.increment(ANSWER_TIMEOUT_MS);
    expect(consent('recording')).toBe('timedOut');
    t.fromUser('assist/release', { kind: 'control' });
    expect(consent('control')).toBe('none');
  });

  it("the user's End ends it here and says who ended it; the agent's End tells the user", () => {
    const t = setup();
    t.join();
    t.fromUser('assist/end');
    expect(t.actor.getSnapshot().value).toBe('Ended');
    expect(t.actor.getSnapshot().context.endedBy).toBe('user');
    t.actor.send({ type: 'console.back' });
    t.join();
    const socket = t.socket();
    t.actor.send({ type: 'console.end' });
    expect(socket.sent.at(-1)).toEqual({ o: 'assist/end' });
    expect(t.actor.getSnapshot().context.endedBy).toBe('agent');
  });
});
