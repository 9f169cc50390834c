/**
 * The early socket (src/client/platform/earlyRequests.ts): the session's socket factory takes it over once,
 * for the same address and token, and hears everything it heard, in order; its own tokenAuth is not
 * sent twice; a socket authenticated with another token is closed instead of used.
 */
import { takePreconnected } from '../../src/client/platform/preconnectedSocket';
import type { Preconnect } from '../../src/client/platform/earlyRequestsState';

const URL = 'ws://kk.test/ws';
const authFrame = (token: string) => JSON.stringify({ o: 'tokenAuth', b: token, v: '0.1.0' });

function earlySocket(readyState: number = WebSocket.OPEN) {
  const sent: string[] = [];
  const closed: Array<[number | undefined, string | undefined]> = [];
  const socket = {
    readyState,
    send: (data: string) => sent.push(data),
    close: (code?: number, reason?: string) => closed.push([code, reason]),
  } as unknown as WebSocket;
  const state: Preconnect = { url: URL, token: 'tok-1', socket, events: [], listener: null, claimed: false };
  // What the early script does with what it hears.
  const hear = (event: Preconnect['events'][number]) => (state.listener ? state.listener(event) : state.events.push(event));
  return { state, sent, closed, hear };
}

/** Handlers as the socket actor sets them, recording what reaches it. */
function attach(socket: NonNullable<ReturnType<typeof takePreconnected>>) {
  const heard: string[] = [];
  socket.onopen = () => heard.push('open');
  socket.onmessage = (message) => heard.push(`message ${String(message.data)}`);
  socket.onclose = (close) => heard.push(`close ${close.code} ${close.reason}`);
  return heard;
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('the early socket', () => {
  it('is taken once, with what it heard before replayed in order and later events passed on', async () => {
    const t = earlySocket();
    t.hear({ type: 'open' });
    t.hear({ type: 'message', data: '{"o":"authed"}' });
    const socket = takePreconnected(t.state, URL, 'tok-1');
    expect(socket).not.toBeNull();
    const heard = attach(socket!);
    expect(heard).toEqual([]);
    await settle();
    expect(heard).toEqual(['open', 'message {"o":"authed"}']);
    t.hear({ type: 'message', data: '{"o":"pong"}' });
    t.hear({ type: 'close', code: 4001, reason: 'identFailed' });
    expect(heard).toEqual(['open', 'message {"o":"authed"}', 'message {"o":"pong"}', 'close 4001 identFailed']);
    // A second socket of the session (a reconnect) is a socket of its own.
    expect(takePreconnected(t.state, URL, 'tok-1')).toBeNull();
  });

  it('does not send tokenAuth twice, and sends every later frame', async () => {
    const t = earlySocket();
    const socket = takePreconnected(t.state, URL, 'tok-1')!;
    attach(socket);
    await settle();
    socket.send(authFrame('tok-1'));
    socket.send('{"o":"ping","s":1}');
    expect(t.sent).toEqual(['{"o":"ping","s":1}']);
    expect(t.closed).toEqual([]);
  });

  it('is closed, not used, when the session authenticates with another token', async () => {
    const t = earlySocket();
    const socket = takePreconnected(t.state, URL, 'tok-1')!;
    attach(socket);
    await settle();
    socket.send(authFrame('tok-2'));
    expect(t.sent).toEqual([]);
    expect(t.closed).toEqual([[4000, 'tokenChanged']]);
  });

  it('is left alone for another address, another token, or once it closed', () => {
    expect(takePreconnected(undefined, URL, 'tok-1')).toBeNull();
    expect(takePreconnected(earlySocket().state, 'ws://other.test/ws', 'tok-1')).toBeNull();
    expect(takePreconnected(earlySocket().state, URL, 'tok-2')).toBeNull();
    expect(takePreconnected(earlySocket().state, URL, null)).toBeNull();
    expect(takePreconnected(earlySocket(WebSocket.CLOSED).state, URL, 'tok-1')).toBeNull();
    // Still connecting is fine: its open is told when it comes.
    expect(takePreconnected(earlySocket(WebSocket.CONNECTING).state, URL, 'tok-1')).not.toBeNull();
  });

  it('stops passing events on once the session closed it', async () => {
    const t = earlySocket();
    const socket = takePreconnected(t.state, URL, 'tok-1')!;
    const heard = attach(socket);
    await settle();
    socket.close(1000, '');
    t.hear({ type: 'message', data: 'late' });
    expect(heard).toEqual([]);
    expect(t.closed).toEqual([[1000, '']]);
  });
});
