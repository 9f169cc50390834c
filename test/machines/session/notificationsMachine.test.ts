import {
  assign,
  createActor,
  createMachine,
  fromCallback,
  SimulatedClock,
  spawnChild,
  type ActorRefFrom,
  type AnyEventObject,
} from 'xstate';
import {
  notificationsMachine,
  NOTIFICATIONS_PAGE,
  selectComplete,
  selectMenuEntries,
  selectNotes,
  selectUnreadCount,
  Ticket,
  toNotifications,
} from '../../../machines/session/notificationsMachine';
import { SystemId } from '../../../machines/systemIds';
import type { UserSession } from '../../../src/shared/protocol';
import { fakeConnection, fakeTasks, type FakeConnectionRef } from '../router/support/sessionFakes';
import { buildUser } from './support/fakes';

type AuthEvent = { type: 'fake.signedIn'; user: UserSession } | { type: 'fake.signedOut' };

// The real selectors read the state name and `context.user`.
const fakeAuth = createMachine({
  types: {} as { events: AuthEvent; context: { user: UserSession | null } },
  context: { user: null },
  initial: 'NONE',
  on: {
    'fake.signedIn': { target: '.USER_VALID', actions: assign(({ event }) => ({ user: event.user })) },
    'fake.signedOut': { target: '.NONE', actions: assign({ user: null }) },
  },
  states: { NONE: {}, USER_VALID: {} },
});

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

function start() {
  const alerts: AnyEventObject[] = [];
  const recorder = fromCallback<AnyEventObject>(({ receive }) => receive((event) => alerts.push(event)));
  const root = createMachine({
    entry: [
      spawnChild(recorder, { id: SystemId.alerts, systemId: SystemId.alerts }),
      spawnChild(fakeAuth, { id: SystemId.auth, systemId: SystemId.auth }),
      spawnChild(fakeTasks, { id: SystemId.tasks, systemId: SystemId.tasks }),
      spawnChild(fakeConnection, { id: SystemId.connection, systemId: SystemId.connection }),
      spawnChild(notificationsMachine, { id: SystemId.notifications, systemId: SystemId.notifications }),
    ],
  });
  const actor = createActor(root, { clock: new SimulatedClock() }).start();
  const children = actor.getSnapshot().children;
  const auth = children[SystemId.auth] as ActorRefFrom<typeof fakeAuth>;
  const connection = children[SystemId.connection] as FakeConnectionRef;
  const notifications = children[SystemId.notifications] as ActorRefFrom<typeof notificationsMachine>;
  const sent = () => connection.getSnapshot().context.sent;
  const answer = (ticket: string, b: unknown, erred = false): void => {
    const index = sent()
      .map((request) => request.ticket)
      .lastIndexOf(ticket);
    if (index < 0) throw new Error(`no request with ticket ${ticket}`);
    connection.send({ type: 'fake.reply', index, b, erred });
  };
  const signIn = (id = 'User-1'): void => auth.send({ type: 'fake.signedIn', user: buildUser({ $id: id }) });
  return {
    auth,
    connection,
    notifications,
    alerts,
    signIn,
    answer,
    frames: () => sent().map((request) => request.frame),
    count: () => selectUnreadCount(notifications.getSnapshot()),
    notes: () => selectNotes(notifications.getSnapshot()).map((n) => [n.index, n.unread]),
    push: (index: number, context: string) =>
      connection.send({ type: 'fake.push', frame: { o: 'item/notify', b: { index, context, kind: 'updated', unread: true } } }),
    /** Signs in and answers the unread pairs and the first page. */
    load(pairs: [number, string][], page: unknown[]): void {
      signIn();
      answer(Ticket.pairs('User-1'), { notifyPairs: pairs });
      answer(Ticket.page('User-1'), page);
    },
  };
}

