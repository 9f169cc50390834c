import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import type { SavedSearchSettings } from '../../machines/search/savedSearchesMachine';
import type { Frame } from '../../src/shared/protocol';
import { SaveSearchButton } from '../../src/client/savedSearches/SaveSearchButton';
import { useApplySavedSearch } from '../../src/client/savedSearches/useApplySavedSearch';
import { ReplyRefusal } from './support/protocolServer';
import { cleanUpApps, renderApp } from './support/renderApp';
import { renderInSession } from './support/renderInSession';

afterEach(cleanUpApps);

const settings: SavedSearchSettings = {
  criteria: { filters: [{ prop: 'type', kind: 'ft', value: 'Letter' }] },
  searchString: 'river',
  itemTypeName: 'CommLog',
  selectedFacets: { created: ['lastWeek'] },
  sortBy: [{ key: 'date', order: 'asc' }],
  displayAs: 'TABLE',
  showFacets: false,
};

const saved = (i: number, name: string) => ({ $id: `SavedSearch-${i}`, _t: 'SavedSearch', _i: i, _u: 2, name, ...settings });

/** The app signed in, with saved searches served by `search/ids` and `readMany/object`. */
async function withSaved(items: ReturnType<typeof saved>[]) {
  const user = userEvent.setup();
  const h = renderApp({ signedIn: true });
  h.server.seedItems(...items);
  const asked: unknown[] = [];
  h.server.handlers.set('search/ids', (frame: Frame) => {
    asked.push(frame.b);
    const ids = [...h.server.items.values()].filter((i) => i._t === 'SavedSearch').map((i) => i.$id);
    return { ids, labels: {}, total: ids.length, facets: {} };
  });
  h.server.handlers.set('readMany/object', (frame: Frame) =>
    Object.fromEntries((frame.b as string[]).map((id) => [id, h.server.items.get(id)])),
  );
  await screen.findByTestId('home-title');
  return { h, user, asked };
}

async function drawerSection(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  return screen.findByRole('region', { name: 'Saved searches' });
}

describe('saved searches', () => {
  it("lists the user's own saved searches by name", async () => {
    const { user, asked } = await withSaved([saved(1, 'Rivers'), saved(2, 'Letters')]);
    const section = await drawerSection(user);
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('button', { name: /^(Letters|Rivers)$/ })
          .map((b) => b.textContent),
      ).toEqual(['Letters', 'Rivers']),
    );
    // Names cut to the drawer's width show whole in the tooltip.
    expect(within(section).getByRole('button', { name: 'Rivers' })).toHaveAttribute('title', 'Rivers');
    expect(asked[0]).toMatchObject({
      must: [
        { kind: '_', value: 'SavedSearch' },
        { prop: 'createdBy', kind: 'ft', value: 'User-1' },
      ],
    });
  });

  it('says so when there are none', async () => {
    const { user } = await withSaved([]);
    const section = await drawerSection(user);
    expect(await within(section).findByText(/No saved searches yet/)).toBeInTheDocument();
  });

  it('opens one on /search and hands its settings to the results view once', async () => {
    const { h, user } = await withSaved([saved(1, 'Rivers')]);
    const applied: SavedSearchSettings[] = [];
    function Results() {
      const [count, setCount] = useState(0);
      const apply = useCallback((s: SavedSearchSettings) => {
        applied.push(s);
        setCount((c) => c + 1);
      }, []);
      useApplySavedSearch(apply);
      return <p>applied {count}</p>;
    }
    renderInSession(h, <Results />);
    const section = await drawerSection(user);
    await user.click(await within(section).findByRole('button', { name: 'Rivers' }));
    // The address says all of it (issue 16, problem 5), so it can be bookmarked or shared as it opens.
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe(
        '/search?c0=river&c0.dr-created=lastWeek&c0.sort=date&c0.display=table&c0.facets=hidden',
      ),
    );
    await screen.findByText('applied 1');
    expect(applied).toEqual([settings]);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('renames one through update with its _u', async () => {
    const { h, user } = await withSaved([saved(1, 'Rivers')]);
    const section = await drawerSection(user);
    await user.click(await within(section).findByRole('button', { name: 'Rename: Rivers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the saved search' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is required.');
    await user.type(name, 'Rivers and lakes{Enter}');
    await within(section).findByRole('button', { name: 'Rivers and lakes' });
    expect(h.server.received.find((f) => f.o === 'update')?.b).toEqual({ $id: 'SavedSearch-1', _u: 2, name: 'Rivers and lakes' });
  });

  it('deletes one after confirmation, and shows a refusal as an alert', async () => {
    const { h, user } = await withSaved([saved(1, 'Rivers'), saved(2, 'Letters')]);
    let refuse = true;
    h.server.handlers.set('delete/SavedSearch-1', () => {
      if (refuse) return Promise.reject(new ReplyRefusal('notAllowed'));
      h.server.items.delete('SavedSearch-1');
      return { ...saved(1, 'Rivers'), $deleted: true };
    });
    const section = await drawerSection(user);
    await user.click(await within(section).findByRole('button', { name: 'Delete: Rivers' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the saved search' });
    expect(dialog).toHaveTextContent('Delete the saved search “Rivers”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You may not do this.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Rivers' })).toBeInTheDocument();

    refuse = false;
    await user.click(within(section).getByRole('button', { name: 'Delete: Rivers' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the saved search' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Rivers' })).toBeNull());
    expect(within(section).getByRole('button', { name: 'Letters' })).toBeInTheDocument();
    expect(h.server.received.filter((f) => f.o === 'delete/SavedSearch-1').map((f) => f.b)).toEqual([{ _u: 2 }, { _u: 2 }]);
  });

  it('saves the current settings under a name as a SavedSearch item', async () => {
    const { h, user } = await withSaved([]);
    renderInSession(h, <SaveSearchButton settings={settings} />);
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('river');
    await user.clear(name);
    await user.type(name, 'River letters');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(h.server.received.find((f) => f.o === 'create/SavedSearch')?.b).toEqual({ name: 'River letters', ...settings }),
    );
    const section = await drawerSection(user);
    expect(await within(section).findByRole('button', { name: 'River letters' })).toBeInTheDocument();
  });
});
