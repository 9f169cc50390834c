import { createActor, createMachine, SimulatedClock, spawnChild, type ActorRefFrom } from 'xstate';
import {
  selectEntries,
  selectUnseenCount,
  unseenCount,
  whatsNewMachine,
  type WhatsNewEntry,
} from '../../../machines/session/whatsNewMachine';
import { SystemId } from '../../../machines/systemIds';
import { fakeConnection, type FakeConnectionRef, fakeTasks, fakeUserAuth, settled } from '../router/support/sessionFakes';
import { buildUser } from './support/fakes';

const root = createMachine({
  entry: [
    spawnChild(fakeUserAuth, { id: SystemId.auth, systemId: SystemId.auth }),
    spawnChild(fakeTasks, { id: SystemId.tasks, systemId: SystemId.tasks }),
    spawnChild(fakeConnection, { id: SystemId.connection, systemId: SystemId.connection }),
    spawnChild(whatsNewMachine, { id: SystemId.whatsNew, systemId: SystemId.whatsNew, input: { locale: 'fr' } }),
  ],
});

const entry = (version: string, title = `Changes in ${version}`, i = 1) => ({
  $id: `WhatsNew-${i}`,
  _t: 'WhatsNew',
  _u: 1,
  _c: { ts: '2026-03-01T10:00:00Z', by: 'User-9' },
  version,
  locale: 'fr',
  title,
  body: '<p>Better.</p>',
});
const userItem = (u: number, whatsNewSeen?: string) => ({
  $id: 'User-1',
  _t: 'User',
  _u: u,
  name: 'Mary Thomas',
  ...(whatsNewSeen ? { whatsNewSeen } : {}),
});

const LIST = 'act/whatsNew';
const READ = 'read/User-1';
const UPDATE = 'update';

function start() {
  const actor = createActor(root, { clock: new SimulatedClock() }).start();
  const children = actor.getSnapshot().children;
  const auth = children[SystemId.auth] as ActorRefFrom<typeof fakeUserAuth>;
  const connection = children[SystemId.connection] as FakeConnectionRef;
  const whatsNew = children[SystemId.whatsNew] as ActorRefFrom<typeof whatsNewMachine>;
  const sent = () => connection.getSnapshot().context.sent;
  /** Answers the latest request of operation `o`, then lets its operation actor settle. */
  const answer = async (o: string, b: unknown, erred = false): Promise<void> => {
    const index = sent()
      .map((request) => request.frame.o)
      .lastIndexOf(o);
    if (index < 0) throw new Error(`no request ${o}`);
    connection.send({ type: 'fake.reply', index, b, erred });
    await settled();
  };
  const signIn = (): void => auth.send({ type: 'fake.signedIn', user: buildUser({ $id: 'User-1' }) });
  return {
    actor,
    auth,
    connection,
    whatsNew,
    signIn,
    answer,
    frames: () => sent().map((request) => request.frame),
    count: () => selectUnseenCount(whatsNew.getSnapshot()),
    /** Signs in and answers the list and the User item. */
    async load(entries: unknown[], seen?: string): Promise<void> {
      signIn();
      await answer(LIST, entries);
      await answer(READ, userItem(4, seen));
    },
  };
}

