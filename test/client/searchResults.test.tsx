import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import type { SearchQuery, SearchReply } from '../../src/shared/search/SearchQuery';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const contact = (i: number, first: string, last: string) => ({
  $id: `Contact-${i}`,
  _t: 'Contact',
  _i: i,
  _u: 1,
  _c: { ts: '2026-01-0' + ((i % 9) + 1) + 'T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: { [`Contact-${i}`]: `${first} ${last}` },
  firstName: first,
  lastName: last,
});
const PEOPLE = [contact(1, 'Mary', 'Thomas'), contact(2, 'Maria', 'Lopez'), contact(3, 'Marek', 'Nowak')];

function start(answer: (q: SearchQuery) => SearchReply) {
  const h = renderApp({ signedIn: true, path: '/search?c0=mar' });
  h.server.handlers.set('search/ids', (frame: Frame) => answer(frame.b as SearchQuery));
  h.server.handlers.set('readMany/object', (frame: Frame) =>
    Object.fromEntries(PEOPLE.filter((p) => (frame.b as string[]).includes(p.$id)).map((p) => [p.$id, p])),
  );
  const searches = () => h.server.received.filter((f) => f.o === 'search/ids').map((f) => f.b as SearchQuery);
  return { ...h, searches, user: userEvent.setup() };
}

const all = (q: SearchQuery): SearchReply => {
  const people = q.sort?.[0]?.key === 'label' && q.sort[0].order === 'asc' ? [PEOPLE[2]!, PEOPLE[1]!, PEOPLE[0]!] : PEOPLE;
  return {
    ids: people.map((p) => p.$id),
    labels: Object.fromEntries(people.map((p) => [p.$id, p.$labels[p.$id]!])),
    total: people.length,
    facets: {
      _: [
        { key: 'Contact', count: 3 },
        { key: 'Organization', count: 0 },
      ],
      created: [
        { key: 'today', count: 0 },
        { key: 'before180', count: 3 },
      ],
    },
  };
};

test('searches the route text and lists the results; the facets narrow them', async () => {
  const t = start(all);
  const results = await screen.findByRole('region', { name: 'Search results' });
  expect(await within(results).findByText('Mary Thomas')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: '' })).toHaveTextContent('3 results');
  expect(t.searches()[0]).toMatchObject({ must: [{ kind: 'q', value: 'mar' }], sort: [{ key: 'created', order: 'desc' }] });
  const facets = screen.getByRole('complementary', { name: 'Facets' });
  // Empty buckets are left out.
  expect(within(facets).queryByText('Organisation')).not.toBeInTheDocument();
  await t.user.click(within(facets).getByRole('checkbox', { name: /Contact/ }));
  await t.user.click(within(facets).getByRole('checkbox', { name: /More than 180 days ago/ }));
  await waitFor(() =>
    expect(t.searches().at(-1)!.subs).toEqual([
      { should: [{ prop: '', kind: '_', value: 'Contact' }], facet: '_' },
      { should: [expect.objectContaining({ prop: 'created', kind: 'dr' })], facet: 'created' },
    ]),
  );
});

test('the table sorts by a clicked heading; the other displays show the results', async () => {
  const t = start(all);
  await screen.findByText('Mary Thomas');
  await t.user.click(screen.getByRole('button', { name: 'Table' }));
  const table = await screen.findByRole('table');
  await t.user.click(within(table).getByRole('button', { name: /Name/ }));
  await waitFor(() => expect(t.searches().at(-1)!.sort).toEqual([{ key: 'label', order: 'asc' }]));
  await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('link')[0]).toHaveTextContent('Marek Nowak'));
  expect(within(screen.getByRole('table')).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  for (const display of ['Cards', 'Timeline']) {
    await t.user.click(screen.getByRole('button', { name: display }));
    expect(await screen.findByText('Marek Nowak')).toBeInTheDocument();
    // A general search's cards say what each result is, capitalised like the table's type column and the facet.
    const card = screen.getAllByRole('article')[0]!;
    expect(within(card).getByText('Type').nextElementSibling).toHaveTextContent('Contact');
  }
  // Cards tell the age; the timeline shows the date instead.
  expect(within(screen.getAllByRole('article')[0]!).queryByText('Created')).not.toBeInTheDocument();
  await t.user.click(screen.getByRole('button', { name: 'Cards' }));
  expect(within((await screen.findAllByRole('article'))[0]!).getByText('Created')).toBeInTheDocument();
  await t.user.click(screen.getByRole('button', { name: 'Carousel' }));
  expect(await screen.findByText('1 of 3', { selector: 'p' })).toBeInTheDocument();
  await t.user.click(screen.getByRole('button', { name: 'Previous result' }));
  expect(await screen.findByText('3 of 3', { selector: 'p' })).toBeInTheDocument();
});

test('No results, and a failed search with a retry', async () => {
  const t = start(() => ({ ids: [], labels: {}, total: 0, facets: {} }));
  expect(await screen.findByText('No results', { selector: 'p' })).toBeInTheDocument();
  t.server.failures.set('search/ids', { userMessage: 'notAllowed' });
  await t.user.type(screen.getByRole('searchbox', { name: 'Search in results' }), 'y');
  expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('You may not do this.');
});
