import { createActor, SimulatedClock } from 'xstate';
import { TOKEN_STORAGE_KEY } from '../../../src/shared/constants';
import { routePush } from '../../../machines/session/pushRouting';
import { selectChangedMessages, sessionMachine } from '../../../machines/session/sessionMachine';
import { SystemId } from '../../../machines/systemIds';
import { buildSiteConfig, buildUser, fakeEffects, MemoryStorage } from './support/fakes';

/** A signed-in session whose socket the test plays the server of. */
function signedInSession() {
  const storage = new MemoryStorage();
  storage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
  const effects = fakeEffects({ storage });
  const session = createActor(sessionMachine, {
    input: { siteConfig: { ...buildSiteConfig(), dedicated: true }, clientVersion: '1.0.0', effects },
    clock: new SimulatedClock(),
    systemId: SystemId.session,
  }).start();
  const socket = effects.socket();
  socket.open();
  socket.push({ o: 'authed', b: buildUser() });
  return { session, socket };
}

describe('the siteConfig push', () => {
  it('changes the session site config at once, keeping the rest', () => {
    const { session, socket } = signedInSession();
    const before = session.getSnapshot().context.siteConfig;
    socket.push({ o: 'siteConfig', b: { menu: { hidden: ['search'], order: { '': ['notifications'] } } } });
    const after = session.getSnapshot().context.siteConfig;
    expect(after.menu).toEqual({ hidden: ['search'], order: { '': ['notifications'] } });
    expect({ ...after, menu: undefined }).toEqual({ ...before, menu: undefined });
    session.stop();
  });

  it('reads a malformed menu as none and ignores a body that is no object', () => {
    expect(routePush({ o: 'siteConfig', b: { menu: { hidden: 'search' } } })).toEqual([
      { to: 'session', event: { type: 'session.siteConfigChanged', changes: { menu: { hidden: [], order: {} } } } },
    ]);
    expect(routePush({ o: 'siteConfig', b: ['menu'] })).toEqual([]);
    expect(routePush({ o: 'siteConfig', b: { unknown: 1 } })).toEqual([
      { to: 'session', event: { type: 'session.siteConfigChanged', changes: {} } },
    ]);
  });
});

describe('the localeOverride push', () => {
  it('keeps each changed site text by language, the latest per key, null for the bundled one again', () => {
    const { session, socket } = signedInSession();
    const en = selectChangedMessages('en');
    expect(en(session.getSnapshot())).toEqual({});
    socket.push({ o: 'localeOverride', b: { lang: 'en', key: 'app.subtitle', message: 'Ours' } });
    socket.push({ o: 'localeOverride', b: { lang: 'fr', key: 'app.subtitle', message: 'Le nôtre' } });
    socket.push({ o: 'localeOverride', b: { lang: 'en', key: 'app.signIn.title', message: 'Welcome home' } });
    socket.push({ o: 'localeOverride', b: { lang: 'en', key: 'app.subtitle', message: null } });
    expect(en(session.getSnapshot())).toEqual({ 'app.subtitle': null, 'app.signIn.title': 'Welcome home' });
    expect(selectChangedMessages('fr')(session.getSnapshot())).toEqual({ 'app.subtitle': 'Le nôtre' });
    // Another push leaves a language's changes the same object, so the page is not formatted again.
    const before = en(session.getSnapshot());
    socket.push({ o: 'localeOverride', b: { lang: 'fr', key: 'app.title', message: 'Titre' } });
    expect(en(session.getSnapshot())).toBe(before);
    session.stop();
  });

  it('ignores a push of the wrong shape', () => {
    expect(routePush({ o: 'localeOverride', b: { lang: 'en', key: 'app.subtitle' } })).toEqual([]);
    expect(routePush({ o: 'localeOverride', b: { lang: 'en', key: 7, message: 'x' } })).toEqual([]);
    expect(routePush({ o: 'localeOverride', b: 'app.subtitle' })).toEqual([]);
  });
});
