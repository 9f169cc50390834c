/**
 * Spec 000 §4: in NONE, TOKEN_SIGN_IN, SIGNOUT and OTHER_TAB_SIGNOUT every item cache is dropped.
 * The whole session runs here (real auth, connection, lists of values, search bar, tasks): user A
 * fills the caches, signs out, user B signs in, and nothing of A's is left.
 */
import { createActor, SimulatedClock } from 'xstate';
import { TOKEN_STORAGE_KEY } from '../../../src/shared/constants';
import { lovStatus, lovValues } from '../../../machines/item/lovMachine';
import { SEARCH_DEBOUNCE_MS } from '../../../machines/search/searchBarMachine';
import { sessionMachine } from '../../../machines/session/sessionMachine';
import { signIn } from '../../../machines/session/signIn';
import { getAuth, getLov, getSearchBar, getTasks, SystemId } from '../../../machines/systemIds';
import { buildSiteConfig, buildTask, buildUser, fakeEffects, MemoryStorage, type FakeSocket } from './support/fakes';
import { settled } from '../router/support/sessionFakes';

const ADA = buildUser({ $id: 'User-1', _i: 1, name: 'Ada' });
const BEN = buildUser({ $id: 'User-2', _i: 2, name: 'Ben' });

function startSession(storage: MemoryStorage) {
  const effects = fakeEffects({ storage });
  const clock = new SimulatedClock();
  const session = createActor(sessionMachine, {
    input: { siteConfig: buildSiteConfig(), clientVersion: '1.0.0', effects },
    clock,
    systemId: SystemId.session,
  }).start();
  const need = <T>(ref: T | undefined): T => {
    if (!ref) throw new Error('actor missing from the system');
    return ref;
  };
  const { system } = session;
  return {
    session,
    effects,
    clock,
    auth: need(getAuth(system)),
    lov: need(getLov(system)),
    searchBar: need(getSearchBar(system)),
    tasks: need(getTasks(system)),
  };
}

/** Answers the last request the client sent on `socket`, then lets its operation actor settle. */
const answerLast = async (socket: FakeSocket, b: unknown): Promise<void> => {
  const request = socket.lastSent();
  socket.push({ o: request!.o, s: request!.s, b });
  await settled();
};

/** Ada signed in, with a list of her organisation's values, search suggestions and a finished export. */
async function fillAdasCaches(t: ReturnType<typeof startSession>): Promise<FakeSocket> {
  const socket = t.effects.socket();
  socket.open();
  socket.push({ o: 'authed', b: ADA });
  expect(t.auth.getSnapshot().value).toBe('USER_VALID');
  t.lov.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
  await answerLast(socket, { 'Organization-7': [{ id: 'LOVValue-2', key: 'ADA_ONLY', label: "Ada's org only", state: 'ACTIVE' }] });
  t.searchBar.send({ type: 'searchBar.toggled' });
  t.searchBar.send({ type: 'searchBar.typed', text: 'secret' });
  t.clock.increment(SEARCH_DEBOUNCE_MS);
  await answerLast(socket, { ids: ['Contact-9'], labels: { 'Contact-9': 'Private Contact' }, total: 1, facets: {} });
  socket.push({ o: 'taskComplete', b: buildTask({ key: 'ada-export', percentageComplete: 100, resultURI: '/api/download/ada.csv' }) });
  expect(lovValues(t.lov.getSnapshot(), 'ORG_COMMLOG_TYPES', 'Organization-7')).toHaveLength(1);
  expect(t.searchBar.getSnapshot().context.suggestions).toEqual([{ id: 'Contact-9', label: 'Private Contact' }]);
  expect(t.tasks.getSnapshot().context.tasks.map((task) => task.key)).toEqual(['ada-export']);
  return socket;
}

/** Nothing of Ada's is held any more. */
function expectNothingOfAda(t: ReturnType<typeof startSession>): void {
  expect(lovStatus(t.lov.getSnapshot(), 'ORG_COMMLOG_TYPES')).toBe('unknown');
  expect(lovValues(t.lov.getSnapshot(), 'ORG_COMMLOG_TYPES', 'Organization-7')).toEqual([]);
  expect(t.searchBar.getSnapshot().value).toBe('CLOSED');
  expect(t.searchBar.getSnapshot().context).toMatchObject({ text: '', suggestions: [] });
  expect(t.tasks.getSnapshot().context.tasks.map((task) => task.key)).not.toContain('ada-export');
}

async function benSignsIn(t: ReturnType<typeof startSession>): Promise<void> {
  const result = signIn(t.auth, { email: 'ben@example.org', password: 'pw' });
  t.effects.signIns.at(-1)?.answer.resolve({ status: 200, token: 'tok-ben', body: {} });
  await expect(result).resolves.toEqual({ ok: true });
  const socket = t.effects.socket();
  socket.open();
  socket.push({ o: 'authed', b: { ...BEN, activeTasks: [buildTask({ key: 'ben-import', percentageComplete: 10 })] } });
  expect(t.auth.getSnapshot().context.user?.$id).toBe('User-2');
}

describe('item caches dropped between users (spec 000 §4)', () => {
  it("leaves nothing of user A's after A signs out and B signs in", async () => {
    const storage = new MemoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'tok-ada');
    const t = startSession(storage);
    const socket = await fillAdasCaches(t);
    t.auth.send({ type: 'auth.signOutRequested' });
    expect(t.auth.getSnapshot().value).toBe('SIGNOUT');
    // Dropped on entering SIGNOUT, before the server even closed the socket.
    expectNothingOfAda(t);
    socket.serverClose(4001, 'signedout');
    await benSignsIn(t);
    expectNothingOfAda(t);
    expect(t.tasks.getSnapshot().context.tasks.map((task) => task.key)).toEqual(['ben-import']);
    // Ben asks for the same list: it is asked of the server again, for him.
    const requests = t.effects.socket().sent.length;
    t.lov.send({ type: 'lov.requested', list: 'ORG_COMMLOG_TYPES' });
    expect(t.effects.socket().sent).toHaveLength(requests + 1);
    expect(t.effects.socket().lastSent()).toMatchObject({ o: 'act/lov', b: { list: 'ORG_COMMLOG_TYPES' } });
  });

  it('drops them too when another tab signs A out (OTHER_TAB_SIGNOUT)', async () => {
    const storage = new MemoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'tok-ada');
    const t = startSession(storage);
    await fillAdasCaches(t);
    t.session.send({ type: 'session.storageChanged', key: TOKEN_STORAGE_KEY, newValue: null });
    expect(t.auth.getSnapshot().value).toBe('OTHER_TAB_SIGNOUT');
    expectNothingOfAda(t);
  });
});
