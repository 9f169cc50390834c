import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const openMenu = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('menu');
};

describe('header and user menu', () => {
  it('offers sign-in, registration and a forgotten password to a visitor', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/register' });
    // The visible site name is the link's name (a screen reader says what a sighted user reads); the tooltip says where it goes.
    const home = screen.getByRole('link', { name: 'KnowledgeKeeper Community KnowledgeKeeper' });
    expect(home).toHaveAttribute('href', '/');
    expect(home).toHaveAttribute('title', 'Home');
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
    const menu = await openMenu(user, 'Account');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign in', 'Register', 'Forgot password']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Forgot password' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('leaves registration out where the site has it closed', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/register', registrationOpen: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Registration is closed on this site.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const menu = await openMenu(user, 'Account');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign in', 'Forgot password']);
  });

  it('shows the signed-in user, their profile, display toggles and sign-out', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const menu = await openMenu(user, 'User menu');
    expect(menu).toHaveTextContent('Ada Lovelace');
    expect(menu).toHaveTextContent('ada@example.org');
    const dark = within(menu).getByRole('menuitemcheckbox', { name: 'Dark mode' });
    expect(dark).toHaveAttribute('aria-checked', 'false');
    await user.click(dark);
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/i-${h.user.$id}`));

    const again = await openMenu(user, 'User menu');
    await user.click(within(again).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it("follows the system's dark theme until the user chooses otherwise", async () => {
    const user = userEvent.setup();
    const matchMedia = jest.fn(() => ({ matches: true, addEventListener: jest.fn(), removeEventListener: jest.fn() }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      renderApp({ signedIn: true, user: { dark: false } });
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
      expect(document.documentElement).toHaveClass('dark');
      const menu = await openMenu(user, 'User menu');
      await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Dark mode' }));
      await waitFor(() => expect(document.documentElement).not.toHaveClass('dark'));
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('opens the search field, and Enter on an item id opens that item', async () => {
    const user = userEvent.setup();
    renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('combobox', { name: 'Search' });
    expect(field).toHaveFocus();
    await user.type(field, 'Contact-12{Enter}');
    expect(window.location.pathname).toBe('/i-Contact-12');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows the cookie banner until OK', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/sign-in', cookiesAccepted: false });
    const banner = await screen.findByRole('region', { name: 'More about cookies' });
    expect(within(banner).getByRole('link', { name: 'More about cookies' })).toHaveAttribute('href', '/privacy-policy#cookies');
    await user.click(within(banner).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'More about cookies' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('kk-cookies-ok')).toBe('1');
  });
});
