import { TOKEN_COOKIE, TOKEN_STORAGE_KEY, WS_TIMEOUT_MS } from '../../../src/shared/constants';
import { SystemId } from '../../../machines/systemIds';
import { authMachine, isTokenValid, AuthState } from '../../../machines/session/authMachine';
import { selectAuthDialog, selectAuthSettled, selectTokenValid, selectUser } from '../../../machines/session/authSelectors';
import { signIn } from '../../../machines/session/signIn';
import type { KeyValueStorage } from '../../../machines/session/sessionEffects';
import { startWithPeers } from './support/harness';
import { buildUser, fakeEffects, flushPromises, MemoryStorage } from './support/fakes';

const PEERS = [SystemId.connection, SystemId.retry, SystemId.alerts];

function startAuth(options: { stored?: string; cookie?: string; storage?: KeyValueStorage | null } = {}) {
  const storage = new MemoryStorage();
  if (options.stored) storage.setItem(TOKEN_STORAGE_KEY, options.stored);
  const effects = fakeEffects({ storage });
  if (options.storage !== undefined) effects.localStorage = options.storage;
  if (options.cookie) effects.cookieJar.values.set(TOKEN_COOKIE, options.cookie);
  const h = startWithPeers(authMachine, {
    systemId: SystemId.auth,
    input: { clientVersion: '1.0.0', effects, socketTimeoutMs: WS_TIMEOUT_MS },
    peers: PEERS,
  });
  const dropped: number[] = [];
  h.subject.on('auth.cachesDropped', () => dropped.push(1));
  return { ...h, effects, storage, dropped, state: () => h.subject.getSnapshot() };
}

/** Start-up with a stored token, then the server accepts it. */
function signedIn(options: { cookie?: boolean } = {}) {
  const t = options.cookie ? startAuth({ cookie: 'tok-c' }) : startAuth({ stored: 'tok-1' });
  t.subject.send({ type: 'auth.socketOpened' });
  t.subject.send({ type: 'auth.authed', user: buildUser() });
  return t;
}

