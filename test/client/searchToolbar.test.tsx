/**
 * The results toolbar (issue 16): displays, facets, save and export as named icon buttons; on a
 * phone the facets wait in a drawer; the timeline groups by day; the carousel shows one large card
 * with its picture; the export sends the columns the person sees with their labels.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import type { SearchQuery, SearchReply } from '../../src/shared/search/SearchQuery';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(() => {
  cleanUpApps();
  Reflect.deleteProperty(window, 'matchMedia');
});

const org = (i: number, name: string, type: string, ts: string, extra: Record<string, unknown> = {}) => ({
  $id: `Organization-${i}`,
  _t: 'Organization',
  _i: i,
  _u: 1,
  _c: { ts, by: null },
  $access: 'PUBLIC',
  $labels: { [`Organization-${i}`]: name },
  displayName: name,
  type,
  ...extra,
});
const ORGS = [
  org(1, 'Lakeview First Nation', 'COMMUNITY', '2026-03-02T15:00:00Z', {
    attachments: [{ id: 'Attachment-9', uppyID: 'up-9', originalName: 'shore.jpg', size: 2048, kind: 'IMAGE', filetype: 'image/jpeg' }],
  }),
  org(2, 'Riverbend Council', 'GOVERNMENT', '2026-03-02T09:00:00Z'),
  org(3, 'Cedar Books', 'INDUSTRY', '2026-02-27T10:00:00Z'),
];

const answer = (): SearchReply => ({
  ids: ORGS.map((o) => o.$id),
  labels: Object.fromEntries(ORGS.map((o) => [o.$id, o.displayName])),
  total: ORGS.length,
  facets: { created: [{ key: 'before180', count: 3 }], type: [{ key: 'GOVERNMENT', count: 1 }] },
});

function start(path = '/search?c0=e') {
  const h = renderApp({ signedIn: true, path });
  h.server.handlers.set('search/ids', () => answer());
  h.server.handlers.set('readMany/object', (frame: Frame) =>
    Object.fromEntries(ORGS.filter((o) => (frame.b as string[]).includes(o.$id)).map((o) => [o.$id, o])),
  );
  h.server.handlers.set('act/csvExport/async', () => ({ key: 'task-1', started: '2026-03-03T10:00:00Z', percentageComplete: 0 }));
  const searches = () => h.server.received.filter((f) => f.o === 'search/ids').map((f) => f.b as SearchQuery);
  return { ...h, searches, user: userEvent.setup() };
}

/** A phone's width: the media query of the facets drawer matches. */
function phone() {
  const matchMedia = jest.fn((query: string) => ({
    matches: query.includes('max-width: 639px'),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
}

test('the toolbar names each icon button by its tooltip; a display button says whether it is chosen', async () => {
  const t = start();
  await screen.findByText('Lakeview First Nation');
  const displays = screen.getByRole('group', { name: 'Display as' });
  const names = within(displays)
    .getAllByRole('button')
    .map((b) => [b.getAttribute('aria-label'), b.getAttribute('title'), b.getAttribute('aria-pressed')]);
  expect(names).toEqual([
    ['List', 'List', 'true'],
    ['Table', 'Table', 'false'],
    ['Cards', 'Cards', 'false'],
    ['Timeline', 'Timeline', 'false'],
    ['Carousel', 'Carousel', 'false'],
  ]);
  for (const name of ['Facets', 'Save search', 'Export as CSV'])
    expect(screen.getByRole('button', { name })).toHaveAttribute('title', name);
  await t.user.click(within(displays).getByRole('button', { name: 'Table' }));
  expect(within(displays).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  // The facets button hides and shows the panel beside the results.
  expect(screen.getByRole('complementary', { name: 'Facets' })).toBeInTheDocument();
  await t.user.click(screen.getByRole('button', { name: 'Facets' }));
  expect(screen.queryByRole('complementary', { name: 'Facets' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Facets' })).toHaveAttribute('aria-pressed', 'false');
});

test('on a phone the facets open in a drawer, the results come first, and the button counts the chosen buckets', async () => {
  phone();
  const t = start();
  await screen.findByText('Lakeview First Nation');
  expect(screen.queryByRole('complementary', { name: 'Facets' })).not.toBeInTheDocument();
  const button = screen.getByRole('button', { name: 'Facets' });
  expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  await t.user.click(button);
  const drawer = await screen.findByRole('dialog', { name: 'Facets' });
  await t.user.click(within(drawer).getByRole('checkbox', { name: /More than 180 days ago/ }));
  await waitFor(() =>
    expect(t.searches().at(-1)!.subs).toEqual([{ should: [expect.objectContaining({ prop: 'created' })], facet: 'created' }]),
  );
  await t.user.click(within(drawer).getByRole('button', { name: 'Show results' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The focus is back on the button that opened the drawer, which now counts the choice.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Facets, 1 chosen' })).toHaveFocus());
});

test('the timeline lays the results on a line by day, each day labelled DD-MMM-YYYY once', async () => {
  const t = start();
  await screen.findByText('Lakeview First Nation');
  await t.user.click(screen.getByRole('button', { name: 'Timeline' }));
  const line = await screen.findByRole('list', { name: 'Timeline' });
  await within(line).findByText('Cedar Books');
  const items = within(line).getAllByRole('listitem');
  const dates = items.map((li) => li.querySelector('time'));
  expect(dates.map((d) => d?.textContent)).toEqual(['02-Mar-2026', '02-Mar-2026', '27-Feb-2026']);
  // The second result of a day repeats its date to screen readers only.
  expect(dates.map((d) => d?.className.includes('sr-only'))).toEqual([false, true, false]);
  // A general search's card says what kind of item it is.
  expect(within(items[1]!).getByText('Type').nextElementSibling).toHaveTextContent('Organisation');
});

test('the carousel shows one large card with its picture, and steps with the buttons and the arrow keys', async () => {
  const t = start();
  await screen.findByText('Lakeview First Nation');
  await t.user.click(screen.getByRole('button', { name: 'Carousel' }));
  const slide = await screen.findByRole('group', { name: '1 of 3' });
  expect(within(slide).getByRole('heading', { name: 'Lakeview First Nation' })).toBeInTheDocument();
  expect(slide.querySelector('img')).toHaveAttribute('src', '/attachment/up-9?variant=small');
  await t.user.click(screen.getByRole('button', { name: 'Next result' }));
  const second = await screen.findByRole('group', { name: '2 of 3' });
  expect(within(second).getByRole('heading', { name: 'Riverbend Council' })).toBeInTheDocument();
  // No image: the organisation's icon stands in its place.
  expect(second.querySelector('img')).toBeNull();
  act(() => within(second).getByRole('link', { name: 'Riverbend Council' }).focus());
  await t.user.keyboard('{ArrowRight}');
  expect(await screen.findByRole('group', { name: '3 of 3' })).toBeInTheDocument();
});

test('Export sends the columns of the table with their headings and the labels of their values', async () => {
  const t = start();
  await screen.findByText('Lakeview First Nation');
  await t.user.click(screen.getByRole('button', { name: 'Export as CSV' }));
  await waitFor(() => expect(t.server.received.some((f) => f.o === 'act/csvExport/async')).toBe(true));
  const body = t.server.received.find((f) => f.o === 'act/csvExport/async')!.b as {
    columns: { key: string; title: string; values?: Record<string, string> }[];
    locale: string;
  };
  expect(body.locale).toBe('en');
  expect(body.columns.map((c) => [c.key, c.title])).toEqual([
    ['label', 'Name'],
    ['type', 'Type'],
    ['created', 'Created'],
  ]);
  expect(body.columns[1]!.values).toMatchObject({ Organization: 'Organisation', Contact: 'Contact', LOVValue: 'List value' });
});

test("narrowed to one type, the table shows that type's columns with labels, and the export sends them", async () => {
  const t = start('/search?c0=e&c0._=Organization&c0.display=table');
  const table = await screen.findByRole('table');
  await within(table).findByText('Government');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim()),
  ).toEqual(['Display name', 'Type', 'Created']);
  await t.user.click(screen.getByRole('button', { name: 'Export as CSV' }));
  await waitFor(() => expect(t.server.received.some((f) => f.o === 'act/csvExport/async')).toBe(true));
  const body = t.server.received.find((f) => f.o === 'act/csvExport/async')!.b as {
    itemTypeName: string;
    columns: { key: string; title: string; values?: Record<string, string> }[];
  };
  expect(body.itemTypeName).toBe('Organization');
  expect(body.columns.map((c) => [c.key, c.title])).toEqual([
    ['displayName', 'Display name'],
    ['type', 'Type'],
    ['created', 'Created'],
  ]);
  expect(body.columns[1]!.values).toMatchObject({ GOVERNMENT: 'Government', COMMUNITY: 'Community', INDUSTRY: 'Industry' });
});
