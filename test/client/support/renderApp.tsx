/** Renders the whole app at a path, with a real session actor whose socket talks to a ProtocolServer. */
import { render, type RenderResult } from '@testing-library/react';
import { WebSocket as MockWebSocket } from 'mock-socket';
import { createActor, SimulatedClock } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import type { Credentials, SessionEffects, SignInAnswer, SocketLike } from '../../../machines/session/sessionEffects';
import { sessionMachine } from '../../../machines/session/sessionMachine';
import { SystemId, type SessionActorRef } from '../../../machines/systemIds';
import { TOKEN_STORAGE_KEY } from '../../../src/shared/constants';
import type { UserSession } from '../../../src/shared/protocol';
import { App } from '../../../src/client/app/App';
import { postAccount } from '../../../src/client/platform/accountApi';
import { createAppIntl } from '../../../src/client/i18n/createAppIntl';
import { sessionModules } from '../../../src/client/modules/moduleRegistry';
import { buildSiteConfig, buildUser, fakeUpload, type FakeUpload } from '../../machines/session/support/fakes';
import { ProtocolServer } from './protocolServer';

export const PASSWORD = 'correct horse battery staple';

export interface AppHarness extends RenderResult {
  session: SessionActorRef;
  server: ProtocolServer;
  user: UserSession;
  clock: SimulatedClock | undefined;
  effects: SessionEffects & { reload: jest.Mock; download: jest.Mock; openTab: jest.Mock; uploads: FakeUpload[] };
}

export interface RenderOptions {
  path?: string;
  /** Start signed in with this stored token (the server knows it). */
  signedIn?: boolean;
  user?: Partial<UserSession>;
  /** Drive the machines' delays by hand. */
  clock?: SimulatedClock;
  cookiesAccepted?: boolean;
  overrides?: Record<string, string>;
  registrationOpen?: boolean;
  /** A single-organisation deployment (spec 001 §1). */
  dedicated?: boolean;
  /** The dedicated deployment's owner organisation, as the site config carries it. */
  ownerOrg?: string | null;
  /** Only administrators create contacts on this site. */
  contactCreationAdminsOnly?: boolean;
}

const running: { session: SessionActorRef; server: ProtocolServer }[] = [];

/** Stops every session and server a test started. */
export function cleanUpApps(): void {
  for (const { session, server } of running.splice(0)) {
    session.stop();
    server.stop();
  }
  window.localStorage.clear();
  document.documentElement.className = '';
}

/** The app at `path`, signed in or not, against a fresh protocol server. */
export function renderApp(options: RenderOptions = {}): AppHarness {
  const server = new ProtocolServer();
  const user = buildUser({ name: 'Ada Lovelace', email: 'ada@example.org', $version: '1.0.0', ...options.user });
  if (options.cookiesAccepted !== false) window.localStorage.setItem('kk-cookies-ok', '1');
  if (options.signedIn) {
    server.tokens.set('stored-token', user);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
  }
  let signIns = 0;
  const uploads: FakeUpload[] = [];
  const effects = {
    uploads,
    upload: fakeUpload(uploads),
    createSocket: (path: string) => new MockWebSocket(`ws://localhost${path}`) as unknown as SocketLike,
    postItem: jest.fn(() => Promise.reject(new Error('Network Error'))),
    getStream: jest.fn(() => Promise.reject(new Error('Network Error'))),
    async postSignIn(credentials: Credentials): Promise<SignInAnswer> {
      if (credentials.email !== user.email || credentials.password !== PASSWORD) {
        return { status: 401, token: null, body: { userMessage: 'signInFailed' } };
      }
      signIns += 1;
      const token = `signin-token-${signIns}`;
      server.tokens.set(token, user);
      return { status: 200, token, body: { ok: true } };
    },
    // The real calls: the account tests answer them with a mocked fetch.
    postAccount,
    localStorage: window.localStorage,
    cookies: { get: () => undefined, set: () => undefined, remove: () => undefined },
    reload: jest.fn(),
    download: jest.fn(),
    random: () => 0,
    now: () => Date.now(),
    navigate: (to: string, { replace }: { replace: boolean }) => browserNavigate(to, { replace }),
    openTab: jest.fn(),
    log: () => undefined,
  };
  const session = createActor(sessionMachine, {
    input: {
      siteConfig: buildSiteConfig({
        version: '1.0.0',
        registrationOpen: options.registrationOpen ?? true,
        dedicated: options.dedicated ?? false,
        contactCreationAdminsOnly: options.contactCreationAdminsOnly ?? false,
        ...(options.ownerOrg === undefined ? {} : { ownerOrg: options.ownerOrg }),
      }),
      clientVersion: '1.0.0',
      effects,
      modules: sessionModules(),
    },
    systemId: SystemId.session,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  running.push({ session, server });
  window.history.replaceState(null, '', options.path ?? '/');
  session.start();
  const intl = createAppIntl('en', options.overrides ?? {});
  const result = render(<App session={session} intl={intl} />);
  return { ...result, session, server, user, clock: options.clock, effects };
}