describe('authMachine: start-up', () => {
  it('uses a token from local storage: TOKEN_LOCAL and the socket opens with it', () => {
    const t = startAuth({ stored: 'tok-1' });
    expect(t.state().value).toBe('TOKEN_LOCAL');
    expect(t.state().context.tokenSource).toBe('local');
    expect(t.sentTo(SystemId.connection)).toEqual([{ type: 'connection.open', token: 'tok-1' }]);
    expect(selectTokenValid(t.state())).toBe(true);
    expect(selectAuthSettled(t.state())).toBe(false);
  });

  it('falls back to the vgn-token cookie', () => {
    const t = startAuth({ cookie: 'tok-c' });
    expect(t.state().value).toBe('TOKEN_LOCAL');
    expect(t.state().context.tokenSource).toBe('cookie');
    expect(t.sentTo(SystemId.connection)).toEqual([{ type: 'connection.open', token: 'tok-c' }]);
  });

  it('without a token resolves as signed out and opens no socket', () => {
    const t = startAuth();
    expect(t.state().value).toBe('NONE');
    expect(selectAuthSettled(t.state())).toBe(true);
    expect(selectTokenValid(t.state())).toBe(false);
    expect(t.sentTo(SystemId.connection)).toEqual([]);
  });

  it.each([
    ['missing', null],
    [
      'refusing',
      {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => undefined,
        removeItem: () => undefined,
      },
    ],
  ])('reports localStorageNotAvailable when local storage is %s', (_name, storage) => {
    const t = startAuth({ storage, cookie: 'tok-c' });
    expect(t.state().value).toBe('NONE');
    expect(t.state().context.error).toBe('localStorageNotAvailable');
    expect(t.sentTo(SystemId.alerts)).toEqual([
      { type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.localStorageNotAvailable' } },
    ]);
  });
});

describe('authMachine: authed, token warning and refresh', () => {
  it('stores the user on authed and becomes USER_VALID without any alert', () => {
    const t = signedIn();
    expect(t.state().value).toBe('USER_VALID');
    expect(selectUser(t.state())).toEqual(buildUser());
    expect(t.effects.reload).not.toHaveBeenCalled();
    expect(t.sentTo(SystemId.alerts)).toEqual([]);
  });

  it('reloads the page when the server runs another version', () => {
    const t = startAuth({ stored: 'tok-1' });
    t.subject.send({ type: 'auth.authed', user: buildUser({ $version: '1.1.0' }) });
    expect(t.effects.reload).toHaveBeenCalledTimes(1);
  });

  it('warns before expiry and refreshes the token with nextToken from the dialog', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.tokenWarning', expires: '2030-01-01T00:05:00Z' });
    expect(t.state().value).toBe('TOKEN_WARNING');
    expect(selectAuthDialog(t.state())).toMatchObject({ kind: 'tokenWarning', button: 'app.tokenWarning.refresh' });
    expect(t.state().context.tokenExpires).toBe('2030-01-01T00:05:00Z');
    t.subject.send({ type: 'auth.dialogConfirmed' });
    t.subject.send({ type: 'auth.dialogConfirmed' });
    expect(t.sentTo(SystemId.connection, 'connection.send')).toEqual([{ type: 'connection.send', frame: { o: 'nextToken' } }]);
    t.subject.send({ type: 'auth.newToken', token: 'tok-2', expires: '2030-02-01T00:00:00Z' });
    expect(t.state().value).toBe('USER_VALID');
    expect(selectAuthDialog(t.state())).toBeNull();
    expect(t.storage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-2');
    expect(t.state().context).toMatchObject({ token: 'tok-2', tokenExpires: '2030-02-01T00:00:00Z', refreshing: false });
  });

  it('takes rights the server pushes while signed in, warned or not, without a reload or an alert', () => {
    const t = signedIn();
    const member = buildUser({ organizations: { 'Organization-4': { write: true } } });
    t.subject.send({ type: 'auth.authed', user: member });
    expect(t.state().value).toBe('USER_VALID');
    expect(selectUser(t.state())?.organizations).toEqual({ 'Organization-4': { write: true } });
    t.subject.send({ type: 'auth.tokenWarning', expires: '2030-01-01T00:05:00Z' });
    t.subject.send({ type: 'auth.authed', user: buildUser({ capabilities: { Research: true } }) });
    expect(t.state().value).toBe('TOKEN_WARNING');
    expect(selectUser(t.state())).toMatchObject({ capabilities: { Research: true }, organizations: {} });
    expect(t.effects.reload).not.toHaveBeenCalled();
    expect(t.sentTo(SystemId.alerts)).toEqual([]);
  });

  it('ignores the warning for a token that came from the cookie', () => {
    const t = signedIn({ cookie: true });
    t.subject.send({ type: 'auth.tokenWarning', expires: '2030-01-01T00:05:00Z' });
    expect(t.state().value).toBe('USER_VALID');
  });
});

describe('authMachine: sign-in', () => {
  it('with a token header: TOKEN_SIGN_IN, token stored, socket opened, the call resolves true', async () => {
    const t = startAuth();
    const dropsBefore = t.dropped.length;
    const result = signIn(t.subject, { email: 'mary@example.org', password: 'pw' });
    expect(t.state().context.signingIn).toBe(true);
    expect(t.effects.signIns[0]?.credentials).toEqual({ email: 'mary@example.org', password: 'pw' });
    t.effects.signIns[0]?.answer.resolve({ status: 200, token: 'tok-s', body: {} });
    await expect(result).resolves.toEqual({ ok: true });
    expect(t.state().value).toBe('TOKEN_SIGN_IN');
    expect(t.state().context.signingIn).toBe(false);
    expect(t.storage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-s');
    expect(t.sentTo(SystemId.connection)).toEqual([{ type: 'connection.open', token: 'tok-s' }]);
    expect(t.dropped.length).toBe(dropsBefore + 1);
  });

  it('without the token header: NONE and the call resolves false', async () => {
    const t = startAuth();
    const result = signIn(t.subject, { email: 'mary@example.org', password: 'pw' });
    t.effects.signIns[0]?.answer.resolve({ status: 200, token: null, body: {} });
    await expect(result).resolves.toEqual({ ok: false });
    expect(t.state().value).toBe('NONE');
    expect(t.effects.log).toHaveBeenCalledWith('warn', 'Header x-vgn-token not in postForToken response');
  });

  it.each([
    [401, { userMessage: 'signInFailed' }, 'signInFailed'],
    [429, { userMessage: 'signInThrottled' }, 'signInThrottled'],
    [429, null, 'signInThrottled'],
  ])('a %i answer resolves false with the userMessage', async (status, body, userMessage) => {
    const t = startAuth();
    const result = signIn(t.subject, { email: 'mary@example.org', password: 'wrong' });
    t.effects.signIns[0]?.answer.resolve({ status, token: null, body });
    await expect(result).resolves.toEqual({ ok: false, userMessage });
    expect(t.state().value).toBe('NONE');
    expect(t.state().context.signingIn).toBe(false);
  });

  it('a network failure resolves false with networkError', async () => {
    const t = startAuth();
    const result = signIn(t.subject, { email: 'mary@example.org', password: 'pw' });
    t.effects.signIns[0]?.answer.reject(new Error('Failed to fetch'));
    await expect(result).resolves.toEqual({ ok: false, userMessage: 'networkError' });
  });

  it('does not post twice while a sign-in is under way', async () => {
    const t = startAuth();
    t.subject.send({ type: 'auth.signInRequested', email: 'a@example.org', password: 'pw' });
    t.subject.send({ type: 'auth.signInRequested', email: 'a@example.org', password: 'pw' });
    await flushPromises();
    expect(t.effects.signIns).toHaveLength(1);
  });
});

describe('authMachine: the socket closes', () => {
  it.each([
    ['identFailed', 'IDENT_FAILED'],
    ['blocked', 'IDENT_FAILED'],
    ['expiredOnConnect', 'CONNECT_EXPIRY'],
    ['tokenExpired', 'TOKEN_EXPIRY'],
    // A sign-out this tab did not request came from another tab sharing the token.
    ['signedout', 'OTHER_TAB_SIGNOUT'],
  ])('4001 %s gives %s and clears user and token', (reason, state) => {
    const t = signedIn();
    t.effects.cookieJar.values.set(TOKEN_COOKIE, 'tok-c');
    t.subject.send({ type: 'auth.socketClosed', code: 4001, reason });
    expect(t.state().value).toBe(state);
    expect(t.state().context).toMatchObject({ token: null, user: null });
    expect(t.storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(t.effects.cookieJar.removed).toContain(TOKEN_COOKIE);
    expect(t.sentTo(SystemId.connection, 'connection.reset')).toHaveLength(1);
    // Cancelled (the other-tab state cancels once more on entry), never counted as a network failure.
    expect(t.sentTo(SystemId.retry).length).toBeGreaterThan(0);
    expect(t.sentTo(SystemId.retry).every((event) => event.type === 'retry.cancelled')).toBe(true);
    expect(selectTokenValid(t.state())).toBe(false);
  });

  it('CONNECT_EXPIRY shows the warning errors.tokenExpired', () => {
    const t = startAuth({ stored: 'tok-old' });
    t.subject.send({ type: 'auth.socketClosed', code: 4001, reason: 'expiredOnConnect' });
    expect(t.sentTo(SystemId.alerts)).toEqual([{ type: 'alerts.raised', alert: { type: 'WARNING', message: 'errors.tokenExpired' } }]);
  });

  it('TOKEN_EXPIRY blocks with a dialog until dismissed', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.socketClosed', code: 4001, reason: 'tokenExpired' });
    expect(selectAuthDialog(t.state())).toMatchObject({ kind: 'tokenExpiry' });
    t.subject.send({ type: 'auth.dialogConfirmed' });
    expect(t.state().value).toBe('NONE');
    expect(selectAuthDialog(t.state())).toBeNull();
  });

  it('any other close keeps the token: CONNECTION_LOST and one network failure for retry', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.socketClosed', code: 1006, reason: '' });
    expect(t.state().value).toBe('CONNECTION_LOST');
    expect(selectTokenValid(t.state())).toBe(true);
    expect(t.state().context.token).toBe('tok-1');
    expect(t.sentTo(SystemId.retry)).toEqual([{ type: 'retry.networkFailed', restarting: false }]);
    t.subject.send({ type: 'auth.socketClosed', code: 1006, reason: '' });
    expect(t.sentTo(SystemId.retry)).toHaveLength(2);
  });

  it('a close because the server is restarting (1012) keeps the token and tells retry it is a restart', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.socketClosed', code: 1012, reason: 'serviceRestart' });
    expect(t.state().value).toBe('CONNECTION_LOST');
    expect(t.state().context.token).toBe('tok-1');
    expect(t.sentTo(SystemId.retry)).toEqual([{ type: 'retry.networkFailed', restarting: true }]);
  });

  it('shows "connected" when the user is valid again after the loss', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.socketClosed', code: 1006, reason: '' });
    t.subject.send({ type: 'auth.authed', user: buildUser() });
    expect(t.state().value).toBe('USER_VALID');
    expect(t.sentTo(SystemId.alerts)).toEqual([
      { type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.networkRetry.connected' } },
    ]);
  });

  it('ignores closes when signed out', () => {
    const t = startAuth();
    t.subject.send({ type: 'auth.socketClosed', code: 1006, reason: '' });
    expect(t.state().value).toBe('NONE');
    expect(t.sentTo(SystemId.retry)).toEqual([]);
  });
});

