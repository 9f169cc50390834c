import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { getRouter } from '../../machines/systemIds';
import { TimelineView } from '../../src/client/views/TimelineView';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';
import { buildContact, openCell, renderInSession, serveItems } from './support/renderInSession';

// The example journal stands for any module: its transitions and its own event kinds are registered.
jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());

// The socket handshake and the reads take longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanUpApps);

const HOUR = 3_600_000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
/** A time as the app shows dates (spec 000 §9: DD-MMM-YYYY HH:mm, the reader's zone). */
const shown = (iso: string) => format(new Date(iso), 'dd-MMM-yyyy HH:mm');

async function setUp(events: (h: AppHarness) => unknown, options: { refusal?: string; orphan?: boolean } = {}) {
  const h = renderApp({ signedIn: true, path: '/i-Contact-3/timeline' });
  const contact = buildContact(3, { $labels: { 'Contact-3': 'Ann Smith', 'User-1': 'Ada Lovelace', 'User-2': 'Bob Admin' } });
  serveItems(h, [contact]);
  h.server.handlers.set('timeline/Contact-3', () => events(h));
  if (options.refusal) h.server.failures.set('timeline/Contact-3', { userMessage: options.refusal });
  await openCell(h, '/i-Contact-3/timeline', 'i-Contact-3');
  const router = getRouter(h.session.system)!;
  const entry = router.getSnapshot().context.cells.find((c) => c.spec.parentKey === 'i-Contact-3');
  if (!entry) throw new Error('no timeline cell');
  // The column layout draws the timeline as the item's child column; an orphan is drawn on its own.
  const container = options.orphan
    ? renderInSession(h, <TimelineView cell={entry.ref} spec={entry.spec} parent={null} />).container
    : await screen.findByRole('region', { name: 'Timeline' });
  return { h, contact, in: within(container) };
}

describe('timeline view', () => {
  it('names changed properties by their labels and someone the reader may not read generically, never by key or id', async () => {
    const t = await setUp(() => [
      { kind: 'updated', u: 2, ts: at(HOUR), by: 'User-9', masquerader: null, changed: ['middleName', '_related', 'gone'] },
    ]);
    const list = await t.in.findByRole('list', { name: 'Timeline' });
    const [entry] = within(list).getAllByRole('listitem');
    expect(entry).toHaveTextContent('Changed properties: Middle name, Organisations, another property');
    expect(entry).toHaveTextContent('bySomeone');
    expect(entry).not.toHaveTextContent(/middleName|_related|User-9/);
    expect(within(entry!).queryByRole('link', { name: /User-9|Someone/ })).toBeNull();
  });

  it('lists who changed what and when, newest first', async () => {
    const created = at(400 * 24 * HOUR);
    const updated = at(3 * HOUR);
    const t = await setUp(() => [
      { kind: 'created', u: 1, ts: created, by: 'User-1', masquerader: null, changed: ['firstName', 'lastName'] },
      { kind: 'updated', u: 2, ts: updated, by: 'User-1', masquerader: 'User-2', changed: ['email'] },
    ]);
    const list = await t.in.findByRole('list', { name: 'Timeline' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(`Ada Lovelace changed Ann Smith on ${shown(updated)}`);
    expect(entries[0]).toHaveTextContent('3 hours ago');
    expect(within(entries[0]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/i-User-1');
    expect(entries[0]).toHaveTextContent('masqueraded by');
    expect(within(entries[0]!).getByRole('link', { name: 'Bob Admin' })).toBeInTheDocument();
    expect(entries[0]).toHaveTextContent('Changed property: E-mail');
    expect(entries[1]).toHaveTextContent(`Ada Lovelace created Ann Smith on ${shown(created)}`);
    expect(entries[1]).toHaveTextContent('1 year ago');
    expect(entries[1]).toHaveTextContent('Changed properties: First name, Last name');
    expect(t.h.server.received.filter((f) => f.o === 'timeline/Contact-3')).toHaveLength(1);
  });

  it("says a module's transitions with their states' labels, the items an event concerns by label, and a kept CKK1_ kind by the fallback", async () => {
    const ts = at(2 * HOUR);
    const base = { ts, masquerader: null, changed: [], context: 'Contact-3' };
    const t = await setUp(() => [
      { ...base, kind: 'state.entry.submit', u: 2, by: 'User-1', changed: ['state'], from: 'DRAFT', to: 'SUBMITTED' },
      // Someone the reader may not read, and an item they may not read: the server sends no label for either.
      { ...base, kind: 'journal.linked', u: 2, by: 'User-9', also: ['Contact-4', 'Contact-99'], labels: { 'Contact-4': 'Bea Jones' } },
      { ...base, kind: 'CKK1_MEETING_SCHEDULED', u: 2, by: 'User-2' },
      { ...base, kind: 'orgs.somethingUnheardOf', u: 2, by: 'User-1' },
    ]);
    const entries = within(await t.in.findByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(entries.map((e) => e.querySelector('p')?.textContent)).toEqual([
      `Ada Lovelace changed Ann Smith on ${shown(ts)}`,
      `Bob Admin: meeting scheduled (Ann Smith, ${shown(ts)})`,
      `Someone linked Ann Smith to Bea Jones, an item on ${shown(ts)}`,
      `Ada Lovelace submitted Ann Smith for review (Draft → Submitted) on ${shown(ts)}`,
    ]);
    // Never an id, never a raw key.
    for (const entry of entries) expect(entry.querySelector('p')?.textContent).not.toMatch(/Contact-99|User-9|events\.|CKK1_/);
  });

  it('says so when nothing happened yet', async () => {
    const t = await setUp(() => []);
    expect(await t.in.findByText('Nothing has happened to this item yet.')).toBeInTheDocument();
  });

  it('is fetched again when the item changes on the server', async () => {
    let version = 1;
    const t = await setUp(() =>
      Array.from({ length: version }, (_, i) => ({
        kind: i === 0 ? 'created' : 'updated',
        u: i + 1,
        ts: at(HOUR),
        by: 'User-1',
        masquerader: null,
        changed: ['lastName'],
      })),
    );
    await t.in.findByRole('list', { name: 'Timeline' });
    await waitFor(() => expect(t.h.server.received.some((f) => f.o === 'addWatch/Contact-3/1')).toBe(true));
    version = 2;
    act(() => t.h.server.push({ o: 'item/update', b: { ...t.contact, _u: 2, lastName: 'Jones' } }));
    await waitFor(() => expect(t.in.getAllByRole('listitem')).toHaveLength(2));
    expect(t.h.server.received.filter((f) => f.o === 'timeline/Contact-3')).toHaveLength(2);
  });

  it('shows a refusal as its message', async () => {
    const t = await setUp(() => [], { refusal: 'notAllowed' });
    expect(await t.in.findByRole('alert')).toHaveTextContent('You may not do this.');
    expect(t.in.queryByRole('list')).not.toBeInTheDocument();
  });

  it('explains itself without an item to its left, and names its column', async () => {
    const t = await setUp(() => [], { orphan: true });
    expect(t.in.getByText('The timeline belongs to an item: open it from the item.')).toBeInTheDocument();
    const router = getRouter(t.h.session.system)!;
    const cell = router.getSnapshot().context.cells.find((c) => c.spec.parentKey === 'i-Contact-3')!;
    await waitFor(() => expect(cell.ref.getSnapshot().context.title).toBe('Timeline'));
  });
});
