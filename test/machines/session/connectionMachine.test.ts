import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { SystemId } from '../../../machines/systemIds';
import { connectionMachine, WS_PATH, type ConnectionEmitted } from '../../../machines/session/connectionMachine';
import { selectHealth, selectSocketReady } from '../../../machines/session/connectionHealth';
import { request } from '../../../machines/session/request';
import { ClientError, ServerMessageError } from '../../../machines/session/sessionErrors';
import { SYS_ALERTS_PUSH } from '../../../machines/session/pushRouting';
import { advance, startWithPeers } from './support/harness';
import { buildTask, buildUser, fakeEffects, flushPromises } from './support/fakes';

const PEERS = [SystemId.auth, SystemId.retry, SystemId.tasks, SystemId.sysAlerts];

function start(options: { maxMsgSize?: number } = {}) {
  const effects = fakeEffects();
  const h = startWithPeers(connectionMachine, {
    systemId: SystemId.connection,
    input: { clientVersion: '1.0.0', effects, replyTimeoutMs: 60_000, ...options },
    peers: PEERS,
  });
  const emitted: ConnectionEmitted[] = [];
  h.subject.on('*', (event) => emitted.push(event));
  return { ...h, effects, emitted, state: () => h.subject.getSnapshot() };
}

/** Opens a socket and authenticates it as the server would. */
function startAuthed(options: { maxMsgSize?: number } = {}) {
  const t = start(options);
  t.subject.send({ type: 'connection.open', token: 'tok-1' });
  t.effects.socket().open();
  t.effects.socket().push({ o: 'authed', b: buildUser() });
  return t;
}

function replyRecorder() {
  const events: AnyEventObject[] = [];
  const ref = createActor(fromCallback<AnyEventObject>(({ receive }) => receive((event) => events.push(event)))).start();
  return { ref, events };
}