describe('authMachine: other tabs', () => {
  it('token removed in another tab: OTHER_TAB_SIGNOUT, socket closed with 1000, caches dropped', () => {
    const t = signedIn();
    const drops = t.dropped.length;
    t.subject.send({ type: 'auth.storageChanged', token: null });
    expect(t.state().value).toBe('OTHER_TAB_SIGNOUT');
    expect(t.sentTo(SystemId.connection, 'connection.close')).toEqual([
      { type: 'connection.close', code: 1000, reason: 'otherTabSignout' },
    ]);
    expect(t.dropped.length).toBe(drops + 1);
    expect(selectAuthDialog(t.state())).toMatchObject({ kind: 'otherTabSignout' });
    expect(selectTokenValid(t.state())).toBe(false);
    t.subject.send({ type: 'auth.dialogConfirmed' });
    expect(t.state().value).toBe('NONE');
    expect(t.state().context.user).toBeNull();
  });

  it('adopts a changed token of the same user without reloading', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.storageChanged', token: 'tok-2' });
    expect(t.state().value).toBe('TOKEN_LOCAL');
    expect(t.sentTo(SystemId.connection, 'connection.open')).toEqual([
      { type: 'connection.open', token: 'tok-1' },
      { type: 'connection.open', token: 'tok-2' },
    ]);
    t.subject.send({ type: 'auth.authed', user: buildUser() });
    expect(t.state().value).toBe('USER_VALID');
    expect(t.effects.reload).not.toHaveBeenCalled();
  });

  it('reloads when the adopted token belongs to another user', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.storageChanged', token: 'tok-9' });
    t.subject.send({ type: 'auth.authed', user: buildUser({ $id: 'User-9', _i: 9 }) });
    expect(t.effects.reload).toHaveBeenCalledTimes(1);
  });

  it('picks up a sign-in made in another tab', () => {
    const t = startAuth();
    t.subject.send({ type: 'auth.storageChanged', token: 'tok-7' });
    expect(t.state().value).toBe('TOKEN_LOCAL');
    expect(t.sentTo(SystemId.connection)).toEqual([{ type: 'connection.open', token: 'tok-7' }]);
  });
});

