/**
 * Authentication states of spec 000 §4: where the token came from, whether the server accepted it,
 * and what the user must be told when it stops being good.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { WS_TIMEOUT_MS } from '../../src/shared/constants';
import { CloseCode, CloseReason, type UserSession } from '../../src/shared/protocol';
import { getAlerts, getConnection, getRetry } from '../systemIds';
import type { AlertInput } from './alertsMachine';
import type { Credentials, SessionEffects } from './sessionEffects';
import { signInLogic, type SignInEvent } from './signInLogic';
import { readStoredToken, removeStoredToken, writeStoredToken, writeTokenCookie, type TokenSource } from './tokenStore';

/** The eleven authentication states. */
export const AuthState = {
  NONE: 'NONE',
  TOKEN_LOCAL: 'TOKEN_LOCAL',
  TOKEN_SIGN_IN: 'TOKEN_SIGN_IN',
  TOKEN_WARNING: 'TOKEN_WARNING',
  USER_VALID: 'USER_VALID',
  CONNECTION_LOST: 'CONNECTION_LOST',
  SIGNOUT: 'SIGNOUT',
  OTHER_TAB_SIGNOUT: 'OTHER_TAB_SIGNOUT',
  IDENT_FAILED: 'IDENT_FAILED',
  CONNECT_EXPIRY: 'CONNECT_EXPIRY',
  TOKEN_EXPIRY: 'TOKEN_EXPIRY',
} as const;
export type AuthState = (typeof AuthState)[keyof typeof AuthState];

const TOKEN_VALID: readonly AuthState[] = ['USER_VALID', 'TOKEN_LOCAL', 'TOKEN_SIGN_IN', 'TOKEN_WARNING', 'CONNECTION_LOST'];
/** Whether the token counts as valid in this state (spec 000 §4). */
export const isTokenValid = (state: AuthState): boolean => TOKEN_VALID.includes(state);

export type AuthEffects = Pick<SessionEffects, 'localStorage' | 'cookies' | 'postSignIn' | 'reload' | 'log'>;

export interface AuthInput {
  clientVersion: string;
  effects: AuthEffects;
  /** How long sign-out waits for the server to close the socket (the site's wsTimeout). */
  socketTimeoutMs?: number;
}

export interface AuthContext {
  token: string | null;
  tokenSource: TokenSource | null;
  tokenExpires: string | null;
  user: UserSession | null;
  socketOpen: boolean;
  signingIn: boolean;
  /** A `nextToken` request is under way. */
  refreshing: boolean;
  error: 'localStorageNotAvailable' | null;
  clientVersion: string;
  socketTimeoutMs: number;
  effects: AuthEffects;
}

export type AuthEvent =
  | { type: 'auth.authed'; user: UserSession }
  | { type: 'auth.tokenWarning'; expires: string }
  | { type: 'auth.newToken'; token: string; expires: string }
  | { type: 'auth.socketOpened' }
  | { type: 'auth.socketClosed'; code: number; reason: string }
  | ({ type: 'auth.signInRequested' } & Credentials)
  | SignInEvent
  | { type: 'auth.signOutRequested' }
  /** The `Access-Token` entry changed in another tab (the storage event's newValue). */
  | { type: 'auth.storageChanged'; token: string | null }
  /** The button of the blocking dialog. */
  | { type: 'auth.dialogConfirmed' };

export type AuthEmitted =
  /** How a sign-in call resolved: true once a token was received. */
  | { type: 'auth.signInResolved'; ok: boolean; userMessage?: string }
  /** Every item cache must be dropped (spec 000 §4). */
  | { type: 'auth.cachesDropped' };

const closedWith = (reason: string) => (event: AuthEvent) =>
  event.type === 'auth.socketClosed' && event.code === CloseCode.auth && event.reason === reason;
const isIdentFailed = (event: AuthEvent) => closedWith(CloseReason.identFailed)(event) || closedWith(CloseReason.blocked)(event);

