import type { AnyMachineSnapshot } from 'xstate';
import { TOKEN_COOKIE, TOKEN_STORAGE_KEY } from '../../../src/shared/constants';
import { authMachine, type AuthContext, type AuthInput } from '../../../machines/session/authMachine';
import { delayed, exploreModel } from '../support/modelCoverage';
import { buildUser, fakeEffects, MemoryStorage } from './support/fakes';

// What the guards read, and nothing else: the token only as "none", "the one another tab writes"
// (isOtherToken) or "some"; its source only as cookie or not; no expiry times, no effects.
const serializeState = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as AuthContext;
  return [
    JSON.stringify(snapshot.value),
    context.token === null ? 'no-token' : context.token === 'tok-2' ? 'tok-2' : 'token',
    context.tokenSource === 'cookie' ? 'cookie' : 'not-cookie',
    context.user?.$id ?? 'no-user',
    context.socketOpen ? 'open' : 'closed',
    context.signingIn ? 'signing-in' : 'idle',
    context.refreshing ? 'refreshing' : 'steady',
  ].join('|');
};

function input(options: { stored?: string; cookie?: string; storage?: 'none' } = {}): () => AuthInput {
  return () => {
    const storage = new MemoryStorage();
    if (options.stored) storage.setItem(TOKEN_STORAGE_KEY, options.stored);
    const effects = fakeEffects({ storage: options.storage === 'none' ? null : storage });
    if (options.cookie) effects.cookieJar.values.set(TOKEN_COOKIE, options.cookie);
    return { clientVersion: '1.0.0', effects };
  };
}

const closed = (code: number, reason: string) => ({ type: 'auth.socketClosed', code, reason });

/**
 * The `vgn-token` cookie that file GETs authenticate with follows the token in use: it holds the token while
 * there is one, and is gone once the token is cleared (unless local storage is missing, when the session
 * never takes a token and leaves a cookie it did not write alone).
 */
const cookieFollowsToken = (snapshot: AnyMachineSnapshot, input: AuthInput): string | null => {
  const { token } = snapshot.context as AuthContext;
  const cookie = input.effects.cookies.get(TOKEN_COOKIE);
  if (token !== null) return cookie === token ? null : `the cookie holds ${cookie} while the token is ${token}`;
  if (input.effects.localStorage === null) return null;
  return cookie === undefined ? null : `the cookie still holds ${cookie} without a token`;
};

describe('authMachine model (spec 000 §4 authentication states)', () => {
  it('replays a path through every state and every transition', () => {
    const report = exploreModel({
      name: 'auth',
      machine: authMachine,
      variants: [
        { name: 'no token', input: input() },
        { name: 'stored token', input: input({ stored: 'tok-1' }) },
        { name: 'cookie token', input: input({ cookie: 'tok-c' }) },
        { name: 'no local storage', input: input({ storage: 'none', cookie: 'tok-c' }) },
      ],
      events: [
        { type: 'auth.authed', user: buildUser() },
        { type: 'auth.authed', user: buildUser({ $version: '2.0.0' }) },
        { type: 'auth.authed', user: buildUser({ $id: 'User-9', _i: 9 }) },
        { type: 'auth.tokenWarning', expires: '2030-01-01T00:05:00Z' },
        { type: 'auth.newToken', token: 'tok-n', expires: '2030-02-01T00:00:00Z' },
        { type: 'auth.socketOpened' },
        closed(4001, 'identFailed'),
        closed(4001, 'expiredOnConnect'),
        closed(4001, 'tokenExpired'),
        closed(4001, 'signedout'),
        closed(1006, ''),
        { type: 'auth.signInRequested', email: 'mary@example.org', password: 'pw' },
        { type: 'auth.signInSucceeded', token: 'tok-s' },
        { type: 'auth.signInSucceeded', token: null },
        { type: 'auth.signInFailed', userMessage: 'signInFailed' },
        { type: 'auth.signOutRequested' },
        { type: 'auth.storageChanged', token: null },
        { type: 'auth.storageChanged', token: 'tok-2' },
        { type: 'auth.dialogConfirmed' },
        delayed('signOutTimeout', 'auth.SIGNOUT'),
      ],
      serializeState,
      invariant: cookieFollowsToken,
    });
    console.log(`${report.line} (${report.paths} replayed paths)`);
    expect(report.mismatches).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
    expect(report.transitionsTaken).toBe(report.transitionsTotal);
    expect(report.statesTotal).toBe(11);
  });
});