describe('notificationsMachine', () => {
  it('asks nothing while signed out, then the unread pairs and the first page once signed in', () => {
    const t = start();
    expect(t.frames()).toEqual([]);
    t.signIn();
    expect(t.frames()).toEqual([
      { o: 'act/markNotifications', b: { indexes: [] } },
      { o: 'act/fetchNotifications', b: { max: NOTIFICATIONS_PAGE } },
    ]);
    expect(t.notifications.getSnapshot().value).toBe('LOADING');
    t.answer(Ticket.pairs('User-1'), {
      notifyPairs: [
        [3, 'Contact-3'],
        [2, 'Contact-2'],
      ],
    });
    t.answer(Ticket.page('User-1'), [note(3, 'Contact-3'), note(2, 'Contact-2'), note(1, 'Contact-1', false)]);
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

  it('fetches the newest unread the page does not hold, so the menu can name their items', () => {
    const t = start();
    t.load(
      [
        [9, 'Contact-9'],
        [3, 'Contact-3'],
      ],
      [note(3, 'Contact-3')],
    );
    expect(t.frames().at(-1)).toEqual({ o: 'act/fetchNotifications', b: { ids: [9] } });
    t.answer(Ticket.some('User-1'), [note(9, 'Contact-9', true, 'created')]);
    expect(selectMenuEntries(t.notifications.getSnapshot())[0]).toMatchObject({
      index: 9,
      contextLabel: 'Label of Contact-9',
      kind: 'created',
    });
  });

  it('counts a pushed notification at once and fetches it', () => {
    const t = start();
    t.load([], []);
    t.push(7, 'Contact-7');
    expect(t.count()).toBe(1);
    expect(t.frames().at(-1)).toEqual({ o: 'act/fetchNotifications', b: { ids: [7] } });
    t.answer(Ticket.some('User-1'), [note(7, 'Contact-7')]);
    expect(t.notes()).toEqual([[7, true]]);
    // The same push twice counts once.
    t.push(7, 'Contact-7');
    expect(t.count()).toBe(1);
  });

  it('marks read and unread at once, and settles on the pairs the server answers', () => {
    const t = start();
    t.load(
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
    t.answer(Ticket.mark('User-1'), { notifyPairs: [[1, 'Contact-1']] });
    expect(t.count()).toBe(1);

    t.notifications.send({ type: 'notifications.markRequested', indexes: [2], unread: true });
    expect(t.frames().at(-1)).toEqual({ o: 'act/markNotifications', b: { indexes: [2], asUnread: true } });
    expect(t.count()).toBe(2);
    expect(t.notes()).toEqual([
      [2, true],
      [1, true],
    ]);
  });

  it('marks every unread read with one request', () => {
    const t = start();
    t.load(
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

  it('an earlier answer does not undo a later optimistic mark', () => {
    const t = start();
    t.load(
      [
        [2, 'Contact-2'],
        [1, 'Contact-1'],
      ],
      [note(2, 'Contact-2'), note(1, 'Contact-1')],
    );
    t.notifications.send({ type: 'notifications.markRequested', indexes: [2], unread: false });
    t.notifications.send({ type: 'notifications.markRequested', indexes: [1], unread: false });
    const marks = t.connection.getSnapshot().context.sent.flatMap((r, i) => (r.ticket === Ticket.mark('User-1') ? [i] : []));
    t.connection.send({ type: 'fake.reply', index: marks[0]!, b: { notifyPairs: [[1, 'Contact-1']] } });
    expect(t.count()).toBe(0);
    t.connection.send({ type: 'fake.reply', index: marks[1]!, b: { notifyPairs: [] } });
    expect(t.count()).toBe(0);
  });

  it('tells a failed mark and asks the pairs again', () => {
    const t = start();
    t.load([[2, 'Contact-2']], [note(2, 'Contact-2')]);
    t.notifications.send({ type: 'notifications.markRequested', indexes: [2], unread: false });
    t.answer(Ticket.mark('User-1'), { userMessage: 'notAllowed' }, true);
    expect(t.alerts).toEqual([{ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }]);
    expect(t.frames().at(-1)).toEqual({ o: 'act/markNotifications', b: { indexes: [] } });
    t.answer(Ticket.pairs('User-1'), { notifyPairs: [[2, 'Contact-2']] });
    expect(t.count()).toBe(1);
    expect(t.notes()).toEqual([[2, true]]);
  });

  it('pages: asks for a longer list until one comes back short', () => {
    const t = start();
    const full = Array.from({ length: NOTIFICATIONS_PAGE }, (_, i) => note(100 - i, `Contact-${i}`, false));
    t.load([], full);
    expect(selectComplete(t.notifications.getSnapshot())).toBe(false);
    t.notifications.send({ type: 'notifications.moreRequested' });
    t.notifications.send({ type: 'notifications.moreRequested' });
    const pages = t.frames().filter((f) => f.o === 'act/fetchNotifications');
    expect(pages.at(-1)).toEqual({ o: 'act/fetchNotifications', b: { max: 2 * NOTIFICATIONS_PAGE } });
    expect(pages).toHaveLength(2);
    t.answer(Ticket.page('User-1'), [...full, note(1, 'Contact-x', false)]);
    expect(t.notes()).toHaveLength(NOTIFICATIONS_PAGE + 1);
    expect(selectComplete(t.notifications.getSnapshot())).toBe(true);
  });

  it('shows nothing when the first answers fail, and forgets everything at sign-out', () => {
    const t = start();
    t.signIn();
    t.answer(Ticket.pairs('User-1'), { userMessage: 'generalFailure' }, true);
    t.answer(Ticket.page('User-1'), { userMessage: 'generalFailure' }, true);
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

  it('drops answers meant for the previous user', () => {
    const t = start();
    t.signIn('User-1');
    t.signIn('User-2');
    t.answer(Ticket.pairs('User-1'), { notifyPairs: [[1, 'Contact-1']] });
    expect(t.count()).toBe(0);
    t.answer(Ticket.pairs('User-2'), { notifyPairs: [[2, 'Contact-2']] });
    expect(t.count()).toBe(1);
  });

  it('reads only well-formed notifications', () => {
    expect(toNotifications([note(1, 'Contact-1'), { $id: 'Contact-1' }, null, { $id: 'Notify-2' }])).toHaveLength(1);
    expect(toNotifications({})).toEqual([]);
  });
});
