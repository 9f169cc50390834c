import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanUpApps, renderApp, type RenderOptions } from './support/renderApp';

afterEach(cleanUpApps);

async function openDrawer(options: RenderOptions) {
  const user = userEvent.setup();
  const h = renderApp(options);
  // Saved searches answer empty, so the drawer's list settles.
  h.server.handlers.set('search/ids', () => ({ ids: [], labels: {}, total: 0, facets: {} }));
  if (options.signedIn) await screen.findByTestId('home-title');
  await user.click(await screen.findByRole('button', { name: 'Menu' }));
  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  return { h, user, drawer };
}

const linkNames = (section: HTMLElement): string[] =>
  within(section)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');

describe('navigation drawer', () => {
  it('shows a user without rights the main menu and no administration', async () => {
    const { drawer } = await openDrawer({ signedIn: true });
    await waitFor(() => expect(within(drawer).getByRole('region', { name: 'Navigation' })).toBeInTheDocument());
    expect(linkNames(within(drawer).getByRole('region', { name: 'Navigation' }))).toEqual([
      'Home',
      'Search',
      'Notifications',
      'My organisations',
      'My contacts',
      // A shared site shows everyone the consultation group (spec 001 §2); the responders' extras are theirs.
      'Consultation',
      'Consultation dashboard',
      'Projects',
      'Organisations',
      'Contacts',
      'State changes',
      'Files',
      // Everyone's conversations (spec 001 §2 "Also conversations").
      'Conversations',
    ]);
    expect(within(drawer).queryByRole('region', { name: 'Administration' })).toBeNull();
    expect(within(drawer).getByRole('region', { name: 'Saved searches' })).toBeInTheDocument();
  });

  it('shows an administrator the admin menu as its own section', async () => {
    const { drawer } = await openDrawer({ signedIn: true, user: { admin: true } });
    const admin = await within(drawer).findByRole('region', { name: 'Administration' });
    expect(linkNames(admin)).toEqual(['All items', 'System alerts', 'Server state', 'Lists of values', 'Workflows']);
  });

  it("adds the dedicated deployment's entries to an administrator's admin menu", async () => {
    const dedicated = await openDrawer({ signedIn: true, user: { admin: true }, dedicated: true });
    const section = await within(dedicated.drawer).findByRole('region', { name: 'Administration' });
    expect(linkNames(section)).toEqual([
      'All items',
      'System alerts',
      'Server state',
      'Lists of values',
      'System texts',
      'Menu items',
      'Owner organisation',
      'Workflows',
    ]);
  });

  it('shows a member who may change an organisation its lists of values and, in a dedicated deployment, the owner organisation', async () => {
    const { drawer } = await openDrawer({
      signedIn: true,
      dedicated: true,
      ownerOrg: 'Organization-1',
      user: { organizations: { 'Organization-1': { write: true } } },
    });
    const admin = await within(drawer).findByRole('region', { name: 'Administration' });
    expect(linkNames(admin)).toEqual(['Lists of values', 'Owner organisation']);
  });

  it('shows a signed-out visitor only the help and legal pages', async () => {
    const { drawer } = await openDrawer({ path: '/terms' });
    expect(within(drawer).queryByRole('region', { name: 'Navigation' })).toBeNull();
    expect(linkNames(within(drawer).getByRole('region', { name: 'Help and legal' }))).toEqual([
      'Documentation',
      "What's new",
      'Terms of use',
      'Privacy policy',
      'Imprint',
    ]);
  });

  it('opens an entry as the first column and closes', async () => {
    const { drawer, user } = await openDrawer({ signedIn: true, user: { admin: true } });
    await user.click(
      within(await within(drawer).findByRole('region', { name: 'Administration' })).getByRole('link', { name: 'Server state' }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/admin.state'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