describe('connectionMachine: socket and authentication', () => {
  it('opens the socket at /ws and sends tokenAuth with the client version first', () => {
    const t = start();
    t.subject.send({ type: 'connection.open', token: 'tok-1' });
    expect(t.effects.sockets).toHaveLength(1);
    expect(t.effects.socket().url).toBe(WS_PATH);
    expect(t.effects.socket().sent).toEqual([]);
    t.effects.socket().open();
    expect(t.effects.socket().sent).toEqual([{ o: 'tokenAuth', b: 'tok-1', v: '1.0.0' }]);
    expect(t.sentTo(SystemId.auth)).toEqual([{ type: 'auth.socketOpened' }]);
    expect(t.sentTo(SystemId.retry)).toEqual([{ type: 'retry.succeeded' }]);
  });

  it('queues requests until the server says authed, then sends them in order with sequence numbers', () => {
    const t = start();
    t.subject.send({ type: 'connection.send', frame: { o: 'read/Contact-1' } });
    t.subject.send({ type: 'connection.open', token: 'tok-1' });
    t.subject.send({ type: 'connection.send', frame: { o: 'read/Contact-2' } });
    t.effects.socket().open();
    t.subject.send({ type: 'connection.send', frame: { o: 'read/Contact-3' } });
    expect(t.effects.socket().ops()).toEqual(['tokenAuth']);
    expect(selectSocketReady(t.state())).toBe(false);
    const user = buildUser({ activeTasks: [buildTask()] });
    t.effects.socket().push({ o: 'authed', b: user });
    expect(t.effects.socket().sent.slice(1)).toEqual([
      { o: 'read/Contact-2', s: 2 },
      { o: 'read/Contact-3', s: 3 },
    ]);
    expect(selectSocketReady(t.state())).toBe(true);
    // the request made before any socket existed went by POST, anonymously
    expect(t.effects.posts.map((p) => [p.frame, p.token])).toEqual([[{ o: 'read/Contact-1', s: 1 }, null]]);
    expect(t.sentTo(SystemId.auth, 'auth.authed')).toEqual([{ type: 'auth.authed', user }]);
    expect(t.sentTo(SystemId.tasks)).toEqual([{ type: 'tasks.synced', tasks: [buildTask()] }]);
  });

  it('sends at once on an authenticated socket and settles the reply', async () => {
    const t = startAuthed();
    const reply = request(t.subject, { o: 'read/Contact-7' });
    const sent = t.effects.socket().lastSent();
    expect(sent).toEqual({ o: 'read/Contact-7', s: 1 });
    t.effects.socket().push({ o: 'read/Contact-7', s: 1, b: { $id: 'Contact-7' } });
    await expect(reply).resolves.toEqual({ o: 'read/Contact-7', s: 1, b: { $id: 'Contact-7' } });
    expect(t.state().context.pending).toEqual({});
  });

  it('delivers replies to the requesting actor with its ticket', () => {
    const t = startAuthed();
    const recorder = replyRecorder();
    t.subject.send({ type: 'connection.send', frame: { o: 'label/Contact-1' }, ticket: 'label-1', replyTo: recorder.ref });
    t.effects.socket().push({ o: 'label/Contact-1', s: 1, b: 'Mary Thomas' });
    expect(recorder.events).toEqual([
      { type: 'connection.replied', ticket: 'label-1', o: 'label/Contact-1', frame: { o: 'label/Contact-1', s: 1, b: 'Mary Thomas' } },
    ]);
  });

  it('fails an erred reply with the server message and keeps the socket open', async () => {
    const t = startAuthed();
    const reply = request(t.subject, { o: 'update', b: { $id: 'Contact-1', _u: 1 } });
    t.effects.socket().push({ o: 'update', s: 1, erred: true, b: { userMessage: 'staleUpdate', sysMessage: '_u 1 < 2' } });
    await expect(reply).rejects.toEqual(new ServerMessageError('staleUpdate', '_u 1 < 2', 'update'));
    expect(t.state().matches({ LIVE: 'OPEN' })).toBe(true);
  });

  it('routes pushes to auth, tasks and sysAlerts, and emits every push for item caches', () => {
    const t = startAuthed();
    const task = buildTask({ percentageComplete: 40 });
    t.effects.socket().push({ o: 'tokenWarning', b: { expires: '2030-01-01T00:05:00Z' } });
    t.effects.socket().push({ o: 'taskUpdate', b: task });
    t.effects.socket().push({ o: 'taskComplete', b: { ...task, percentageComplete: 100 } });
    t.effects.socket().push({ o: SYS_ALERTS_PUSH, b: [{ id: 'a1', title: 'Maintenance', message: 'Tonight', modal: true }] });
    t.effects.socket().push({ o: 'item/update', b: { $id: 'Contact-3', _u: 4 } });
    expect(t.sentTo(SystemId.auth, 'auth.tokenWarning')).toEqual([{ type: 'auth.tokenWarning', expires: '2030-01-01T00:05:00Z' }]);
    expect(t.sentTo(SystemId.tasks).map((e) => e.type)).toEqual(['tasks.synced', 'tasks.updated', 'tasks.completed']);
    expect(t.sentTo(SystemId.sysAlerts)).toEqual([
      { type: 'sysAlerts.received', alerts: [{ id: 'a1', title: 'Maintenance', message: 'Tonight', modal: true }] },
    ]);
    const pushes = t.emitted.filter((e) => e.type === 'connection.pushed').map((e) => (e.type === 'connection.pushed' ? e.frame.o : ''));
    expect(pushes).toEqual(['authed', 'tokenWarning', 'taskUpdate', 'taskComplete', SYS_ALERTS_PUSH, 'item/update']);
  });

  it('reconnects with the token of the newToken push', () => {
    const t = startAuthed();
    t.effects.socket().push({ o: 'newToken', b: { token: 'tok-2', expires: '2030-02-01T00:00:00Z' } });
    expect(t.sentTo(SystemId.auth, 'auth.newToken')).toEqual([{ type: 'auth.newToken', token: 'tok-2', expires: '2030-02-01T00:00:00Z' }]);
    t.effects.socket().serverClose(1006);
    t.subject.send({ type: 'connection.reconnect' });
    t.effects.socket().open();
    expect(t.effects.socket().sent[0]).toEqual({ o: 'tokenAuth', b: 'tok-2', v: '1.0.0' });
  });

  it('logs and otherwise ignores a message that is not a frame', () => {
    const t = startAuthed();
    t.effects.socket().push('not json');
    expect(t.effects.log).toHaveBeenCalledWith('warn', 'socket message is not a frame');
    expect(t.state().matches({ LIVE: { OPEN: 'GOOD' } })).toBe(true);
  });
});

