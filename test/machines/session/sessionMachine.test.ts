import { createActor, setup, SimulatedClock, type ActorRefFrom } from 'xstate';
import { TOKEN_STORAGE_KEY, WS_TIMEOUT_MS } from '../../../src/shared/constants';
import {
  getAlerts,
  getAuth,
  getConnection,
  getRetry,
  getSession,
  getSysAlerts,
  getTasks,
  SystemId,
  type SystemLike,
} from '../../../machines/systemIds';
import { sessionMachine } from '../../../machines/session/sessionMachine';
import { selectHealth } from '../../../machines/session/connectionHealth';
import { request } from '../../../machines/session/request';
import { signIn } from '../../../machines/session/signIn';
import { currentModalAlert } from '../../../machines/session/sysAlertsMachine';
import { advance } from './support/harness';
import { buildSiteConfig, buildTask, buildUser, fakeEffects, MemoryStorage } from './support/fakes';

function startSession(options: { stored?: string } = {}) {
  const storage = new MemoryStorage();
  if (options.stored) storage.setItem(TOKEN_STORAGE_KEY, options.stored);
  const effects = fakeEffects({ storage });
  const clock = new SimulatedClock();
  const session = createActor(sessionMachine, {
    input: { siteConfig: buildSiteConfig(), clientVersion: '1.0.0', effects },
    clock,
    systemId: SystemId.session,
  }).start();
  const system: SystemLike = session.system;
  const need = <T>(ref: T | undefined): T => {
    if (!ref) throw new Error('actor missing from the system');
    return ref;
  };
  return {
    session,
    effects,
    storage,
    clock,
    auth: need(getAuth(system)),
    connection: need(getConnection(system)),
    retry: need(getRetry(system)),
    alerts: need(getAlerts(system)),
    tasks: need(getTasks(system)),
    sysAlerts: need(getSysAlerts(system)),
    root: getSession(system),
  };
}

/** The server side of a socket accepting the token. */
function acceptSocket(t: ReturnType<typeof startSession>, user = buildUser()) {
  const socket = t.effects.socket();
  socket.open();
  expect(socket.sent[0]).toMatchObject({ o: 'tokenAuth', v: '1.0.0' });
  socket.push({ o: 'authed', b: user });
  return socket;
}