// The close transitions shared by every state in which the token counts as valid.
const SERVER_CLOSE = [
  { guard: 'isIdentFailed', target: 'IDENT_FAILED', actions: ['markSocketClosed', 'clearUser'] },
  { guard: 'isExpiredOnConnect', target: 'CONNECT_EXPIRY', actions: ['markSocketClosed', 'clearUser'] },
  { guard: 'isTokenExpired', target: 'TOKEN_EXPIRY', actions: ['markSocketClosed', 'clearUser'] },
  // This tab did not ask (that is the SIGNOUT state's own close): another tab signed the shared token out,
  // and its close reaches us before the storage event does, so the user is told as spec 000 §4 says for other tabs.
  { guard: 'isSignedOut', target: 'OTHER_TAB_SIGNOUT', actions: ['markSocketClosed', 'clearUser'] },
  { target: 'CONNECTION_LOST', actions: ['markSocketClosed', 'countNetworkFailure'] },
] as const;
const SIGN_OUT = [
  { guard: 'isSocketOpen', target: 'SIGNOUT', actions: 'sendSignOut' },
  { target: 'SIGNOUT', actions: 'clearUser' },
] as const;
// The server names the token's expiry: the cookie is written again to expire with it.
const AUTHED = [
  { guard: 'mustReload', target: 'USER_VALID', actions: ['storeUser', 'writeTokenCookie', 'reloadPage'] },
  { target: 'USER_VALID', actions: ['storeUser', 'writeTokenCookie'] },
] as const;
const OTHER_TAB = { guard: 'isTokenRemoved', target: 'OTHER_TAB_SIGNOUT' } as const;

