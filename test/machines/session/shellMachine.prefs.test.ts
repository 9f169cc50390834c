import { createActor, createMachine, fromCallback, SimulatedClock, spawnChild, type ActorRefFrom, type AnyEventObject } from 'xstate';
import { PREFS_KEY, readPrefs, shellMachine } from '../../../machines/session/shellMachine';
import { SystemId } from '../../../machines/systemIds';
import type { UserSession } from '../../../src/shared/protocol';
import { fakeConnection, type FakeConnectionRef, fakeUserAuth, settled } from '../router/support/sessionFakes';
import { buildUser, MemoryStorage } from './support/fakes';

const READ = 'read/User-1';
const UPDATE = 'update';

function start(storage = new MemoryStorage()) {
  const alerts: AnyEventObject[] = [];
  const recorder = fromCallback<AnyEventObject>(({ receive }) => receive((event) => alerts.push(event)));
  // As in the session: the shell is spawned before auth, and finds it when it starts.
  const root = createMachine({
    entry: [
      spawnChild(recorder, { id: SystemId.alerts, systemId: SystemId.alerts }),
      spawnChild(fakeConnection, { id: SystemId.connection, systemId: SystemId.connection }),
      spawnChild(shellMachine, { id: SystemId.shell, systemId: SystemId.shell, input: { storage } }),
      spawnChild(fakeUserAuth, { id: SystemId.auth, systemId: SystemId.auth }),
    ],
  });
  const actor = createActor(root, { clock: new SimulatedClock() }).start();
  const children = actor.getSnapshot().children;
  const auth = children[SystemId.auth] as ActorRefFrom<typeof fakeUserAuth>;
  const connection = children[SystemId.connection] as FakeConnectionRef;
  const shell = children[SystemId.shell] as ActorRefFrom<typeof shellMachine>;
  const sent = () => connection.getSnapshot().context.sent;
  return {
    storage,
    auth,
    shell,
    alerts,
    prefs: () => shell.getSnapshot().context.prefs,
    frames: () => sent().map((request) => request.frame),
    /** Answers the latest request of operation `o`, then lets its operation actor settle. */
    async answer(o: string, b: unknown, erred = false): Promise<void> {
      const index = sent()
        .map((request) => request.frame.o)
        .lastIndexOf(o);
      if (index < 0) throw new Error(`no request ${o}`);
      connection.send({ type: 'fake.reply', index, b, erred });
      await settled();
    },
    signIn: (overrides: Partial<UserSession> = {}) =>
      auth.send({ type: 'fake.signedIn', user: buildUser({ $id: 'User-1', ...overrides }) }),
  };
}

const userItem = (u: number) => ({ $id: 'User-1', _t: 'User', _u: u, name: 'Mary Thomas' });

