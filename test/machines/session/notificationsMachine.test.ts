import { createActor, createMachine, fromCallback, SimulatedClock, spawnChild, type ActorRefFrom, type AnyEventObject } from 'xstate';
import {
  notificationsMachine,
  NOTIFICATIONS_PAGE,
  selectComplete,
  selectMenuEntries,
  selectNotes,
  selectUnreadCount,
  toNotifications,
} from '../../../machines/session/notificationsMachine';
import { SystemId } from '../../../machines/systemIds';
import type { Frame } from '../../../src/shared/protocol';
import { fakeConnection, type FakeConnectionRef, fakeTasks, fakeUserAuth, settled } from '../router/support/sessionFakes';
import { buildUser } from './support/fakes';

const note = (index: number, context: string, unread = true, kind = 'updated') => ({
  $id: `Notify-${index}`,
  _t: 'Notify',
  _u: 1,
  _c: { ts: `2026-03-0${index % 9}T10:00:00Z`, by: 'User-1' },
  $kind: kind,
  $context: { id: context },
  unread,
  $labels: { [context]: `Label of ${context}` },
});

type Kind = 'pairs' | 'page' | 'some' | 'mark';
const bodyOf = (frame: Frame) => (frame.b ?? {}) as { indexes?: number[]; max?: number; ids?: number[] };
/** Which of the machine's requests a frame is, by its operation and body. */
const KIND: Record<Kind, (frame: Frame) => boolean> = {
  // markNotifications with no indexes asks the unread pairs.
  pairs: (frame) => frame.o === 'act/markNotifications' && bodyOf(frame).indexes?.length === 0,
  mark: (frame) => frame.o === 'act/markNotifications' && (bodyOf(frame).indexes?.length ?? 0) > 0,
  page: (frame) => frame.o === 'act/fetchNotifications' && bodyOf(frame).max !== undefined,
  some: (frame) => frame.o === 'act/fetchNotifications' && bodyOf(frame).ids !== undefined,
};

function start() {
  const alerts: AnyEventObject[] = [];
  const recorder = fromCallback<AnyEventObject>(({ receive }) => receive((event) => alerts.push(event)));
  const root = createMachine({
    entry: [
      spawnChild(recorder, { id: SystemId.alerts, systemId: SystemId.alerts }),
      spawnChild(fakeUserAuth, { id: SystemId.auth, systemId: SystemId.auth }),
      spawnChild(fakeTasks, { id: SystemId.tasks, systemId: SystemId.tasks }),
      spawnChild(fakeConnection, { id: SystemId.connection, systemId: SystemId.connection }),
      spawnChild(notificationsMachine, { id: SystemId.notifications, systemId: SystemId.notifications }),
    ],
  });
  const actor = createActor(root, { clock: new SimulatedClock() }).start();
  const children = actor.getSnapshot().children;
  const auth = children[SystemId.auth] as ActorRefFrom<typeof fakeUserAuth>;
  const connection = children[SystemId.connection] as FakeConnectionRef;
  const notifications = children[SystemId.notifications] as ActorRefFrom<typeof notificationsMachine>;
  const sent = () => connection.getSnapshot().context.sent;
  /** The indexes of the requests of `kind`, in the order they were sent. */
  const requests = (kind: Kind): number[] => sent().flatMap((request, index) => (KIND[kind](request.frame) ? [index] : []));
  /** Answers request number `index`, then lets its operation actor settle. */
  const answerAt = async (index: number, b: unknown, erred = false): Promise<void> => {
    connection.send({ type: 'fake.reply', index, b, erred });
    await settled();
  };
  /** Answers the latest request of `kind`. */
  const answer = async (kind: Kind, b: unknown, erred = false): Promise<void> => {
    const index = requests(kind).at(-1);
    if (index === undefined) throw new Error(`no ${kind} request`);
    await answerAt(index, b, erred);
  };
  const signIn = (id = 'User-1'): void => auth.send({ type: 'fake.signedIn', user: buildUser({ $id: id }) });
  return {
    auth,
    connection,
    notifications,
    alerts,
    signIn,
    requests,
    answer,
    answerAt,
    frames: () => sent().map((request) => request.frame),
    count: () => selectUnreadCount(notifications.getSnapshot()),
    notes: () => selectNotes(notifications.getSnapshot()).map((n) => [n.index, n.unread]),
    push: (index: number, context: string) =>
      connection.send({ type: 'fake.push', frame: { o: 'item/notify', b: { index, context, kind: 'updated', unread: true } } }),
    /** Signs in and answers the unread pairs and the first page. */
    async load(pairs: [number, string][], page: unknown[]): Promise<void> {
      signIn();
      await answer('pairs', { notifyPairs: pairs });
      await answer('page', page);
    },
  };
}

