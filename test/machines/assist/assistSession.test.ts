import { createActor, SimulatedClock, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { assistChild, assistSessionMachine } from '../../../machines/assist/assistSessionMachine';
import type { SocketLike } from '../../../machines/session/sessionEffects';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

interface FakeSocket extends SocketLike {
  url: string;
  sent: { o: string; b?: unknown }[];
  closedWith: number | null;
}

const asker = { name: 'Ada Lovelace', email: 'ada@example.org', path: '/i-12' };

function setup() {
  const sockets: FakeSocket[] = [];
  const createSocket = (url: string): SocketLike => {
    const socket: FakeSocket = {
      url,
      sent: [],
      closedWith: null,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (data) => socket.sent.push(JSON.parse(data)),
      close: (code) => {
        socket.closedWith = code ?? 1000;
      },
    };
    sockets.push(socket);
    return socket;
  };
  const actor = createActor(assistSessionMachine, { clock: new SimulatedClock() }).start();
  const ask = () => actor.send({ type: 'assist.ask', asker, peerId: 'help-1', tabId: 'tab-1', createSocket, clientVersion: '1.0.0' });
  const socket = (): FakeSocket => sockets[sockets.length - 1]!;
  const fromAgent = (o: string, b?: unknown) => socket().onmessage?.({ data: JSON.stringify({ o, b }) });
  const open = () => {
    socket().onopen?.({});
    fromAgent('authed');
  };
  const child = (id: 'connection' | 'control' | 'calling' | 'recording'): AnyActorRef | undefined => assistChild(actor.getSnapshot(), id);
  return { actor, sockets, ask, socket, fromAgent, open, child, createSocket };
}

describe('assistSession', () => {
  it('runs nothing until the user asks for help', () => {
    const t = setup();
    expect(t.actor.getSnapshot().value).toBe('Idle');
    expect(Object.keys(t.actor.getSnapshot().children)).toEqual([]);
    expect(t.sockets).toHaveLength(0);
  });

  it("asks with the user's name, e-mail and page, and routes an agent's request and the user's answer", () => {
    const t = setup();
    t.ask();
    expect(t.socket().url).toContain('/ws-assist/socket?peerId=help-1&identity=user&tabId=tab-1&sessionInfo=');
    expect(JSON.parse(new URL(t.socket().url, 'http://x').searchParams.get('sessionInfo')!)).toEqual(asker);
    t.open();
    t.fromAgent('assist/agentJoined', { agentId: 'a1', name: 'Sam Support' });
    expect(t.actor.getSnapshot().context.agents).toEqual([{ agentId: 'a1', name: 'Sam Support' }]);
    t.fromAgent('assist/request', { kind: 'control', agentId: 'a1' });
    expect(t.child('control')!.getSnapshot().value).toBe('Requesting');
    t.actor.send({ type: 'assist.answer', kind: 'control', accept: true });
    expect(t.child('control')!.getSnapshot().matches('Enabled')).toBe(true);
    expect(t.socket().sent).toContainEqual({ o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: 'a1' } });
    t.actor.send({ type: 'assist.visibility', visible: false });
    expect(t.child('control')!.getSnapshot().value).toEqual({ Enabled: 'Paused' });
    t.fromAgent('assist/request', { kind: 'recording', agentId: 'a1' });
    t.actor.send({ type: 'assist.answer', kind: 'recording', accept: false });
    expect(t.child('recording')!.getSnapshot().value).toBe('Off');
    t.fromAgent('assist/request', { kind: 'call', agentId: 'a1' });
    t.actor.send({ type: 'assist.answer', kind: 'call', accept: true });
    t.fromAgent('assist/callError', {});
    expect(t.child('calling')!.getSnapshot().value).toBe('False');
    t.fromAgent('assist/agentLeft', { agentId: 'a1' });
    expect(t.child('control')!.getSnapshot().value).toBe('Disabled');
    expect(t.actor.getSnapshot().context.agents).toEqual([]);
  });

  it("the user's End tells the agent, closes the socket and stops everything", () => {
    const t = setup();
    t.ask();
    t.open();
    const socket = t.socket();
    t.actor.send({ type: 'assist.end' });
    expect(socket.sent).toContainEqual({ o: 'assist/end' });
    expect(socket.closedWith).toBe(1000);
    expect(t.actor.getSnapshot().value).toBe('Idle');
    expect(Object.keys(t.actor.getSnapshot().children)).toEqual([]);
  });

  it('the agent ending the session ends it here too, and says so', () => {
    const t = setup();
    t.ask();
    t.open();
    t.fromAgent('assist/release', { kind: 'control' });
    t.fromAgent('assist/end');
    expect(t.actor.getSnapshot().value).toBe('Idle');
    expect(t.actor.getSnapshot().context.endedByAgent).toBe(true);
    t.ask();
    expect(t.actor.getSnapshot().context.endedByAgent).toBe(false);
  });

  it("streams the tab's live view to the agents and replays the controlling agent's commands, only while control is active", () => {
    jest.useFakeTimers();
    try {
      const t = setup();
      let view = { path: '/i-Contact-1', cells: [], focus: null, scrollY: 0, hidden: false };
      let changed: () => void = () => undefined;
      const replayed: unknown[] = [];
      const tab = {
        snapshot: () => view,
        subscribe: (onChange: () => void) => {
          changed = onChange;
          return () => undefined;
        },
        replay: (command: unknown) => replayed.push(command) > 0,
      };
      t.actor.send({ type: 'assist.ask', asker, peerId: 'help-1', tabId: 'tab-1', createSocket: t.createSocket, clientVersion: '1', tab });
      t.open();
      // No agent yet: nothing is sent, whatever changes.
      changed();
      jest.advanceTimersByTime(100);
      const views = () => t.socket().sent.filter((f) => f.o === 'assist/view');
      expect(views()).toEqual([]);
      t.fromAgent('assist/agentJoined', { agentId: 'a1', name: 'Sam Support' });
      expect(views()).toEqual([{ o: 'assist/view', b: { full: view } }]);
      // Two changes within one frame go out as one patch.
      view = { ...view, path: '/i-Contact-2' };
      changed();
      view = { ...view, scrollY: 120 };
      changed();
      jest.advanceTimersByTime(40);
      expect(views().slice(1)).toEqual([
        {
          o: 'assist/view',
          b: {
            patch: [
              [['path'], '/i-Contact-2'],
              [['scrollY'], 120],
            ],
          },
        },
      ]);
      const command = { type: 'open', fromKey: 'i-Contact-2', segment: 'i-Contact-3' };
      t.fromAgent('assist/command', { command, agentId: 'a1' });
      expect(replayed).toEqual([]);
      t.fromAgent('assist/request', { kind: 'control', agentId: 'a1' });
      t.actor.send({ type: 'assist.answer', kind: 'control', accept: true });
      t.fromAgent('assist/command', { command, agentId: 'a2' });
      t.fromAgent('assist/command', { command, agentId: 'a1' });
      expect(replayed).toEqual([command]);
      t.actor.send({ type: 'assist.visibility', visible: false });
      t.fromAgent('assist/command', { command, agentId: 'a1' });
      expect(replayed).toHaveLength(1);
      t.fromAgent('assist/agentLeft', { agentId: 'a1' });
      view = { ...view, path: '/' };
      changed();
      jest.advanceTimersByTime(100);
      expect(views()).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('model: every state and transition', () => {
    const quiet = (): SocketLike => ({
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: () => undefined,
      close: () => undefined,
    });
    const serializeState = (snapshot: AnyMachineSnapshot): string => {
      const context = snapshot.context as { agents: unknown[]; endedByAgent: boolean };
      return `${JSON.stringify(snapshot.value)}|${context.agents.length}|${context.endedByAgent}`;
    };
    const frame = (o: string, b?: unknown) => ({ type: 'assist.frame', frame: { o, b } });
    const report = exploreModel({
      name: 'assist session',
      machine: assistSessionMachine,
      variants: [{ name: 'default', input: () => undefined }],
      events: [
        { type: 'assist.ask', asker, peerId: 'p', tabId: 't', createSocket: quiet, clientVersion: '1' },
        { type: 'assist.answer', kind: 'control', accept: true },
        { type: 'assist.release', kind: 'control' },
        { type: 'assist.visibility', visible: false },
        frame('assist/agentJoined', { agentId: 'a1', name: 'Sam' }),
        frame('assist/agentLeft', { agentId: 'a1' }),
        frame('assist/request', { kind: 'call', agentId: 'a1' }),
        frame('assist/end'),
        { type: 'assist.end' },
        { type: 'assist.tell', message: { o: 'assist/visibility', b: { visible: true } } },
        { type: 'assist.replay', command: { type: 'navigate', path: '/i-Contact-1' } },
      ],
      serializeState,
    });
    expectFullCoverage(report, 2);
  });
});
