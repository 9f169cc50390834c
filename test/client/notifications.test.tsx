import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Frame } from '../../src/shared/protocol';
import type { ProtocolServer } from './support/protocolServer';
import { cleanUpApps, renderApp, type RenderOptions } from './support/renderApp';
import { buildContact, serveItems } from './support/renderInSession';

// The example journal stands for any module: its transition kinds are registered.
jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());

// The socket handshake and the reads take longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanUpApps);

interface StoredNote {
  index: number;
  context: string;
  label: string;
  kind: string;
  unread: boolean;
  /** The event the server sends with it (`$event`), as the timeline has it. */
  event?: TimelineEvent;
}

/** The notification operations as the real server answers them, over a list the test holds. */
function serveNotifications(server: ProtocolServer, notes: StoredNote[]) {
  const present = (n: StoredNote) => ({
    $id: `Notify-${n.index}`,
    _t: 'Notify',
    _u: 1,
    _c: { ts: new Date(Date.now() - 60_000).toISOString(), by: 'User-1' },
    $kind: n.kind,
    $context: { id: n.context },
    unread: n.unread,
    $labels: { [n.context]: n.label },
    ...(n.event ? { $event: n.event } : {}),
  });
  const newest = () => [...notes].sort((a, b) => b.index - a.index);
  const pairs = () =>
    newest()
      .filter((n) => n.unread)
      .map((n) => [n.index, n.context]);
  server.handlers.set('act/markNotifications', (frame: Frame) => {
    const { indexes, asUnread } = frame.b as { indexes: number[]; asUnread?: boolean };
    for (const n of notes) if (indexes.includes(n.index)) n.unread = asUnread === true;
    return { notifyPairs: pairs() };
  });
  server.handlers.set('act/fetchNotifications', (frame: Frame) => {
    const { ids, max } = (frame.b ?? {}) as { ids?: number[]; max?: number };
    const chosen = ids ? newest().filter((n) => ids.includes(n.index)) : newest().slice(0, max ?? 50);
    return chosen.map(present);
  });
  const marks = () =>
    server.received.filter((f) => f.o === 'act/markNotifications' && (f.b as { indexes: number[] }).indexes.length > 0).map((f) => f.b);
  return { marks };
}

const note = (index: number, label: string, unread = true, kind = 'updated'): StoredNote => ({
  index,
  context: `Contact-${index}`,
  label,
  kind,
  unread,
});

async function setUp(notes: StoredNote[], options: RenderOptions = {}) {
  const user = userEvent.setup();
  const h = renderApp({ signedIn: true, ...options });
  const served = serveNotifications(h.server, notes);
  serveItems(
    h,
    notes.map((n) => buildContact(n.index, { $labels: { [n.context]: n.label } })),
  );
  return { h, user, ...served };
}

describe('notification bell', () => {
  it('shows the unread count, lists the first five unread and opens one beside the list, marked read', async () => {
    const notes = [1, 2, 3, 4, 5, 6].map((i) => note(i, `Contact ${i}`)).concat(note(7, 'Old one', false));
    const t = await setUp(notes);
    const bell = await screen.findByRole('button', { name: 'Notifications, 6 unread' });
    await t.user.click(bell);
    const menu = await screen.findByRole('menu');
    const entries = within(menu)
      .getAllByRole('menuitem')
      .map((e) => e.textContent);
    expect(entries).toEqual([
      'Contact 6 was changed',
      'Contact 5 was changed',
      'Contact 4 was changed',
      'Contact 3 was changed',
      'Contact 2 was changed',
      'View all',
    ]);
    await t.user.click(within(menu).getByRole('menuitem', { name: 'Contact 5 was changed' }));
    await waitFor(() => expect(window.location.pathname).toBe('/notifications/i-Contact-5'));
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
    expect(t.marks()).toEqual([{ indexes: [5] }]);
    expect(await screen.findByText('ann@example.org')).toBeInTheDocument();
  });

  it('counts a notification pushed by the server at once', async () => {
    const notes = [note(1, 'First')];
    const t = await setUp(notes);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    notes.push(note(2, 'Pushed item', true, 'created'));
    act(() => t.h.server.push({ o: 'item/notify', b: { index: 2, context: 'Contact-2', kind: 'created', unread: true } }));
    await t.user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: 'Pushed item was created' })).toBeInTheDocument();
  });

  it('says when nothing is unread, and offers the active system alerts', async () => {
    const t = await setUp([]);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(t.h.server.connected).toBe(1));
    act(() => t.h.server.push({ o: 'sysAlerts', b: [{ id: 'a1', title: 'Maintenance', message: 'Down at noon.', modal: false }] }));
    await t.user.click(bell);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('No unread notifications');
    await t.user.click(await within(menu).findByRole('menuitem', { name: '1 system alert' }));
    const alerts = await screen.findByRole('region', { name: 'System alerts' });
    expect(alerts).toHaveTextContent('Maintenance');
    expect(alerts).toHaveTextContent('Down at noon.');
    expect(screen.getByText(/No notifications yet/)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/notifications');
  });
});

describe('notifications of events', () => {
  const ts = new Date(Date.now() - 3_600_000).toISOString();
  const when = format(new Date(ts), 'dd-MMM-yyyy HH:mm');
  const event = (over: Partial<TimelineEvent>): TimelineEvent => ({
    kind: 'updated',
    u: 2,
    ts,
    by: 'User-1',
    masquerader: null,
    changed: [],
    labels: { 'User-1': 'Ada Lovelace' },
    ...over,
  });
  const notes = (): StoredNote[] => [
    {
      ...note(1, 'Geese'),
      kind: 'state.entry.publish',
      event: event({ kind: 'state.entry.publish', context: 'Contact-1', from: 'SUBMITTED', to: 'PUBLISHED' }),
    },
    {
      ...note(2, 'Heron'),
      kind: 'CKK1_STEP_ASSIGNED',
      event: event({ kind: 'CKK1_STEP_ASSIGNED', context: 'Contact-2', by: 'User-5', labels: {} }),
    },
  ];
  const expected = [`Someone: step assigned (Heron, ${when})`, `Ada Lovelace published Geese (Submitted → Published) on ${when}`];

  it('say each event in the list as the timeline does, never a raw kind', async () => {
    await setUp(notes(), { path: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(expected),
    );
  });

  it("say each event in the bell's menu", async () => {
    const t = await setUp(notes());
    await t.user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((e) => e.textContent),
      ).toEqual([...expected, 'View all']),
    );
  });
});

describe('/notifications', () => {
  it('lists newest first and toggles read and unread; mark all read clears the badge', async () => {
    const t = await setUp([note(1, 'Alpha', false), note(2, 'Beta'), note(3, 'Gamma')], { path: '/notifications' });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = () => within(list).getAllByRole('listitem');
    await waitFor(() =>
      expect(items().map((li) => within(li).getByRole('link').textContent)).toEqual([
        'Gamma was changed',
        'Beta was changed',
        'Alpha was changed',
      ]),
    );
    expect(within(items()[2]!).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(items()[0]!).getByText('Unread')).toBeInTheDocument();

    await t.user.click(within(items()[2]!).getByRole('button', { name: 'Mark unread' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    await t.user.click(within(items()[0]!).getByRole('button', { name: 'Mark read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(t.marks()).toEqual([{ indexes: [1], asUnread: true }, { indexes: [3] }]);

    await t.user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(list).queryAllByText('Unread')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('shows more on demand', async () => {
    const many = Array.from({ length: 25 }, (_, i) => note(i + 1, `Item ${i + 1}`, false));
    const t = await setUp(many, { path: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    await t.user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
