import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import type { Filter, SearchQuery, SearchReply } from '../../src/shared/search/SearchQuery';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const created = { ts: '2026-03-02T10:00:00Z', by: null };
const ITEMS: { $id: string; $labels: Record<string, string>; [prop: string]: unknown }[] = [
  {
    $id: 'SystemAlert-1',
    _t: 'SystemAlert',
    _i: 1,
    _u: 1,
    _c: created,
    $access: 'PUBLIC',
    $labels: { 'SystemAlert-1': 'Maintenance tonight' },
    title: 'Maintenance tonight',
  },
  {
    $id: 'Contact-2',
    _t: 'Contact',
    _i: 2,
    _u: 1,
    _c: created,
    $access: 'PROTECTED',
    $labels: { 'Contact-2': 'Mary Thomas' },
    firstName: 'Mary',
    lastName: 'Thomas',
  },
];

function start(admin: boolean) {
  const h = renderApp({ signedIn: true, path: '/admin.all-items', user: { admin } });
  h.server.handlers.set('search/ids', (frame: Frame): SearchReply => {
    const text = ((frame.b as SearchQuery).must as Filter[]).find((f) => f.kind === 'q')?.value;
    const found = text ? ITEMS.filter((i) => i.$labels[i.$id]!.toLowerCase().includes(String(text).toLowerCase())) : ITEMS;
    return {
      ids: found.map((i) => i.$id),
      labels: Object.fromEntries(found.map((i) => [i.$id, i.$labels[i.$id]!])),
      total: found.length,
      facets: {},
    };
  });
  h.server.handlers.set('readMany/object', (frame: Frame) =>
    Object.fromEntries(ITEMS.filter((i) => (frame.b as string[]).includes(i.$id)).map((i) => [i.$id, i])),
  );
  const searches = () => h.server.received.filter((f) => f.o === 'search/ids').map((f) => f.b as SearchQuery);
  return { ...h, searches, user: userEvent.setup() };
}

test('an administrator sees items of every type in a table, those general search leaves out too, and searches them', async () => {
  const t = start(true);
  const table = await screen.findByRole('table', {}, { timeout: 5000 });
  await waitFor(() =>
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Maintenance tonight', 'Mary Thomas']),
  );
  const typeFilter = (t.searches()[0]!.must as Filter[]).find((f) => f.kind === '_');
  expect(typeFilter?.value).toEqual(expect.arrayContaining(['SystemAlert', 'Notify', 'SavedSearch', 'Contact']));

  await t.user.type(screen.getByRole('searchbox'), 'mary');
  await waitFor(
    () =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Mary Thomas']),
    { timeout: 5000 },
  );
  // Every search keeps to every type; the text is the column's route parameter.
  expect((t.searches().at(-1)!.must as Filter[]).map((f) => f.kind).sort()).toEqual(['_', 'q']);
  await waitFor(() => expect(window.location.search).toBe('?c0=mary'));
});

test('others are told the screen is not theirs, and shown no items', async () => {
  start(false);
  expect(await screen.findByRole('heading', { level: 3, name: 'You cannot use this page' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByText('Maintenance tonight')).not.toBeInTheDocument();
});
