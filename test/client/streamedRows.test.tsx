/**
 * Search results whose rows are read as a stream (machines/session/streamedCall.ts): each piece's
 * rows show as it comes, the rest of the page still loading, and the read asks for streaming.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Frame } from '../../src/shared/protocol';
import type { SearchReply } from '../../src/shared/search/SearchQuery';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const contact = (i: number, first: string, last: string) => ({
  $id: `Contact-${i}`,
  _t: 'Contact',
  _i: i,
  _u: 1,
  _c: { ts: '2026-01-05T10:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: { [`Contact-${i}`]: `${first} ${last}` },
  firstName: first,
  lastName: last,
});
const PEOPLE = [contact(1, 'Mary', 'Thomas'), contact(2, 'Maria', 'Lopez'), contact(3, 'Marek', 'Nowak')];
const hits: SearchReply = {
  ids: PEOPLE.map((p) => p.$id),
  labels: Object.fromEntries(PEOPLE.map((p) => [p.$id, p.$labels[p.$id]!])),
  total: PEOPLE.length,
  facets: {},
};
const byId = (...people: typeof PEOPLE) => Object.fromEntries(people.map((p) => [p.$id, p]));

test('the rows of a page show piece by piece as the stream brings them', async () => {
  const h = renderApp({ signedIn: true, path: '/search?c0=mar' });
  h.server.handlers.set('search/ids', () => hits);
  h.server.handlers.set('readMany/object', (frame: Frame) => (frame.stream ? { streamKey: 'rows-1' } : byId(...PEOPLE)));
  const results = await screen.findByRole('region', { name: 'Search results' });
  await waitFor(() => expect(h.server.received.some((f) => f.o === 'readMany/object')).toBe(true));
  const read = h.server.received.find((f) => f.o === 'readMany/object')!;
  expect(read).toMatchObject({ b: PEOPLE.map((p) => p.$id), stream: true });
  // The key is known; nothing has come yet: every result is its label, loading.
  await waitFor(() => expect(within(results).getAllByText('Loading…')).toHaveLength(3));

  act(() => h.server.push({ o: 'stream:rows-1', b: { n: 1, piece: byId(PEOPLE[0]!), done: false } }));
  await waitFor(() => expect(within(results).getAllByText('Loading…')).toHaveLength(2));
  expect(within(results).getByRole('link', { name: /Mary Thomas/ })).toBeInTheDocument();
  expect(within(results).queryByRole('link', { name: /Maria Lopez/ })).not.toBeInTheDocument();

  act(() => h.server.push({ o: 'stream:rows-1', b: { n: 2, piece: byId(PEOPLE[1]!, PEOPLE[2]!), done: true } }));
  await waitFor(() => expect(within(results).queryAllByText('Loading…')).toHaveLength(0));
  expect(within(results).getByRole('link', { name: /Maria Lopez/ })).toBeInTheDocument();
  expect(within(results).getByRole('link', { name: /Marek Nowak/ })).toBeInTheDocument();
});

test('a stream that fails mid-way shows the error and keeps the rows that came', async () => {
  const h = renderApp({ signedIn: true, path: '/search?c0=mar' });
  h.server.handlers.set('search/ids', () => hits);
  h.server.handlers.set('readMany/object', () => ({ streamKey: 'rows-2' }));
  const results = await screen.findByRole('region', { name: 'Search results' });
  await waitFor(() => expect(within(results).getAllByText('Loading…')).toHaveLength(3));
  act(() => h.server.push({ o: 'stream:rows-2', b: { n: 1, piece: byId(PEOPLE[0]!), done: false } }));
  await waitFor(() => expect(within(results).getByRole('link', { name: /Mary Thomas/ })).toBeInTheDocument());
  act(() => h.server.push({ o: 'stream:rows-2', erred: true, b: { userMessage: 'queryTimeout', sysMessage: 'took too long' } }));
  expect(await screen.findByText(/This took too long and was stopped/)).toBeInTheDocument();
  expect(within(results).getByRole('link', { name: /Mary Thomas/ })).toBeInTheDocument();
});
