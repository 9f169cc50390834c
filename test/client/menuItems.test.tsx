import { act, screen, waitFor, within } from '@testing-library/react';

import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp, type AppHarness, type RenderOptions } from './support/renderApp';

/** The consultation group a shared site shows everyone (spec 001 §2), with the entries anyone may open. */
const CONSULT_ENTRIES = ['Consultation', 'Consultation dashboard', 'Projects', 'Organisations', 'Contacts', 'State changes', 'Files'];

afterEach(() => cleanUpApps());

const WAIT = { timeout: 5000 };
const sentOf = (h: AppHarness, o: string): Frame[] => h.server.received.filter((f) => f.o === o);

/** The menu items screen for an administrator of a dedicated deployment, with `stored` as the setting. */
async function openScreen(stored: unknown, options: RenderOptions = {}) {
  const user = userEvent.setup();
  const h = renderApp({ signedIn: true, path: '/admin.menu-items', user: { admin: true }, dedicated: true, ...options });
  h.server.handlers.set('act/menuSettings', () => stored);
  h.server.handlers.set('act/setMenuSettings', (frame) => frame.b);
  const main = await screen.findByRole('region', { name: 'Main menu' }, WAIT);
  return { h, user, main, admin: screen.getByRole('region', { name: 'Administration menu' }) };
}

/** The titles of the rows directly in `list`, in order. */
const rowTitles = (section: HTMLElement): string[] =>
  [...section.querySelectorAll(':scope > ul > li')].map((li) => li.querySelector('p')?.textContent ?? '');
const row = (section: HTMLElement, title: string): HTMLElement => within(section).getByText(title, { selector: 'p' }).closest('li')!;
const switchOf = (section: HTMLElement, title: string): HTMLElement => within(row(section, title)).getByRole('switch');