describe('sessionMachine', () => {
  it('registers every long-lived actor under its system id', () => {
    const t = startSession();
    expect(t.root).toBe(t.session);
    for (const ref of [t.auth, t.connection, t.retry, t.alerts, t.tasks, t.sysAlerts]) {
      expect(ref.getSnapshot().status).toBe('active');
    }
    expect(t.auth.getSnapshot().value).toBe('NONE');
  });

  it('signs in with a stored token: socket, tokenAuth, authed, tasks, then requests', async () => {
    const t = startSession({ stored: 'tok-1' });
    expect(t.auth.getSnapshot().value).toBe('TOKEN_LOCAL');
    const socket = acceptSocket(t, buildUser({ activeTasks: [buildTask({ key: 'exp-1', percentageComplete: 50 })] }));
    expect(socket.sent[0]).toEqual({ o: 'tokenAuth', b: 'tok-1', v: '1.0.0' });
    expect(t.auth.getSnapshot().value).toBe('USER_VALID');
    expect(t.tasks.getSnapshot().context.tasks.map((task) => task.key)).toEqual(['exp-1']);
    const reply = request(t.connection, { o: 'read/Contact-1' });
    socket.push({ o: 'read/Contact-1', s: socket.lastSent()?.s, b: { $id: 'Contact-1' } });
    await expect(reply).resolves.toMatchObject({ b: { $id: 'Contact-1' } });
  });

  it('recovers a lost connection: countdown, reconnect, and a "connected" alert', () => {
    const t = startSession({ stored: 'tok-1' });
    acceptSocket(t);
    t.effects.socket().serverClose(1006);
    expect(t.auth.getSnapshot().value).toBe('CONNECTION_LOST');
    expect(selectHealth(t.connection.getSnapshot())).toBe('BAD');
    expect(t.retry.getSnapshot().context).toMatchObject({ failures: 1, remaining: 5 });
    advance(t.clock, 4_900);
    expect(t.effects.sockets).toHaveLength(1);
    advance(t.clock, 100);
    expect(t.effects.sockets).toHaveLength(2);
    acceptSocket(t);
    expect(t.auth.getSnapshot().value).toBe('USER_VALID');
    expect(t.retry.getSnapshot().value).toBe('IDLE');
    expect(t.alerts.getSnapshot().context.current).toMatchObject({ type: 'SUCCESS', message: 'app.networkRetry.connected' });
  });

  it('abandons a reconnect that does not open within 1 s and waits longer', () => {
    const t = startSession({ stored: 'tok-1' });
    acceptSocket(t);
    t.effects.socket().serverClose(1006);
    advance(t.clock, 5_000);
    const attempt = t.effects.socket();
    advance(t.clock, 1_000);
    expect(attempt.closedWith).toEqual({ code: 1000, reason: '' });
    expect(t.retry.getSnapshot().context).toMatchObject({ failures: 2, remaining: 7 });
    expect(t.auth.getSnapshot().value).toBe('CONNECTION_LOST');
  });

  it('closes a silent socket with 4500 and reconnects', () => {
    const t = startSession({ stored: 'tok-1' });
    const socket = acceptSocket(t);
    t.clock.increment(30_000);
    expect(socket.lastSent()).toMatchObject({ o: 'ping' });
    t.clock.increment(45_000);
    expect(socket.closedWith).toEqual({ code: 4500, reason: 'noResponse' });
    expect(t.auth.getSnapshot().value).toBe('CONNECTION_LOST');
    expect(t.retry.getSnapshot().value).toBe('COUNTDOWN');
  });

  it('an expired token on connect: warning, token gone, no retry', () => {
    const t = startSession({ stored: 'tok-old' });
    t.effects.socket().open();
    t.effects.socket().serverClose(4001, 'expiredOnConnect');
    expect(t.auth.getSnapshot().value).toBe('CONNECT_EXPIRY');
    expect(t.storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(t.alerts.getSnapshot().context.current).toMatchObject({ type: 'WARNING', message: 'errors.tokenExpired' });
    expect(t.retry.getSnapshot().value).toBe('IDLE');
    expect(t.connection.getSnapshot().value).toBe('CLOSED');
  });

  it('relays a sign-out in another tab and closes the socket with 1000', () => {
    const t = startSession({ stored: 'tok-1' });
    const socket = acceptSocket(t);
    t.session.send({ type: 'session.storageChanged', key: 'kk-dismissed-sys-alerts', newValue: '[]' });
    expect(t.auth.getSnapshot().value).toBe('USER_VALID');
    t.session.send({ type: 'session.storageChanged', key: TOKEN_STORAGE_KEY, newValue: null });
    expect(t.auth.getSnapshot().value).toBe('OTHER_TAB_SIGNOUT');
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'otherTabSignout' });
    advance(t.clock, 20_000, 1_000);
    expect(t.effects.sockets).toHaveLength(1);
  });

  it('signs in through the form and out again', async () => {
    const t = startSession();
    const result = signIn(t.auth, { email: 'mary@example.org', password: 'pw' });
    t.effects.signIns[0]?.answer.resolve({ status: 200, token: 'tok-s', body: {} });
    await expect(result).resolves.toEqual({ ok: true });
    const socket = acceptSocket(t);
    expect(socket.sent[0]).toEqual({ o: 'tokenAuth', b: 'tok-s', v: '1.0.0' });
    t.auth.send({ type: 'auth.signOutRequested' });
    expect(socket.lastSent()).toMatchObject({ o: 'signout' });
    socket.serverClose(4001, 'signedout');
    expect(t.auth.getSnapshot().value).toBe('SIGNOUT');
    expect(t.storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(t.retry.getSnapshot().value).toBe('IDLE');
    advance(t.clock, WS_TIMEOUT_MS, 1_000);
    expect(t.effects.sockets).toHaveLength(1);
  });

  it('routes system alerts and task pushes to their actors', () => {
    const t = startSession({ stored: 'tok-1' });
    const socket = acceptSocket(t);
    socket.push({ o: 'sysAlerts', b: [{ id: 'm1', title: 'Maintenance', message: 'Tonight 22:00', modal: true }] });
    expect(currentModalAlert(t.sysAlerts.getSnapshot().context)?.id).toBe('m1');
    socket.push({ o: 'taskComplete', b: buildTask({ key: 'exp-2', percentageComplete: 100, resultURI: '/api/download/exp-2' }) });
    expect(t.effects.download).toHaveBeenCalledWith('/api/download/exp-2');
  });
});

describe('module actors', () => {
  it("spawns each registered module's actors under their own system ids, with input from the site config", () => {
    const probe = setup({ types: { input: {} as { dedicated: boolean }, context: {} as { dedicated: boolean } } }).createMachine({
      id: 'probe',
      context: ({ input }) => ({ dedicated: input.dedicated }),
    });
    const session = createActor(sessionMachine, {
      input: {
        siteConfig: buildSiteConfig({ dedicated: true }),
        clientVersion: '1.0.0',
        effects: fakeEffects({ storage: new MemoryStorage() }),
        modules: { views: {}, actors: [{ systemId: 'probe', logic: probe, input: (site) => ({ dedicated: site.dedicated }) }] },
      },
      systemId: SystemId.session,
    }).start();
    const ref = session.system.get('probe') as ActorRefFrom<typeof probe> | undefined;
    expect(ref?.getSnapshot().context).toEqual({ dedicated: true });
    // Spawned after the core's actors: they find auth and the connection from their start.
    expect(getAuth(session.system)).toBeDefined();
    session.stop();
  });
});