describe('shell machine: display preferences of the signed-in user', () => {
  it("takes the user's settings at sign-in over this browser's copy, and keeps them for the next visit", () => {
    const storage = new MemoryStorage();
    storage.setItem(PREFS_KEY, JSON.stringify({ v: 1, prefs: { dark: false, multiColumns: true, debugLogging: true } }));
    const t = start(storage);
    expect(t.prefs()).toEqual({ dark: false, multiColumns: true, debugLogging: true });
    t.signIn({ dark: true, hideGuidance: true, multiColumns: false });
    expect(t.prefs()).toEqual({ dark: true, hideGuidance: true, multiColumns: false, debugLogging: true });
    expect(readPrefs(storage)).toEqual(t.prefs());
    expect(t.frames()).toEqual([]);
  });

  it('saves a change to the User item: reads it for _u, then updates that one property', async () => {
    const t = start();
    t.signIn();
    t.shell.send({ type: 'shell.prefSet', pref: 'hideGuidance', value: true });
    expect(t.prefs().hideGuidance).toBe(true);
    expect(t.frames()).toEqual([{ o: 'read/User-1' }]);
    await t.answer(READ, userItem(8));
    expect(t.frames().at(-1)).toEqual({ o: 'update', b: { $id: 'User-1', _u: 8, hideGuidance: true } });
    await t.answer(UPDATE, { ...userItem(9), hideGuidance: true });
    expect(t.shell.getSnapshot().matches({ sync: 'IDLE' })).toBe(true);
    expect(t.frames()).toHaveLength(2);
  });

  it('sends changes made while a save is under way in the next save', async () => {
    const t = start();
    t.signIn();
    t.shell.send({ type: 'shell.prefSet', pref: 'dark', value: true });
    await t.answer(READ, userItem(8));
    t.shell.send({ type: 'shell.prefSet', pref: 'multiColumns', value: false });
    await t.answer(UPDATE, userItem(9));
    expect(t.frames().at(-1)).toEqual({ o: 'read/User-1' });
    await t.answer(READ, userItem(9));
    expect(t.frames().at(-1)).toEqual({ o: 'update', b: { $id: 'User-1', _u: 9, multiColumns: false } });
  });

  it('on staleUpdate reads again and retries once, then reports the failure', async () => {
    const t = start();
    t.signIn();
    t.shell.send({ type: 'shell.prefSet', pref: 'dark', value: true });
    await t.answer(READ, userItem(8));
    await t.answer(UPDATE, { userMessage: 'staleUpdate' }, true);
    expect(t.frames().at(-1)).toEqual({ o: 'read/User-1' });
    await t.answer(READ, userItem(10));
    expect(t.frames().at(-1)).toEqual({ o: 'update', b: { $id: 'User-1', _u: 10, dark: true } });
    expect(t.alerts).toEqual([]);
    await t.answer(UPDATE, { userMessage: 'staleUpdate' }, true);
    expect(t.frames().filter((frame) => frame.o === 'update')).toHaveLength(2);
    expect(t.alerts).toEqual([expect.objectContaining({ type: 'alerts.errorRaised' })]);
    // The choice still holds on this browser.
    expect(t.prefs().dark).toBe(true);
  });

  it('reports a failed read with its operation and does not retry it; a sign-out stops the read under way', async () => {
    const t = start();
    t.signIn();
    t.shell.send({ type: 'shell.prefSet', pref: 'hideGuidance', value: true });
    await t.answer(READ, { userMessage: 'generalFailure' }, true);
    expect(t.shell.getSnapshot().matches({ sync: 'IDLE' })).toBe(true);
    expect(t.alerts).toEqual([
      { type: 'alerts.errorRaised', error: expect.objectContaining({ userMessage: 'generalFailure', operation: 'read/User-1' }) },
    ]);
    expect(t.frames()).toEqual([{ o: 'read/User-1' }]);
    expect(t.prefs().hideGuidance).toBe(true);

    t.shell.send({ type: 'shell.prefSet', pref: 'dark', value: true });
    t.auth.send({ type: 'fake.signedOut' });
    await t.answer(READ, userItem(8));
    expect(t.shell.getSnapshot().matches({ sync: 'IDLE' })).toBe(true);
    expect(t.frames().some((frame) => frame.o === 'update')).toBe(false);
  });

  it('keeps debug logging and signed-out choices on this browser only', () => {
    const t = start();
    t.shell.send({ type: 'shell.prefSet', pref: 'dark', value: true });
    t.signIn({ admin: true });
    t.shell.send({ type: 'shell.prefSet', pref: 'debugLogging', value: true });
    expect(t.frames()).toEqual([]);
    t.auth.send({ type: 'fake.signedOut' });
    t.shell.send({ type: 'shell.prefSet', pref: 'multiColumns', value: false });
    expect(t.frames()).toEqual([]);
    // The server's dark: false is no choice, so the system's scheme applies again.
    expect(readPrefs(t.storage)).toEqual({ hideGuidance: false, multiColumns: false, debugLogging: true });
  });
});
