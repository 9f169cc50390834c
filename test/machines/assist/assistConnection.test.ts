import { assign, createActor, createMachine, SimulatedClock, type ActorRefFrom } from 'xstate';
import { assistConnectionMachine, selectAssistConnectionStatus } from '../../../machines/assist/assistConnection';
import type { SocketLike } from '../../../machines/session/sessionEffects';
import type { Frame } from '../../../src/shared/protocol';

interface FakeSocket extends SocketLike {
  url: string;
  sent: unknown[];
  closedWith: number | null;
}

function setup(maxAttempts?: number) {
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
  const clock = new SimulatedClock();
  const actor = createActor(assistConnectionMachine, { input: { createSocket, clientVersion: '1.2.3', maxAttempts }, clock }).start();
  const received: Frame[] = [];
  actor.on('assistConnection.received', (event) => received.push(event.frame));
  const last = (): FakeSocket => sockets[sockets.length - 1]!;
  const open = (): void => {
    last().onopen?.({});
    last().onmessage?.({ data: JSON.stringify({ o: 'authed', b: { id: 'u1' } }) });
  };
  const lose = (code = 1006, reason = ''): void => last().onclose?.({ code, reason });
  const status = () => selectAssistConnectionStatus(actor.getSnapshot());
  return { actor, sockets, clock, received, last, open, lose, status };
}

const query = { peerId: 'help-1', identity: 'user' as const, tabId: 'tab-1', sessionInfo: '{"name":"Ada"}' };

describe('assistConnection', () => {
  it('opens /ws-assist/socket with its query, authenticates with the token, and relays what the agent sends', () => {
    const t = setup();
    expect(t.status()).toBe('idle');
    t.actor.send({ type: 'assistConnection.open', query, token: 'tok' });
    expect(t.status()).toBe('connecting');
    expect(t.last().url).toBe('/ws-assist/socket?peerId=help-1&identity=user&tabId=tab-1&sessionInfo=%7B%22name%22%3A%22Ada%22%7D');
    t.open();
    expect(t.status()).toBe('open');
    expect(t.last().sent[0]).toEqual({ o: 'tokenAuth', b: 'tok', v: '1.2.3' });
    t.last().onmessage?.({ data: JSON.stringify({ o: 'assist/request', b: { kind: 'call', agentId: 'a1' } }) });
    expect(t.received).toEqual([{ o: 'assist/request', b: { kind: 'call', agentId: 'a1' } }]);
  });

  it('reconnects after 1 s, then 2 s, 4 s…; messages sent meanwhile go out once open', () => {
    const t = setup();
    t.actor.send({ type: 'assistConnection.open', query, token: 'tok' });
    t.open();
    t.lose();
    expect(t.status()).toBe('reconnecting');
    t.actor.send({ type: 'assistConnection.send', message: { o: 'assist/visibility', b: { visible: false } } });
    t.clock.increment(999);
    expect(t.sockets).toHaveLength(1);
    t.clock.increment(1);
    expect(t.sockets).toHaveLength(2);
    t.lose();
    t.clock.increment(1_999);
    expect(t.sockets).toHaveLength(2);
    t.clock.increment(1);
    expect(t.sockets).toHaveLength(3);
    t.open();
    expect(t.last().sent).toEqual([
      { o: 'tokenAuth', b: 'tok', v: '1.2.3' },
      { o: 'assist/visibility', b: { visible: false } },
    ]);
    // Open again: the next loss waits 1 s again.
    t.lose();
    t.clock.increment(1_000);
    expect(t.sockets).toHaveLength(4);
  });

  it('gives up after 30 attempts, the longest wait being 25 s', () => {
    const t = setup();
    t.actor.send({ type: 'assistConnection.open', query, token: 'tok' });
    t.lose();
    let waited = 0;
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const before = t.sockets.length;
      const delay = Math.min(25_000, 1_000 * 2 ** (attempt - 1));
      t.clock.increment(delay);
      waited += delay;
      expect(t.sockets).toHaveLength(before + 1);
      t.lose();
    }
    expect(t.status()).toBe('failed');
    expect(t.sockets).toHaveLength(31);
    expect(waited).toBe(1_000 + 2_000 + 4_000 + 8_000 + 16_000 + 25 * 25_000);
    // Asking for help again starts afresh.
    t.actor.send({ type: 'assistConnection.open', query, token: 'tok' });
    expect(t.status()).toBe('connecting');
  });

  it('does not retry a refused token', () => {
    const t = setup();
    t.actor.send({ type: 'assistConnection.open', query, token: 'bad' });
    t.last().onopen?.({});
    t.lose(4001, 'identFailed');
    expect(t.status()).toBe('failed');
    t.clock.increment(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('ending tells the agent, closes the socket, and stays closed', () => {
    const t = setup();
    t.actor.send({ type: 'assistConnection.open', query, token: 'tok' });
    t.open();
    const socket = t.last();
    t.actor.send({ type: 'assistConnection.end' });
    expect(socket.sent).toContainEqual({ o: 'assist/end' });
    expect(socket.closedWith).toBe(1000);
    expect(t.status()).toBe('idle');
    t.clock.increment(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it("reconnecting authenticates with the session's token as it is now (refreshed while the socket was down)", () => {
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
        send: (d) => socket.sent.push(JSON.parse(d)),
        close: () => undefined,
      };
      sockets.push(socket);
      return socket;
    };
    // The session's auth actor, as the help session finds it in its system: only its token is read.
    const auth = createMachine({
      types: {} as { context: { token: string }; events: { type: 'refreshed'; token: string } },
      context: { token: 'tok-1' },
      on: { refreshed: { actions: assign({ token: ({ event }) => event.token }) } },
    });
    const root = createMachine({
      invoke: [
        { id: 'auth', systemId: 'auth', src: auth },
        { id: 'connection', src: assistConnectionMachine, input: { createSocket, clientVersion: '1.2.3' } },
      ],
    });
    const clock = new SimulatedClock();
    const actor = createActor(root, { clock }).start();
    const connection = actor.getSnapshot().children.connection as ActorRefFrom<typeof assistConnectionMachine>;
    connection.send({ type: 'assistConnection.open', query, token: 'tok-1' });
    sockets[0]!.onopen?.({});
    expect(sockets[0]!.sent[0]).toMatchObject({ o: 'tokenAuth', b: 'tok-1' });
    sockets[0]!.onmessage?.({ data: JSON.stringify({ o: 'authed', b: { id: 'u1' } }) });
    sockets[0]!.onclose?.({ code: 1006, reason: '' });
    (actor.getSnapshot().children.auth as ActorRefFrom<typeof auth>).send({ type: 'refreshed', token: 'tok-2' });
    clock.increment(1_000);
    sockets[1]!.onopen?.({});
    expect(sockets[1]!.sent[0]).toMatchObject({ o: 'tokenAuth', b: 'tok-2' });
  });
});