describe('admin.menu-items', () => {
  it('lists every entry in the stored order with its switch; admin entries are always shown', async () => {
    const { main, admin } = await openScreen({ hidden: ['notifications'], order: { '': ['search', 'home'], admin: ['admin.menu-items'] } });
    expect(rowTitles(main)).toEqual([
      'Search',
      'Home',
      'Notifications',
      'My organisations',
      'My contacts',
      'Consultation',
      'Conversations',
      'Live help console',
      'Data',
      'Spatial',
    ]);
    expect(switchOf(main, 'Notifications')).toHaveAttribute('aria-checked', 'false');
    expect(switchOf(main, 'Notifications')).toHaveTextContent('Hidden');
    expect(switchOf(main, 'Home')).toHaveAttribute('aria-checked', 'true');
    expect(switchOf(main, 'Home')).toHaveAccessibleDescription('Home');
    expect(rowTitles(admin)[0]).toBe('Menu items');
    expect(rowTitles(admin)).toEqual(
      expect.arrayContaining(['All items', 'System alerts', 'Server state', 'Lists of values', 'System texts', 'Owner organisation']),
    );
    expect(within(admin).queryAllByRole('switch')).toHaveLength(0);
    expect(within(row(admin, 'Menu items')).getByText('Always shown')).toBeInTheDocument();
    // First and last of a level cannot move further.
    expect(within(row(main, 'Search')).getByRole('button', { name: 'Move Search up' })).toBeDisabled();
    expect(within(row(main, 'Spatial')).getByRole('button', { name: 'Move Spatial down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('hides an entry, moves another, and saves the whole setting', async () => {
    const { h, user, main } = await openScreen({ hidden: [], order: {} });
    await user.click(switchOf(main, 'Search'));
    expect(switchOf(main, 'Search')).toHaveAttribute('aria-checked', 'false');
    await user.click(within(row(main, 'Notifications')).getByRole('button', { name: 'Move Notifications up' }));
    expect(rowTitles(main)).toEqual([
      'Home',
      'Notifications',
      'Search',
      'My organisations',
      'My contacts',
      'Consultation',
      'Conversations',
      'Live help console',
      'Data',
      'Spatial',
    ]);
    expect(screen.getByText('You have changes that are not saved yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentOf(h, 'act/setMenuSettings')).toHaveLength(1));
    expect(sentOf(h, 'act/setMenuSettings')[0]!.b).toEqual({
      hidden: ['search'],
      order: {
        '': ['home', 'notifications', 'search', 'my-organizations', 'my-contacts', 'consult', 'conversations', 'assist', 'data', 'spatial'],
      },
    });
    expect(await screen.findByText('Applied', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('You have changes that are not saved yet.')).toBeNull();
  });

  it('discards changes', async () => {
    const { user, main } = await openScreen({ hidden: ['home'], order: {} });
    await user.click(switchOf(main, 'Home'));
    await user.click(within(row(main, 'Search')).getByRole('button', { name: 'Move Search down' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(switchOf(main, 'Home')).toHaveAttribute('aria-checked', 'false');
    expect(rowTitles(main)).toEqual([
      'Home',
      'Search',
      'Notifications',
      'My organisations',
      'My contacts',
      'Consultation',
      'Conversations',
      'Live help console',
      'Data',
      'Spatial',
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('has nothing to save once an entry is moved back to its place', async () => {
    const { user, main } = await openScreen({ hidden: [], order: {} });
    await user.click(within(row(main, 'Home')).getByRole('button', { name: 'Move Home down' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(within(row(main, 'Home')).getByRole('button', { name: 'Move Home up' }));
    expect(rowTitles(main)).toEqual([
      'Home',
      'Search',
      'Notifications',
      'My organisations',
      'My contacts',
      'Consultation',
      'Conversations',
      'Live help console',
      'Data',
      'Spatial',
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("follows another administrator's saved setting while open", async () => {
    const { h, main } = await openScreen({ hidden: [], order: {} });
    act(() => h.server.push({ o: 'siteConfig', b: { menu: { hidden: ['home'], order: { '': ['search'] } } } }));
    await waitFor(() => expect(switchOf(main, 'Home')).toHaveAttribute('aria-checked', 'false'));
    expect(rowTitles(main)[0]).toBe('Search');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's refusal with its reason and keeps the draft", async () => {
    const { h, user, main } = await openScreen({ hidden: [], order: {} });
    h.server.failures.set('act/setMenuSettings', { userMessage: 'validationFailed', fields: { hidden: 'errors.menu.adminEntryHidden' } });
    await user.click(switchOf(main, 'Search'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('Please correct the marked fields.');
    expect(screen.getByText('Entries of the administration menu cannot be hidden.')).toBeInTheDocument();
    expect(switchOf(main, 'Search')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows a refused read (the server decides, whatever the browser offered)', async () => {
    const h = renderApp({ signedIn: true, path: '/admin.menu-items', dedicated: true, user: { admin: true } });
    h.server.failures.set('act/menuSettings', { userMessage: 'notAllowed' });
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('You may not do this.');
  });
});

describe('the navigation drawer and the menu setting', () => {
  it('changes at once when the server pushes a new setting', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, dedicated: true });
    h.server.handlers.set('search/ids', () => ({ ids: [], labels: {}, total: 0, facets: {} }));
    await screen.findByTestId('home-title', {}, WAIT);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = await within(drawer).findByRole('region', { name: 'Navigation' });
    const links = () =>
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(links()).toEqual(['Home', 'Search', 'Notifications', 'My organisations', 'My contacts', 'Conversations']);
    act(() => h.server.push({ o: 'siteConfig', b: { menu: { hidden: ['search'], order: { '': ['my-contacts'] } } } }));
    await waitFor(() => expect(links()).toEqual(['My contacts', 'Home', 'Notifications', 'My organisations', 'Conversations']));
  });

  it('ignores the setting outside dedicated deployments', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, dedicated: false });
    h.server.handlers.set('search/ids', () => ({ ids: [], labels: {}, total: 0, facets: {} }));
    await screen.findByTestId('home-title', {}, WAIT);
    act(() => h.server.push({ o: 'siteConfig', b: { menu: { hidden: ['search'], order: {} } } }));
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const nav = await within(await screen.findByRole('dialog', { name: 'Menu' })).findByRole('region', { name: 'Navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Search', 'Notifications', 'My organisations', 'My contacts', ...CONSULT_ENTRIES, 'Conversations']);
  });
});
