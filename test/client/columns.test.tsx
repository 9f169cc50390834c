import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

const contact = (index: number, lastName: string, extra: Record<string, unknown> = {}) => ({
  $id: `Contact-${index}`,
  _t: 'Contact',
  _i: index,
  _u: 1,
  _c: { ts: '2026-01-05T10:00:00.000Z', by: 'User-1' },
  $access: 'PROTECTED',
  $labels: { [`Contact-${index}`]: `Ann ${lastName}` },
  firstName: 'Ann',
  lastName,
  ...extra,
});

/** Serves `read/{id}` and `addWatch/{id}/{u}` for the given items. */
function serveItems(h: AppHarness, items: ReturnType<typeof contact>[]): void {
  for (const item of items) {
    h.server.handlers.set(`read/${item.$id}`, () => item);
    h.server.handlers.set(`addWatch/${item.$id}/${item._u}`, () => null);
  }
}

/** Multi-column mode needs a medium or larger screen. */
function wideScreen(matches: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
  });
}

// The columns: the regions of the column strip (an item's related lists are regions inside them).
const columns = () => screen.getAllByRole('region').filter((region) => region.hasAttribute('data-cell'));
const toolbarTitles = () => columns().map((column) => within(column).getByRole('heading', { level: 2 }).textContent);

afterEach(() => {
  cleanUpApps();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('column layout', () => {
  it('shows the home view as one column whose title is the document title', async () => {
    renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(toolbarTitles()).toEqual(['Home']);
    expect(document.title).toMatch(/^Home · /);
    // The home column is the root of every path: it has no close button.
    expect(within(columns()[0]!).queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
  });

  it('opens items side by side in multi-column mode on a wide screen, titled by their labels', async () => {
    wideScreen(true);
    // The user's multi-column setting is on (the session's default).
    const h = renderApp({ signedIn: true, path: '/i-Contact-1/i-Contact-2/i-Contact-3' });
    serveItems(h, [contact(1, 'One'), contact(2, 'Two'), contact(3, 'Three')]);
    await waitFor(() => expect(toolbarTitles()).toEqual(['Ann One', 'Ann Two', 'Ann Three']));
    expect(document.title).toMatch(/^Ann Three · /);
    const trail = screen.getByRole('navigation', { name: 'Open columns' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann One/', 'Ann Two/', 'Ann Three']);
    // Each item is read once and watched while open: the watch follows the read's answer.
    await waitFor(() => expect(h.server.received.some((f) => f.o === 'addWatch/Contact-2/1')).toBe(true));
    expect(h.server.received.filter((f) => f.o === 'read/Contact-2')).toHaveLength(1);
  });

  it('shows only the focused column with Back to its parent when multi-column mode is off', async () => {
    const user = userEvent.setup();
    wideScreen(true);
    const h = renderApp({ signedIn: true, path: '/i-Contact-1/i-Contact-2', user: { multiColumns: false } });
    serveItems(h, [contact(1, 'One'), contact(2, 'Two')]);
    await waitFor(() => expect(toolbarTitles()).toEqual(['Ann Two']));
    await user.click(screen.getByRole('button', { name: 'Back to Ann One' }));
    await waitFor(() => expect(toolbarTitles()).toEqual(['Ann One']));
    expect(window.location.pathname).toBe('/i-Contact-1');
    // The closed item is no longer watched.
    await waitFor(() => expect(h.server.received.some((f) => f.o === 'removeWatch/Contact-2')).toBe(true));
  });

  it('closes a column and the deeper ones with its close button', async () => {
    const user = userEvent.setup();
    wideScreen(true);
    const h = renderApp({ signedIn: true, path: '/i-Contact-1/i-Contact-2/i-Contact-3' });
    serveItems(h, [contact(1, 'One'), contact(2, 'Two'), contact(3, 'Three')]);
    await waitFor(() => expect(toolbarTitles()).toHaveLength(3));
    await user.click(await screen.findByRole('button', { name: 'Close Ann Two' }));
    await waitFor(() => expect(toolbarTitles()).toEqual(['Ann One']));
    expect(window.location.pathname).toBe('/i-Contact-1');
  });

  it('expands a column to the full width and shrinks it back', async () => {
    const user = userEvent.setup();
    wideScreen(true);
    const h = renderApp({ signedIn: true, path: '/i-Contact-1/i-Contact-2' });
    serveItems(h, [contact(1, 'One'), contact(2, 'Two')]);
    await waitFor(() => expect(toolbarTitles()).toHaveLength(2));
    const second = columns()[1]!;
    await user.click(within(second).getByRole('button', { name: 'Expand' }));
    expect(second.className).toContain('md:basis-full');
    await user.click(within(second).getByRole('button', { name: 'Shrink' }));
    expect(second.className).toContain('md:basis-1/2');
  });

  it('shows a refused item in the warning box with its system message', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, path: '/i-Contact-9' });
    h.server.failures.set('read/Contact-9', { userMessage: 'notAllowed', sysMessage: 'Contact-9 is PRIVATE' });
    await screen.findByRole('alert');
    expect(screen.getByRole('alert')).toHaveTextContent('You may not do this.');
    await user.click(screen.getByRole('button', { name: 'System message' }));
    expect(await screen.findByRole('dialog', { name: 'System message' })).toHaveTextContent('Contact-9 is PRIVATE');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(h.server.received.filter((f) => f.o === 'read/Contact-9')).toHaveLength(2));
  });

  it('marks an item that was deleted elsewhere', async () => {
    const h = renderApp({ signedIn: true, path: '/i-Contact-1' });
    serveItems(h, [contact(1, 'One')]);
    await waitFor(() => expect(toolbarTitles()).toEqual(['Ann One']));
    act(() => h.server.push({ o: 'item/update', b: { ...contact(1, 'One'), _u: 2, $deleted: true } }));
    expect(await screen.findByText('This item was deleted.')).toBeInTheDocument();
  });

  it('replaces the focused item with a change made elsewhere and says so', async () => {
    const h = renderApp({ signedIn: true, path: '/i-Contact-1' });
    serveItems(h, [contact(1, 'One')]);
    await waitFor(() => expect(toolbarTitles()).toEqual(['Ann One']));
    await waitFor(() => expect(h.server.received.some((f) => f.o === 'addWatch/Contact-1/1')).toBe(true));
    act(() => h.server.push({ o: 'item/update', b: { ...contact(1, 'Uno'), _u: 2, $labels: { 'Contact-1': 'Ann Uno' } } }));
    await waitFor(() => expect(toolbarTitles()).toEqual(['Ann Uno']));
    expect(await screen.findByText('This item was changed on the server.')).toBeInTheDocument();
  });

  it('warns about a path segment that names no cell', async () => {
    renderApp({ signedIn: true, path: '/i-Contact-1/not a cell' });
    expect(await screen.findByText('This address is not valid: not a cell')).toBeInTheDocument();
  });
});