describe('connectionMachine: health', () => {
  it('pings after 30 s of silence (WAIT) and closes with 4500 after 45 s more (BAD)', () => {
    const t = startAuthed();
    expect(selectHealth(t.state())).toBe('GOOD');
    t.clock.increment(29_999);
    expect(t.effects.socket().ops()).not.toContain('ping');
    t.clock.increment(1);
    expect(t.effects.socket().lastSent()).toEqual({ o: 'ping', s: 1 });
    expect(selectHealth(t.state())).toBe('WAIT');
    t.clock.increment(44_999);
    expect(t.effects.socket().closedWith).toBeNull();
    t.clock.increment(1);
    expect(t.effects.socket().closedWith).toEqual({ code: 4500, reason: 'noResponse' });
    expect(selectHealth(t.state())).toBe('BAD');
    expect(t.sentTo(SystemId.auth, 'auth.socketClosed')).toEqual([{ type: 'auth.socketClosed', code: 4500, reason: 'noResponse' }]);
  });

  it('is GOOD again as soon as any message arrives, and the silence is counted from it', () => {
    const t = startAuthed();
    t.clock.increment(30_000);
    expect(selectHealth(t.state())).toBe('WAIT');
    t.effects.socket().push({ o: 'ping', s: 1, b: 'pong' });
    expect(selectHealth(t.state())).toBe('GOOD');
    t.clock.increment(20_000);
    t.effects.socket().push({ o: 'item/update', b: { $id: 'Contact-1' } });
    t.clock.increment(20_000);
    expect(selectHealth(t.state())).toBe('GOOD');
    t.clock.increment(10_000);
    expect(selectHealth(t.state())).toBe('WAIT');
  });

  it('stays BAD while a reconnect attempt is opening, GOOD once it opens', () => {
    const t = startAuthed();
    t.effects.socket().serverClose(1006);
    expect(selectHealth(t.state())).toBe('BAD');
    t.subject.send({ type: 'connection.reconnect' });
    expect(t.state().matches({ LIVE: 'CONNECTING' })).toBe(true);
    expect(selectHealth(t.state())).toBe('BAD');
    t.effects.socket().open();
    expect(selectHealth(t.state())).toBe('GOOD');
  });

  it('waits (WAIT, not BAD) after the server closed for a restart (1012), and is BAD once an attempt fails', () => {
    const t = startAuthed();
    t.effects.socket().serverClose(1012);
    expect(t.state().matches('BAD')).toBe(true);
    expect(selectHealth(t.state())).toBe('WAIT');
    t.subject.send({ type: 'connection.reconnect' });
    expect(selectHealth(t.state())).toBe('WAIT');
    t.effects.socket().serverClose(1006);
    expect(selectHealth(t.state())).toBe('BAD');
    t.subject.send({ type: 'connection.reconnect' });
    t.effects.socket().open();
    expect(selectHealth(t.state())).toBe('GOOD');
  });

  it('is GOOD when signed out with no socket at all', () => {
    expect(selectHealth(start().state())).toBe('GOOD');
  });
});

