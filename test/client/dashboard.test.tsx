/**
 * The home screen as the user's dashboard, with the example journal registered: its calendar card
 * ("Entries by date") and list card ("Recent entries") search through the session's connection,
 * show what they found as labels and DD-MMM-YYYY dates, turn to other months, and follow their type
 * live: an entry someone else creates (an `item/update` push of the type watch) shows at once.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { bundledMessages } from '../../src/client/i18n/createAppIntl';
import { modules } from '../../src/modules';
import { dashboardCards } from '../../src/shared/dashboard/dashboardCards';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/client', () => jest.requireActual('../support/exampleModule/withJournal').clientsWithJournal());

afterEach(cleanUpApps);

const thisMonth = format(new Date(), 'yyyy-MM');
const day = (d: number) => `${thisMonth}-${String(d).padStart(2, '0')}`;
const entry = (i: number, title: string, date: string) => ({
  $id: `JournalEntry-${i}`,
  _t: 'JournalEntry',
  _i: i,
  _u: 1,
  _c: { ts: `${date}T10:00:00Z`, by: null },
  $access: 'PUBLIC' as const,
  $labels: {},
  title,
  date,
});
type Entry = ReturnType<typeof entry>;

interface Query {
  must: Record<string, unknown>;
  sort: { key: string; order: string }[];
  max: number;
}

/** Answers the journal's searches from `entries` as the server would: by month for the calendar, newest first for the list. */
function serveJournal(h: AppHarness, entries: Entry[]): void {
  h.server.seedItems(...entries);
  h.server.handlers.set('search/ids', (frame: Frame) => {
    const q = frame.b as Query;
    if (q.must._ !== 'JournalEntry') return { ids: [], labels: {}, total: 0, facets: {} };
    const range = q.must['dr-date'] as { from: string; to: string } | undefined;
    const hits = entries
      .filter((e) => !range || (e.date >= range.from && e.date <= range.to))
      .sort((a, b) => (range ? a.date.localeCompare(b.date) : b._i - a._i));
    const shown = hits.slice(0, q.max);
    return { ids: shown.map((e) => e.$id), labels: Object.fromEntries(shown.map((e) => [e.$id, e.title])), total: hits.length, facets: {} };
  });
}

const card = (name: string) => screen.getByRole('region', { name });
const searches = (h: AppHarness) => h.server.received.filter((f) => f.o === 'search/ids');