describe('authMachine: sign-out', () => {
  it('sends signout and waits for the server to close the socket', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.signOutRequested' });
    expect(t.state().value).toBe('SIGNOUT');
    expect(t.sentTo(SystemId.connection, 'connection.send')).toEqual([{ type: 'connection.send', frame: { o: 'signout' } }]);
    expect(t.state().context.token).toBe('tok-1');
    t.subject.send({ type: 'auth.socketClosed', code: 4001, reason: 'signedout' });
    expect(t.state().context).toMatchObject({ token: null, user: null });
    expect(t.storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('clears the user after the socket time-out when the server never closes', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.signOutRequested' });
    t.clock.increment(WS_TIMEOUT_MS - 1);
    expect(t.state().context.token).toBe('tok-1');
    t.clock.increment(1);
    expect(t.state().context).toMatchObject({ token: null, user: null });
    expect(t.sentTo(SystemId.connection, 'connection.reset')).toHaveLength(1);
  });

  it('clears at once when the socket is not open', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.socketClosed', code: 1006, reason: '' });
    t.subject.send({ type: 'auth.signOutRequested' });
    expect(t.state().value).toBe('SIGNOUT');
    expect(t.sentTo(SystemId.connection, 'connection.send')).toEqual([]);
    expect(t.state().context.token).toBeNull();
  });

  it('drops the item caches', () => {
    const t = signedIn();
    const drops = t.dropped.length;
    t.subject.send({ type: 'auth.signOutRequested' });
    expect(t.dropped.length).toBe(drops + 1);
  });
});