describe('whatsNewMachine', () => {
  it('asks nothing while signed out, then the list in its locale and the user item once signed in', async () => {
    const t = start();
    expect(t.frames()).toEqual([]);
    t.signIn();
    expect(t.frames()).toEqual([{ o: 'act/whatsNew', b: { locale: 'fr' } }, { o: 'read/User-1' }]);
  });

  it('counts the entries newer than the version the user has seen, all when none was seen', async () => {
    const t = start();
    await t.load([entry('v1.10.0', 'A', 3), entry('v1.2.0', 'B', 2), entry('v1.2.0', 'C', 1)], 'v1.2.0');
    expect(t.count()).toBe(1);
    expect(selectEntries(t.whatsNew.getSnapshot()).map((e: WhatsNewEntry) => e.title)).toEqual(['A', 'B', 'C']);

    const fresh = start();
    await fresh.load([entry('v1.10.0', 'A', 3), entry('v1.2.0', 'B', 2)]);
    expect(fresh.count()).toBe(2);
  });

  it('shows no count until the user item is known, and none when the list fails', async () => {
    const t = start();
    t.signIn();
    await t.answer(LIST, [entry('v2.0.0')]);
    expect(t.count()).toBe(0);
    await t.answer(READ, userItem(4));
    expect(t.count()).toBe(1);

    const failing = start();
    failing.signIn();
    await failing.answer(LIST, { userMessage: 'generalFailure' }, true);
    await failing.answer(READ, userItem(4));
    expect(failing.count()).toBe(0);
    expect(failing.whatsNew.getSnapshot().value).toBe('READY');
  });

  it('stores the newest version on the User item when the page is seen, and the count drops at once', async () => {
    const t = start();
    await t.load([entry('v1.3.0', 'A', 2), entry('v1.2.0', 'B', 1)], 'v1.1.0');
    expect(t.count()).toBe(2);
    t.whatsNew.send({ type: 'whatsNew.seen' });
    expect(t.frames().at(-1)).toEqual({ o: 'update', b: { $id: 'User-1', _u: 4, whatsNewSeen: 'v1.3.0' } });
    expect(t.count()).toBe(0);
    await t.answer(UPDATE, userItem(5, 'v1.3.0'));
    expect(t.count()).toBe(0);
    // Seen again: nothing new to store.
    const sent = t.frames().length;
    t.whatsNew.send({ type: 'whatsNew.seen' });
    expect(t.frames()).toHaveLength(sent);
  });

  it('remembers a page seen before the list arrived', async () => {
    const t = start();
    t.signIn();
    t.whatsNew.send({ type: 'whatsNew.seen' });
    await t.answer(LIST, [entry('v3.0.0')]);
    await t.answer(READ, userItem(7));
    expect(t.frames().at(-1)).toEqual({ o: 'update', b: { $id: 'User-1', _u: 7, whatsNewSeen: 'v3.0.0' } });
  });

  it('on staleUpdate reads the User item again and retries once', async () => {
    const t = start();
    await t.load([entry('v2.0.0')], 'v1.0.0');
    t.whatsNew.send({ type: 'whatsNew.seen' });
    await t.answer(UPDATE, { userMessage: 'staleUpdate' }, true);
    expect(t.frames().at(-1)).toEqual({ o: 'read/User-1' });
    await t.answer(READ, userItem(6, 'v1.0.0'));
    expect(t.frames().at(-1)).toEqual({ o: 'update', b: { $id: 'User-1', _u: 6, whatsNewSeen: 'v2.0.0' } });
    // A second stale answer is the last: the count comes back, no third update.
    await t.answer(UPDATE, { userMessage: 'staleUpdate' }, true);
    expect(t.frames().filter((frame) => frame.o === 'update')).toHaveLength(2);
    expect(t.count()).toBe(1);
  });

  it('does not write again when the re-read shows another tab already stored the version', async () => {
    const t = start();
    await t.load([entry('v2.0.0')], 'v1.0.0');
    t.whatsNew.send({ type: 'whatsNew.seen' });
    await t.answer(UPDATE, { userMessage: 'staleUpdate' }, true);
    await t.answer(READ, userItem(6, 'v2.0.0'));
    expect(t.frames().filter((frame) => frame.o === 'update')).toHaveLength(1);
    expect(t.count()).toBe(0);
  });

  it('puts the count back when the save is refused', async () => {
    const t = start();
    await t.load([entry('v2.0.0')], 'v1.0.0');
    t.whatsNew.send({ type: 'whatsNew.seen' });
    await t.answer(UPDATE, { userMessage: 'notAllowed' }, true);
    expect(t.count()).toBe(1);
    expect(t.whatsNew.getSnapshot().value).toBe('READY');
  });

  it("follows pushes: the user's own item from another tab, and new entries", async () => {
    const t = start();
    await t.load([entry('v2.0.0')], 'v1.0.0');
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: userItem(9, 'v2.0.0') } });
    expect(t.count()).toBe(0);
    t.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: entry('v2.1.0', 'New', 5) } });
    expect(t.frames().at(-1)).toEqual({ o: 'act/whatsNew', b: { locale: 'fr' } });
    await t.answer(LIST, [entry('v2.1.0', 'New', 5), entry('v2.0.0')]);
    expect(t.count()).toBe(1);
  });

  it('forgets everything on sign-out and ignores answers meant for the previous user', async () => {
    const t = start();
    await t.load([entry('v2.0.0')]);
    expect(t.count()).toBe(1);
    t.auth.send({ type: 'fake.signedOut' });
    expect(t.count()).toBe(0);
    expect(selectEntries(t.whatsNew.getSnapshot())).toEqual([]);
    t.whatsNew.send({ type: 'whatsNew.seen' });
    expect(t.frames().some((frame) => frame.o === 'update')).toBe(false);
    // Signing out stopped the requests of the last sign-in: their late answers change nothing.
    t.signIn();
    t.auth.send({ type: 'fake.signedOut' });
    await t.answer(LIST, [entry('v3.0.0')]);
    await t.answer(READ, userItem(8));
    expect(t.whatsNew.getSnapshot().value).toBe('SIGNED_OUT');
    expect(selectEntries(t.whatsNew.getSnapshot())).toEqual([]);
  });
});

describe('unseenCount', () => {
  const entries = [entry('v1.0.10'), entry('v1.0.9')].map((e) => ({
    id: e.$id,
    version: e.version,
    title: e.title,
    body: e.body,
    created: null,
  }));
  it('compares versions numerically, and counts all for an unset or malformed seen version', () => {
    expect(unseenCount(entries, 'v1.0.9')).toBe(1);
    expect(unseenCount(entries, null)).toBe(2);
    expect(unseenCount(entries, 'latest')).toBe(2);
    expect(unseenCount(entries, undefined)).toBe(0);
  });
});