describe('notificationsMachine', () => {
  it('asks nothing while signed out, then the unread pairs and the first page once signed in', async () => {
    const t = start();
    expect(t.frames()).toEqual([]);
    t.signIn();
    expect(t.frames()).toEqual([
      { o: 'act/markNotifications', b: { indexes: [] } },
      { o: 'act/fetchNotifications', b: { max: NOTIFICATIONS_PAGE } },
    ]);
    expect(t.notifications.getSnapshot().value).toBe('LOADING');
    await t.answer('pairs', {
      notifyPairs: [
        [3, 'Contact-3'],
        [2, 'Contact-2'],
      ],
    });
    await t.answer('page', [note(3, 'Contact-3'), note(2, 'Contact-2'), note(1, 'Contact-1', false)]);
    expect(t.notifications.getSnapshot().value).toBe('READY');
    expect(t.count()).toBe(2);
    expect(t.notes()).toEqual([
      [3, true],
      [2, true],
      [1, false],
    ]);
    expect(selectMenuEntries(t.notifications.getSnapshot())).toMatchObject([
      { index: 3, context: 'Contact-3', contextLabel: 'Label of Contact-3', kind: 'updated' },
      { index: 2, context: 'Contact-2' },
    ]);
    expect(selectComplete(t.notifications.getSnapshot())).toBe(true);
  });

  it('fetches the newest unread the page does not hold, so the menu can name their items', async () => {
    const t = start();
    await t.load(
      [
        [9, 'Contact-9'],
        [3, 'Contact-3'],
      ],
      [note(3, 'Contact-3')],
    );
    expect(t.frames().at(-1)).toEqual({ o: 'act/fetchNotifications', b: { ids: [9] } });
    await t.answer('some', [note(9, 'Contact-9', true, 'created')]);
    expect(selectMenuEntries(t.notifications.getSnapshot())[0]).toMatchObject({
      index: 9,
      contextLabel: 'Label of Contact-9',
      kind: 'created',
    });
  });

  it('counts a pushed notification at once and fetches it', async () => {
    const t = start();
    await t.load([], []);
    t.push(7, 'Contact-7');
    expect(t.count()).toBe(1);
    expect(t.frames().at(-1)).toEqual({ o: 'act/fetchNotifications', b: { ids: [7] } });
    await t.answer('some', [note(7, 'Contact-7')]);
    expect(t.notes()).toEqual([[7, true]]);
    // The same push twice counts once.
    t.push(7, 'Contact-7');
    expect(t.count()).toBe(1);
  });

  it('marks read and unread at once, and settles on the pairs the server answers', async () => {
    const t = start();
    await t.load(
      [
        [2, 'Contact-2'],
        [1, 'Contact-1'],
      ],
      [note(2, 'Contact-2'), note(1, 'Contact-1')],
    );
    t.notifications.send({ type: 'notifications.markRequested', indexes: [2], unread: false });
    expect(t.frames().at(-1)).toEqual({ o: 'act/markNotifications', b: { indexes: [2] } });
    expect(t.count()).toBe(1);
    expect(t.notes()).toEqual([
      [2, false],
      [1, true],
    ]);
    await t.answer('mark', { notifyPairs: [[1, 'Contact-1']] });
    expect(t.count()).toBe(1);

    t.notifications.send({ type: 'notifications.markRequested', indexes: [2], unread: true });
    expect(t.frames().at(-1)).toEqual({ o: 'act/markNotifications', b: { indexes: [2], asUnread: true } });
    expect(t.count()).toBe(2);
    expect(t.notes()).toEqual([
      [2, true],
      [1, true],
    ]);
  });

  it('marks every unread read with one request', async () => {
    const t = start();
    await t.load(
      [
        [2, 'Contact-2'],
        [1, 'Contact-1'],
      ],
      [note(2, 'Contact-2'), note(1, 'Contact-1')],
    );
    t.notifications.send({ type: 'notifications.allMarkedRead' });
    expect(t.frames().at(-1)).toEqual({ o: 'act/markNotifications', b: { indexes: [2, 1] } });
    expect(t.count()).toBe(0);
    const before = t.frames().length;
    t.notifications.send({ type: 'notifications.allMarkedRead' });
    expect(t.frames()).toHaveLength(before);
  });

  it('an earlier answer does not undo a later optimistic mark', async () => {
    const t = start();
    await t.load(
      [
        [2, 'Contact-2'],
        [1, 'Contact-1'],
      ],
      [note(2, 'Contact-2'), note(1, 'Contact-1')],
    );
    t.notifications.send({ type: 'notifications.markRequested', indexes: [2], unread: false });
    t.notifications.send({ type: 'notifications.markRequested', indexes: [1], unread: false });
    const marks = t.requests('mark');
    await t.answerAt(marks[0]!, { notifyPairs: [[1, 'Contact-1']] });
    expect(t.count()).toBe(0);
    await t.answerAt(marks[1]!, { notifyPairs: [] });
    expect(t.count()).toBe(0);
  });

  it('tells a failed mark and asks the pairs again', async () => {
    const t = start();
    await t.load([[2, 'Contact-2']], [note(2, 'Contact-2')]);
    t.notifications.send({ type: 'notifications.markRequested', indexes: [2], unread: false });
    await t.answer('mark', { userMessage: 'notAllowed' }, true);
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }]);
    expect(t.frames().at(-1)).toEqual({ o: 'act/markNotifications', b: { indexes: [] } });
    await t.answer('pairs', { notifyPairs: [[2, 'Contact-2']] });
    expect(t.count()).toBe(1);
    expect(t.notes()).toEqual([[2, true]]);
  });

  it('pages: asks for a longer list until one comes back short', async () => {
    const t = start();
    const full = Array.from({ length: NOTIFICATIONS_PAGE }, (_, i) => note(100 - i, `Contact-${i}`, false));
    await t.load([], full);
    expect(selectComplete(t.notifications.getSnapshot())).toBe(false);
    t.notifications.send({ type: 'notifications.moreRequested' });
    t.notifications.send({ type: 'notifications.moreRequested' });
    const pages = t.frames().filter((f) => f.o === 'act/fetchNotifications');
    expect(pages.at(-1)).toEqual({ o: 'act/fetchNotifications', b: { max: 2 * NOTIFICATIONS_PAGE } });
    expect(pages).toHaveLength(2);
    await t.answer('page', [...full, note(1, 'Contact-x', false)]);
    expect(t.notes()).toHaveLength(NOTIFICATIONS_PAGE + 1);
    expect(selectComplete(t.notifications.getSnapshot())).toBe(true);
  });

  it('shows nothing when the first answers fail, and forgets everything at sign-out', async () => {
    const t = start();
    t.signIn();
    await t.answer('pairs', { userMessage: 'generalFailure' }, true);
    await t.answer('page', { userMessage: 'generalFailure' }, true);
    expect(t.notifications.getSnapshot().value).toBe('READY');
    expect(t.count()).toBe(0);
    expect(t.alerts).toEqual([]);
    t.push(4, 'Contact-4');
    expect(t.count()).toBe(1);
    t.auth.send({ type: 'fake.signedOut' });
    expect(t.notifications.getSnapshot().value).toBe('SIGNED_OUT');
    expect(t.count()).toBe(0);
    t.push(5, 'Contact-5');
    expect(t.count()).toBe(0);
  });

  it('drops answers meant for the previous user: a new user stops their requests', async () => {
    const t = start();
    t.signIn('User-1');
    t.signIn('User-2');
    await t.answerAt(t.requests('pairs')[0]!, { notifyPairs: [[1, 'Contact-1']] });
    expect(t.count()).toBe(0);
    await t.answer('pairs', { notifyPairs: [[2, 'Contact-2']] });
    expect(t.count()).toBe(1);
  });

  it('stops the requests READY spawned when the user changes: their late answers change nothing', async () => {
    const t = start();
    await t.load([[9, 'Contact-9']], []);
    expect(Object.keys(t.notifications.getSnapshot().children)).toContain('some.1');
    t.signIn('User-2');
    expect(Object.keys(t.notifications.getSnapshot().children)).not.toContain('some.1');
    await t.answerAt(t.requests('some')[0]!, [note(9, 'Contact-9')]);
    expect(t.notes()).toEqual([]);
  });

  it('reads only well-formed notifications', () => {
    expect(toNotifications([note(1, 'Contact-1'), { $id: 'Contact-1' }, null, { $id: 'Notify-2' }])).toHaveLength(1);
    expect(toNotifications({})).toEqual([]);
  });
});
