/**
 * A module is a folder plus one line in each registry (docs/modules.md): the example journal module
 * of test/support/exampleModule, added to the registries here alone, gets its menu entry, its view
 * (loaded with its messages as a chunk of its own), its item type's labels and its icon, and the core
 * names it nowhere.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { iconResolves } from '../../src/client/layout/CellIcon';
import { itemTypes } from '../../src/shared/itemTypes';
import { cleanUpApps, renderApp } from './support/renderApp';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/client', () => jest.requireActual('../support/exampleModule/withJournal').clientsWithJournal());

afterEach(cleanUpApps);

describe('a module registered on its three registry lines', () => {
  it('is in the menu, opens its view with its own messages, and asks through the shared request helper', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    h.server.handlers.set('search/ids', (frame) =>
      (frame.b as { must?: { _?: string } }).must?._ === 'JournalEntry'
        ? { ids: [], labels: {}, total: 3, facets: {} }
        : { ids: [], labels: {}, total: 0, facets: {} },
    );
    await screen.findByTestId('home-title');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Journal' }));
    expect(await screen.findByText('3 entries', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New entry' })).toBeInTheDocument();
    await waitFor(() =>
      expect(h.server.received.some((f) => f.o === 'search/ids' && JSON.stringify(f.b).includes('JournalEntry'))).toBe(true),
    );
  });

  it('registers its item type and its icon', () => {
    expect(itemTypes.get('JournalEntry')?.properties.title?.kind).toBe('textField');
    expect(iconResolves('book')).toBe(true);
  });
});