describe('authMachine: the vgn-token cookie that file GETs authenticate with', () => {
  const cookieOf = (t: ReturnType<typeof startAuth>) => ({
    value: t.effects.cookieJar.values.get(TOKEN_COOKIE),
    expires: t.effects.cookieJar.expires.get(TOKEN_COOKIE),
  });

  it('is written at start-up from the stored token, then again to expire with the token once the server names its expiry', () => {
    const t = startAuth({ stored: 'tok-1' });
    expect(cookieOf(t)).toEqual({ value: 'tok-1', expires: null });
    t.subject.send({ type: 'auth.socketOpened' });
    t.subject.send({ type: 'auth.authed', user: buildUser({ tokenExpires: '2030-03-01T00:00:00Z' }) });
    expect(cookieOf(t)).toEqual({ value: 'tok-1', expires: '2030-03-01T00:00:00Z' });
  });

  it('is written at sign-in, before the socket opens', async () => {
    const t = startAuth();
    expect(cookieOf(t).value).toBeUndefined();
    const result = signIn(t.subject, { email: 'mary@example.org', password: 'pw' });
    t.effects.signIns[0]?.answer.resolve({ status: 200, token: 'tok-s', body: {} });
    await result;
    expect(cookieOf(t)).toEqual({ value: 'tok-s', expires: null });
  });

  it('follows a rotated token (newToken), with its new expiry', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.tokenWarning', expires: '2030-01-01T00:05:00Z' });
    t.subject.send({ type: 'auth.dialogConfirmed' });
    t.subject.send({ type: 'auth.newToken', token: 'tok-2', expires: '2030-02-01T00:00:00Z' });
    expect(cookieOf(t)).toEqual({ value: 'tok-2', expires: '2030-02-01T00:00:00Z' });
  });

  it('follows a token another tab changed, without the old token expiry', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.storageChanged', token: 'tok-2' });
    expect(cookieOf(t)).toEqual({ value: 'tok-2', expires: null });
  });

  it('is removed at sign-out, whether the server closes the socket or the time-out clears', () => {
    const closing = signedIn();
    closing.subject.send({ type: 'auth.signOutRequested' });
    closing.subject.send({ type: 'auth.socketClosed', code: 4001, reason: 'signedout' });
    expect(cookieOf(closing).value).toBeUndefined();
    expect(closing.effects.cookieJar.removed).toContain(TOKEN_COOKIE);
    const silent = signedIn();
    silent.subject.send({ type: 'auth.signOutRequested' });
    silent.clock.increment(WS_TIMEOUT_MS);
    expect(cookieOf(silent).value).toBeUndefined();
  });

  it('is removed when another tab signs out and the dialog is confirmed', () => {
    const t = signedIn();
    t.subject.send({ type: 'auth.storageChanged', token: null });
    t.subject.send({ type: 'auth.dialogConfirmed' });
    expect(cookieOf(t).value).toBeUndefined();
  });

  it('is not written without a token', () => {
    const t = startAuth();
    t.subject.send({ type: 'auth.socketClosed', code: 1006, reason: '' });
    expect(t.effects.cookieJar.values.size).toBe(0);
  });
});

describe('authMachine: replaceable implementations', () => {
  it('takes replacement delays and actions through provide()', () => {
    const reloadPage = jest.fn();
    const storage = new MemoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    const effects = fakeEffects({ storage });
    const machine = authMachine.provide({ delays: { signOutTimeout: 500 }, actions: { reloadPage } });
    const h = startWithPeers(machine, { systemId: SystemId.auth, input: { clientVersion: '1.0.0', effects }, peers: PEERS });
    h.subject.send({ type: 'auth.socketOpened' });
    h.subject.send({ type: 'auth.authed', user: buildUser({ $version: '9.9.9' }) });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(effects.reload).not.toHaveBeenCalled();
    h.subject.send({ type: 'auth.signOutRequested' });
    h.clock.increment(500);
    expect(h.subject.getSnapshot().context.token).toBeNull();
  });
});

describe('isTokenValid', () => {
  it('holds in exactly the five states of spec 000 §4', () => {
    const valid = Object.values(AuthState).filter(isTokenValid).sort();
    expect(valid).toEqual(['CONNECTION_LOST', 'TOKEN_LOCAL', 'TOKEN_SIGN_IN', 'TOKEN_WARNING', 'USER_VALID']);
  });
});