describe('connectionMachine: time-outs, closes and the POST fall-back', () => {
  it('fails a request without reply after wsTimeout with errors.wsMsgTimeout and closes the socket with 4500', async () => {
    const t = startAuthed();
    const reply = request(t.subject, { o: 'search/ids', b: {} });
    advance(t.clock, 29_000, 1_000);
    t.effects.socket().push({ o: 'item/update', b: {} });
    advance(t.clock, 31_000, 1_000);
    await expect(reply).rejects.toEqual(new ClientError('errors.wsMsgTimeout'));
    expect(t.effects.socket().closedWith).toEqual({ code: 4500, reason: 'noResponse' });
    expect(t.state().value).toBe('BAD');
  });

  it('drops the pending requests of a socket that closes', async () => {
    const t = start();
    t.subject.send({ type: 'connection.open', token: 'tok-1' });
    t.effects.socket().open();
    const flushed = request(t.subject, { o: 'read/Contact-1' });
    t.effects.socket().push({ o: 'authed', b: buildUser() });
    const sent = request(t.subject, { o: 'read/Contact-2' });
    expect(t.effects.socket().ops()).toEqual(['tokenAuth', 'read/Contact-1', 'read/Contact-2']);
    t.effects.socket().serverClose(1006);
    await expect(flushed).rejects.toEqual(new ClientError('errors.networkError'));
    await expect(sent).rejects.toEqual(new ClientError('errors.networkError'));
    expect(t.effects.posts).toHaveLength(0);
    expect(t.state().context.pending).toEqual({});
  });

  it('posts queued requests when the socket closes before authenticating', async () => {
    const t = start();
    t.subject.send({ type: 'connection.open', token: 'tok-1' });
    const reply = request(t.subject, { o: 'read/Contact-1' });
    t.effects.socket().serverClose(1006);
    expect(t.effects.posts.map((p) => [p.frame, p.token])).toEqual([[{ o: 'read/Contact-1', s: 1 }, 'tok-1']]);
    t.effects.posts[0]?.answer.resolve({ o: 'read/Contact-1', s: 1, b: { $id: 'Contact-1' } });
    await expect(reply).resolves.toMatchObject({ b: { $id: 'Contact-1' } });
  });

  it('tells auth about every close and goes BAD unless the token was refused', () => {
    const t = startAuthed();
    t.effects.socket().serverClose(1006, '');
    expect(t.state().value).toBe('BAD');
    expect(t.sentTo(SystemId.auth, 'auth.socketClosed')).toEqual([{ type: 'auth.socketClosed', code: 1006, reason: '' }]);
    t.subject.send({ type: 'connection.reconnect' });
    t.effects.socket().open();
    t.effects.socket().serverClose(4001, 'identFailed');
    expect(t.state().value).toBe('CLOSED');
    expect(t.state().context.token).toBeNull();
    // no token: nothing to reconnect with
    t.subject.send({ type: 'connection.reconnect' });
    expect(t.effects.sockets).toHaveLength(2);
  });

  it('logs a close with 1009 (message too large)', () => {
    const t = startAuthed();
    t.effects.socket().serverClose(1009, 'too large');
    expect(t.effects.log).toHaveBeenCalledWith('warn', 'socket closed: message too large (1009)', expect.objectContaining({ code: 1009 }));
  });

  it('sends frames above the size limit through POST /api/item with the token', async () => {
    const t = startAuthed({ maxMsgSize: 200 });
    const big = { $id: 'Contact-1', notes: 'x'.repeat(300) };
    const reply = request(t.subject, { o: 'update', b: big });
    expect(t.effects.socket().ops()).toEqual(['tokenAuth']);
    expect(t.effects.posts).toHaveLength(1);
    expect(t.effects.posts[0]).toMatchObject({ frame: { o: 'update', b: big, s: 1 }, token: 'tok-1' });
    t.effects.posts[0]?.answer.resolve({ o: 'update', s: 1, b: { ...big, _u: 2 } });
    await expect(reply).resolves.toMatchObject({ b: { _u: 2 } });
  });

  it('sends through POST while the socket is lost and counts a POST network failure for retry, silently', async () => {
    const t = startAuthed();
    t.effects.socket().serverClose(1006);
    const reply = request(t.subject, { o: 'read/Contact-5' });
    expect(t.effects.posts[0]).toMatchObject({ frame: { o: 'read/Contact-5', s: 1 }, token: 'tok-1' });
    const outcome = expect(reply).rejects.toBeInstanceOf(ClientError);
    t.effects.posts[0]?.answer.reject(new Error('Network Error'));
    await flushPromises();
    await outcome;
    expect(t.sentTo(SystemId.retry, 'retry.networkFailed')).toHaveLength(1);
    const failed = t.emitted.find((e) => e.type === 'connection.failed');
    expect(failed).toMatchObject({ failure: { kind: 'client', key: 'errors.networkError', silent: true } });
  });

  it('abandons a reconnect attempt quietly', () => {
    const t = startAuthed();
    t.effects.socket().serverClose(1006);
    t.subject.send({ type: 'connection.reconnect' });
    const attempt = t.effects.socket();
    t.subject.send({ type: 'connection.abandon' });
    expect(attempt.closedWith).toEqual({ code: 1000, reason: '' });
    expect(t.state().value).toBe('BAD');
    expect(t.sentTo(SystemId.auth, 'auth.socketClosed')).toHaveLength(1);
    // a late open of the abandoned socket changes nothing
    attempt.open();
    expect(t.state().value).toBe('BAD');
  });

  it('closes with the code it is given (1000 when another tab signed out)', () => {
    const t = startAuthed();
    t.subject.send({ type: 'connection.close', code: 1000, reason: 'otherTabSignout' });
    expect(t.effects.socket().closedWith).toEqual({ code: 1000, reason: 'otherTabSignout' });
    expect(t.state().value).toBe('CLOSED');
    expect(t.sentTo(SystemId.auth, 'auth.socketClosed')).toEqual([]);
  });

  it('reset drops every pending request and starts the sequence again', async () => {
    const t = startAuthed();
    const first = request(t.subject, { o: 'read/Contact-1' });
    t.subject.send({ type: 'connection.reset' });
    await expect(first).rejects.toEqual(new ClientError('errors.networkError'));
    expect(t.effects.socket().closedWith).toEqual({ code: 1000, reason: '' });
    t.subject.send({ type: 'connection.send', frame: { o: 'read/Contact-2' } });
    expect(t.effects.posts.map((p) => [p.frame.s, p.token])).toEqual([[1, null]]);
  });
});