/** Token and user of the session, driven by socket pushes and closes, sign-in, sign-out and other tabs. */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: { signIn: signInLogic },
  delays: {
    signOutTimeout: ({ context }) => context.socketTimeoutMs,
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isSocketOpen: ({ context }) => context.socketOpen,
    isSignInIdle: ({ context }) => !context.signingIn,
    isIdentFailed: ({ event }) => isIdentFailed(event),
    isExpiredOnConnect: ({ event }) => closedWith(CloseReason.expiredOnConnect)(event),
    isTokenExpired: ({ event }) => closedWith(CloseReason.tokenExpired)(event),
    isSignedOut: ({ event }) => closedWith(CloseReason.signedout)(event),
    // A cookie token belongs to an imprint page; it cannot be refreshed, so warning about it helps no one.
    isRefreshable: ({ context }) => context.tokenSource !== 'cookie',
    isRefreshIdle: ({ context }) => !context.refreshing,
    // Another version of the app is running on the server, or another user is now behind the token.
    mustReload: ({ context, event }) =>
      event.type === 'auth.authed' &&
      (event.user.$version !== context.clientVersion || (context.user !== null && context.user.$id !== event.user.$id)),
    hasTokenHeader: ({ event }) => event.type === 'auth.signInSucceeded' && event.token !== null,
    isTokenRemoved: ({ context, event }) => event.type === 'auth.storageChanged' && event.token === null && context.token !== null,
    isOtherToken: ({ context, event }) => event.type === 'auth.storageChanged' && event.token !== null && event.token !== context.token,
  },
  actions: {
    reportStartupError: enqueueActions(({ context, enqueue, system }) => {
      const alerts = getAlerts(system);
      if (context.error && alerts)
        enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message: `errors.${context.error}` } });
    }),
    openSocket: enqueueActions(({ context, enqueue, system }) => {
      const connection = getConnection(system);
      if (connection && context.token) enqueue.sendTo(connection, { type: 'connection.open', token: context.token });
    }),
    sendSignOut: enqueueActions(({ enqueue, system }) => {
      const connection = getConnection(system);
      if (connection) enqueue.sendTo(connection, { type: 'connection.send', frame: { o: 'signout' } });
    }),
    requestNextToken: enqueueActions(({ enqueue, system }) => {
      const connection = getConnection(system);
      enqueue.assign({ refreshing: true });
      if (connection) enqueue.sendTo(connection, { type: 'connection.send', frame: { o: 'nextToken' } });
    }),
    closeSocketForOtherTab: enqueueActions(({ enqueue, system }) => {
      const connection = getConnection(system);
      if (connection) enqueue.sendTo(connection, { type: 'connection.close', code: CloseCode.normal, reason: 'otherTabSignout' });
    }),
    countNetworkFailure: enqueueActions(({ enqueue, event, system }) => {
      const retry = getRetry(system);
      // A close 1012 says the server is restarting, not that the network failed: the retry waits less.
      const restarting = event.type === 'auth.socketClosed' && event.code === CloseCode.serviceRestart;
      if (retry) enqueue.sendTo(retry, { type: 'retry.networkFailed', restarting });
    }),
    cancelRetry: enqueueActions(({ enqueue, system }) => {
      const retry = getRetry(system);
      if (retry) enqueue.sendTo(retry, { type: 'retry.cancelled' });
    }),
    raiseAlert: enqueueActions(({ enqueue, system }, params: AlertInput) => {
      const alerts = getAlerts(system);
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: params });
    }),
    clearUser: enqueueActions(({ context, enqueue, system }) => {
      enqueue(() => removeStoredToken(context.effects.localStorage, context.effects.cookies));
      enqueue.assign({ token: null, tokenSource: null, tokenExpires: null, user: null, refreshing: false });
      const connection = getConnection(system);
      const retry = getRetry(system);
      if (connection) enqueue.sendTo(connection, { type: 'connection.reset' });
      if (retry) enqueue.sendTo(retry, { type: 'retry.cancelled' });
    }),
    storeUser: assign(({ event }) => (event.type === 'auth.authed' ? { user: event.user, tokenExpires: event.user.tokenExpires } : {})),
    storeSignInToken: assign(({ event }) =>
      event.type === 'auth.signInSucceeded' && event.token !== null ? { token: event.token, tokenSource: 'signIn' as const } : {},
    ),
    storeNewToken: assign(({ event }) =>
      event.type === 'auth.newToken'
        ? { token: event.token, tokenSource: 'refresh' as const, tokenExpires: event.expires, refreshing: false }
        : {},
    ),
    persistToken: ({ context }) => {
      if (context.token) writeStoredToken(context.effects.localStorage, context.token);
    },
    // Every token this tab starts using is mirrored into the cookie that file GETs authenticate with.
    writeTokenCookie: ({ context }) => {
      if (context.token) writeTokenCookie(context.effects.cookies, context.token, context.tokenExpires);
    },
    storeWarning: assign(({ event }) => (event.type === 'auth.tokenWarning' ? { tokenExpires: event.expires } : {})),
    adoptToken: assign(({ event }) =>
      // The expiry known was the old token's; the new one's comes with its authed.
      event.type === 'auth.storageChanged' && event.token ? { token: event.token, tokenSource: 'local' as const, tokenExpires: null } : {},
    ),
    markSocketOpen: assign({ socketOpen: true }),
    markSocketClosed: assign({ socketOpen: false }),
    reloadPage: ({ context }) => context.effects.reload(),
    dropItemCaches: emit({ type: 'auth.cachesDropped' }),
    startSignIn: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'auth.signInRequested') return;
      const credentials: Credentials = { email: event.email, password: event.password };
      enqueue.assign({ signingIn: true });
      enqueue.spawnChild('signIn', { id: 'signIn', input: { credentials, postSignIn: context.effects.postSignIn } });
    }),
    finishSignIn: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('signIn');
      enqueue.assign({ signingIn: false });
    }),
    resolveSignIn: emit(({ event }) =>
      event.type === 'auth.signInFailed'
        ? { type: 'auth.signInResolved' as const, ok: false, userMessage: event.userMessage }
        : { type: 'auth.signInResolved' as const, ok: event.type === 'auth.signInSucceeded' && event.token !== null },
    ),
    warnMissingTokenHeader: ({ context }) => context.effects.log('warn', 'Header x-vgn-token not in postForToken response'),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    ...readStoredToken(input.effects.localStorage, input.effects.cookies),
    tokenExpires: null,
    user: null,
    socketOpen: false,
    signingIn: false,
    refreshing: false,
    clientVersion: input.clientVersion,
    socketTimeoutMs: input.socketTimeoutMs ?? WS_TIMEOUT_MS,
    effects: input.effects,
  }),
  entry: 'reportStartupError',
  initial: 'NONE',
  on: {
    'auth.socketOpened': { actions: 'markSocketOpen' },
    'auth.socketClosed': { actions: 'markSocketClosed' },
    'auth.storageChanged': { guard: 'isOtherToken', target: '.TOKEN_LOCAL', actions: 'adoptToken' },
    'auth.signInRequested': { guard: 'isSignInIdle', actions: 'startSignIn' },
    'auth.signInSucceeded': [
      { guard: 'hasTokenHeader', target: '.TOKEN_SIGN_IN', actions: ['finishSignIn', 'storeSignInToken', 'persistToken', 'resolveSignIn'] },
      { target: '.NONE', actions: ['finishSignIn', 'warnMissingTokenHeader', 'clearUser', 'resolveSignIn'] },
    ],
    'auth.signInFailed': { actions: ['finishSignIn', 'resolveSignIn'] },
  },
  states: {
    NONE: {
      entry: 'dropItemCaches',
      // Only at start-up: a stored token from an earlier visit.
      always: { guard: 'hasToken', target: 'TOKEN_LOCAL' },
    },
    TOKEN_LOCAL: {
      entry: ['writeTokenCookie', 'openSocket'],
      on: { 'auth.authed': AUTHED, 'auth.socketClosed': SERVER_CLOSE, 'auth.signOutRequested': SIGN_OUT, 'auth.storageChanged': OTHER_TAB },
    },
    TOKEN_SIGN_IN: {
      entry: ['dropItemCaches', 'writeTokenCookie', 'openSocket'],
      on: { 'auth.authed': AUTHED, 'auth.socketClosed': SERVER_CLOSE, 'auth.signOutRequested': SIGN_OUT, 'auth.storageChanged': OTHER_TAB },
    },
    USER_VALID: {
      on: {
        // The user's rights changed on the server (a membership, a capability): menus and screens follow.
        'auth.authed': { actions: 'storeUser' },
        'auth.tokenWarning': { guard: 'isRefreshable', target: 'TOKEN_WARNING', actions: 'storeWarning' },
        'auth.newToken': { target: 'USER_VALID', actions: ['storeNewToken', 'persistToken', 'writeTokenCookie'] },
        'auth.socketClosed': SERVER_CLOSE,
        'auth.signOutRequested': SIGN_OUT,
        'auth.storageChanged': OTHER_TAB,
      },
    },
    TOKEN_WARNING: {
      on: {
        'auth.authed': { actions: 'storeUser' },
        'auth.dialogConfirmed': { guard: 'isRefreshIdle', actions: 'requestNextToken' },
        'auth.newToken': { target: 'USER_VALID', actions: ['storeNewToken', 'persistToken', 'writeTokenCookie'] },
        'auth.socketClosed': SERVER_CLOSE,
        'auth.signOutRequested': SIGN_OUT,
        'auth.storageChanged': OTHER_TAB,
      },
    },
    CONNECTION_LOST: {
      on: {
        'auth.authed': [
          { guard: 'mustReload', target: 'USER_VALID', actions: ['storeUser', 'reloadPage'] },
          {
            target: 'USER_VALID',
            actions: ['storeUser', { type: 'raiseAlert', params: { type: 'SUCCESS', message: 'app.networkRetry.connected' } }],
          },
        ],
        'auth.socketClosed': SERVER_CLOSE,
        'auth.signOutRequested': SIGN_OUT,
        'auth.storageChanged': OTHER_TAB,
      },
    },
    SIGNOUT: {
      entry: 'dropItemCaches',
      // Waiting for the server to close the socket; clear anyway if it does not.
      after: { signOutTimeout: { guard: 'hasToken', actions: 'clearUser' } },
      on: { 'auth.socketClosed': { guard: 'hasToken', actions: ['markSocketClosed', 'clearUser'] } },
    },
    OTHER_TAB_SIGNOUT: {
      entry: ['dropItemCaches', 'closeSocketForOtherTab', 'markSocketClosed', 'cancelRetry'],
      on: { 'auth.dialogConfirmed': { target: 'NONE', actions: 'clearUser' } },
    },
    IDENT_FAILED: {},
    CONNECT_EXPIRY: {
      entry: { type: 'raiseAlert', params: { type: 'WARNING', message: 'errors.tokenExpired' } },
    },
    TOKEN_EXPIRY: {
      on: { 'auth.dialogConfirmed': { target: 'NONE', actions: 'clearUser' } },
    },
  },
});
