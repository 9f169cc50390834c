import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { SEARCH_DEBOUNCE_MS } from '../../machines/search/searchBarMachine';
import type { Frame } from '../../src/shared/protocol';
import type { SearchReply } from '../../src/shared/search/SearchQuery';
import { cleanUpApps, renderApp } from './support/renderApp';
import { ReplyRefusal } from './support/protocolServer';

afterEach(cleanUpApps);

const reply = (hits: Record<string, string>): SearchReply => ({
  ids: Object.keys(hits),
  labels: hits,
  total: Object.keys(hits).length,
  facets: {},
});
const MARY = reply({ 'Contact-1': 'Mary Thomas', 'Contact-2': 'Maria Lopez', 'Organization-3': 'Mary River Mine' });

/** A signed-in app whose `search/ids` answers are held until the test releases them, per free text. */
async function start(path = '/') {
  const clock = new SimulatedClock();
  const h = renderApp({ signedIn: true, clock, path });
  const held = new Map<string, (answer: SearchReply | ReplyRefusal) => void>();
  h.server.handlers.set(
    'search/ids',
    (frame: Frame) =>
      new Promise((resolve, reject) => {
        const text = (frame.b as { must: { q: string } }).must.q;
        held.set(text, (answer) => (answer instanceof ReplyRefusal ? reject(answer) : resolve(answer)));
      }),
  );
  await screen.findByRole('button', { name: 'User menu' });
  const user = userEvent.setup();
  return {
    ...h,
    user,
    clock,
    searches: () => h.server.received.filter((frame) => frame.o === 'search/ids').map((frame) => frame.b),
    open: async () => {
      await user.click(screen.getByRole('button', { name: 'Search' }));
      return screen.getByRole('combobox', { name: 'Search' });
    },
    pause: () => act(() => clock.increment(SEARCH_DEBOUNCE_MS)),
    /** Answers the held request for `text`; waits until it was asked. */
    answer: async (text: string, answer: SearchReply | ReplyRefusal) => {
      await waitFor(() => expect(held.has(text)).toBe(true));
      // The reply goes out once the handler's promise settles, a microtask later.
      await act(async () => {
        held.get(text)?.(answer);
        await Promise.resolve();
      });
    },
  };
}

describe('search bar', () => {
  it('opens focused with its placeholder, asks to keep typing under 3 characters and asks nothing', async () => {
    const t = await start();
    const field = await t.open();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('placeholder', 'Search items or type an id');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await t.user.type(field, 'ma');
    expect(screen.getByRole('status')).toHaveTextContent('Keep typing: suggestions start at 3 characters');
    t.pause();
    expect(t.searches()).toEqual([]);
  });

  it('shows a spinner, then up to 5 suggestions; the arrows move through them and Enter opens one', async () => {
    const t = await start();
    const field = await t.open();
    await t.user.type(field, 'mar');
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(t.searches()).toEqual([]);
    t.pause();
    await waitFor(() => expect(t.searches()).toEqual([{ must: { q: 'mar' }, max: 5, labels: true }]));
    await t.answer('mar', MARY);
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mary ThomasContact-1', 'Maria LopezContact-2', 'Mary River MineOrganization-3']);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await t.user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(list).getByRole('option', { name: /Maria Lopez/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', second.id);
    await t.user.keyboard('{ArrowUp}');
    expect(field).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: /Mary Thomas/ }).id);
    await t.user.keyboard('{ArrowDown}{Enter}');
    expect(window.location.pathname).toBe('/i-Contact-2');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('opens a clicked suggestion', async () => {
    const t = await start();
    await t.user.type(await t.open(), 'mary');
    t.pause();
    await t.answer('mary', MARY);
    await t.user.click(await screen.findByRole('option', { name: /Mary River Mine/ }));
    expect(window.location.pathname).toBe('/i-Organization-3');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows only the answer to the latest text when replies arrive out of order', async () => {
    const t = await start();
    const field = await t.open();
    await t.user.type(field, 'mar');
    t.pause();
    await t.user.type(field, 'y');
    t.pause();
    await t.answer('mary', reply({ 'Contact-1': 'Mary Thomas' }));
    await screen.findByRole('option', { name: /Mary Thomas/ });
    await t.answer('mar', MARY);
    // The earlier answer arrived last: give it the chance to (wrongly) show.
    await act(() => Promise.resolve());
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('says No results for an empty answer and errors.{userMessage} for a failed one', async () => {
    const t = await start();
    const field = await t.open();
    await t.user.type(field, 'zzz');
    t.pause();
    await t.answer('zzz', reply({}));
    expect(await screen.findByRole('status')).toHaveTextContent('No results');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await t.user.type(field, 'z');
    t.pause();
    await t.answer('zzzz', new ReplyRefusal('notSignedIn'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in.');
  });

  it('opens the full results for text that is no id, where the toggle is disabled', async () => {
    const t = await start();
    await t.user.type(await t.open(), 'Mary River{Enter}');
    expect(window.location.pathname).toBe('/search');
    expect(new URLSearchParams(window.location.search).get('c0')).toBe('Mary River');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled());
  });

  it('is disabled on /search from the start', async () => {
    await start('/search?c0=mary');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled());
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('closes when the full results open another way, so it does not come back with old text after them', async () => {
    const t = await start();
    await t.user.type(await t.open(), 'mar');
    await t.user.click(screen.getByRole('button', { name: 'Menu' }));
    await t.user.click(await screen.findByRole('link', { name: 'Search' }));
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
    await t.user.click(screen.getByRole('button', { name: 'Menu' }));
    await t.user.click(await screen.findByRole('link', { name: 'Home' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(await t.open()).toHaveValue('');
  });

  it('closes on Esc and opens empty again', async () => {
    const t = await start();
    const field = await t.open();
    await t.user.type(field, 'mar{Escape}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
    expect(await t.open()).toHaveValue('');
  });
});