describe('the dashboard on the home screen', () => {
  it('greets the user above the journal cards, which show the entries by label and date', async () => {
    const h = renderApp({ signedIn: true });
    serveJournal(h, [entry(1, 'Moose tracks', day(4)), entry(2, 'Herons nesting', day(4)), entry(3, 'First frost', day(20))]);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    const recent = await screen.findByRole('region', { name: 'Recent entries' });
    await within(recent).findByRole('link', { name: 'First frost' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['First frost', 'Herons nesting', 'Moose tracks']);
    expect(links[0]).toHaveAttribute('href', '/i-JournalEntry-3');
    expect(within(recent).getByText(format(new Date(`${day(20)}T00:00:00`), 'dd-MMM-yyyy'))).toBeInTheDocument();
    const calendar = card('Entries by date');
    const fourth = await waitFor(() => {
      const cell = calendar.querySelector(`td[data-day="${day(4)}"]`) as HTMLElement;
      expect(
        within(cell)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Moose tracks', 'Herons nesting']);
      return cell;
    });
    expect(within(fourth).getByText(format(new Date(`${day(4)}T00:00:00`), 'dd-MMM-yyyy'))).toBeInTheDocument();
    expect(within(calendar).getByRole('table', { name: `Entries by date: ${format(new Date(), 'MMMM yyyy')}` })).toBeInTheDocument();
    // Each card watched its type once.
    expect(h.server.received.filter((f) => f.o === 'addWatch/JournalEntry-0')).toHaveLength(2);
  });

  it('a calendar card turns to the next month and back, asking the server for that month', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    serveJournal(h, [entry(1, 'Moose tracks', day(4))]);
    const calendar = await screen.findByRole('region', { name: 'Entries by date' });
    // On its day in the grid, and in the list the card shows instead when its column is narrow (jsdom draws both).
    expect(await within(calendar).findAllByRole('link', { name: 'Moose tracks' })).toHaveLength(2);
    expect(within(calendar).queryByRole('button', { name: 'This month' })).not.toBeInTheDocument();
    await user.click(within(calendar).getByRole('button', { name: 'Next month' }));
    const next = format(new Date(new Date().getFullYear(), new Date().getMonth() + 1, 1), 'yyyy-MM');
    await waitFor(() => expect((searches(h).at(-1)?.b as Query).must['dr-date']).toMatchObject({ from: `${next}-01` }));
    expect(
      await within(calendar).findByText(`Nothing dated in ${format(new Date(`${next}-01T00:00:00`), 'MMMM yyyy')}.`),
    ).toBeInTheDocument();
    expect(within(calendar).queryByRole('link', { name: 'Moose tracks' })).not.toBeInTheDocument();
    await user.click(within(calendar).getByRole('button', { name: 'This month' }));
    expect(await within(calendar).findAllByRole('link', { name: 'Moose tracks' })).toHaveLength(2);
  });

  it('shows an entry created elsewhere as soon as the type watch pushes it', async () => {
    const h = renderApp({ signedIn: true });
    const entries = [entry(1, 'Moose tracks', day(4))];
    serveJournal(h, entries);
    const recent = await screen.findByRole('region', { name: 'Recent entries' });
    await within(recent).findByRole('link', { name: 'Moose tracks' });
    await waitFor(() => expect(h.server.received.filter((f) => f.o === 'addWatch/JournalEntry-0')).toHaveLength(2));
    const swans = entry(2, 'Swans arrived', day(5));
    entries.push(swans);
    h.server.seedItems(swans);
    h.server.push({ o: 'item/update', b: swans });
    expect(await within(recent).findByRole('link', { name: 'Swans arrived' })).toBeInTheDocument();
    const calendar = card('Entries by date');
    expect(await within(calendar).findAllByRole('link', { name: 'Swans arrived' })).toHaveLength(2);
    // A push of another type leaves the cards as they are.
    const asked = searches(h).length;
    h.server.push({ o: 'item/update', b: { ...swans, $id: 'Contact-9', _t: 'Contact' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(searches(h)).toHaveLength(asked);
  });

  it('says why a card could not load and loads it again on request', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    h.server.failures.set('search/ids', { userMessage: 'queryTimeout' });
    const recent = await screen.findByRole('region', { name: 'Recent entries' });
    expect(await within(recent).findByRole('alert')).toHaveTextContent(/./);
    h.server.failures.delete('search/ids');
    serveJournal(h, [entry(1, 'Moose tracks', day(4))]);
    await user.click(within(recent).getByRole('button', { name: 'Try again' }));
    expect(await within(recent).findByRole('link', { name: 'Moose tracks' })).toBeInTheDocument();
    expect(within(recent).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an empty list card says so in its own words', async () => {
    const h = renderApp({ signedIn: true });
    serveJournal(h, []);
    const recent = await screen.findByRole('region', { name: 'Recent entries' });
    expect(await within(recent).findByText('No entries yet.')).toBeInTheDocument();
  });

  it('every registered card has its title and empty message in the first download, with no key defined twice', () => {
    const messages = bundledMessages();
    const cards = [...dashboardCards().values()].map((c) => c.def);
    expect(cards.map((c) => c.key)).toEqual(modules.flatMap((m) => m.cards ?? []).map((c) => c.key));
    expect(cards.map((c) => c.key)).toEqual(expect.arrayContaining(['journal.calendar', 'journal.recent', 'orgs.meetings']));
    const keys = cards.flatMap((c) => [c.title, ...(c.empty ? [c.empty] : [])]);
    expect(keys.filter((key) => !Object.hasOwn(messages, key))).toEqual([]);
  });
});
