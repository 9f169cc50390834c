import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'wouter/use-browser-location';
import { TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import { cleanUpApps, PASSWORD, renderApp } from './support/renderApp';
import { renderItemEditor } from './support/renderItemScreen';

afterEach(cleanUpApps);

describe('sign-in page', () => {
  it('sends a visitor without a token to sign in, then on to the page they asked for', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/notifications?c0=x' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/notifications?c0=x');

    await user.type(screen.getByLabelText('E-mail'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(window.location.search).toBe('?c0=x');
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('signin-token-1');
  });

  it('says so when the password is wrong and stays on the page', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/sign-in' });
    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or the password is wrong.');
    expect(window.location.pathname).toBe('/sign-in');
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('sends / to plain /sign-in and shows the home page once signed in', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(window.location.search).toBe('');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('lets a visitor without a token open an item view', async () => {
    renderApp({ path: '/i-Contact-3' });
    // Item paths are open to visitors (public items); only a refusal sends them to sign in.
    await waitFor(() => expect(document.querySelector('section[data-cell="i-Contact-3"]')).not.toBeNull());
    expect(window.location.pathname).toBe('/i-Contact-3');
  });

  it('opens a stored session straight away and leaves /sign-in for next', async () => {
    renderApp({ path: '/sign-in?next=%2Fwhats-new', signedIn: true });
    expect(await screen.findByRole('heading', { name: "What's new" })).toBeInTheDocument();
  });

  it('uses the wording the site overrides', async () => {
    renderApp({ path: '/sign-in', overrides: { 'app.signIn.title': 'Welcome back' } });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('signs out through /sign-out and lands on plain /sign-in', async () => {
    const h = renderApp({ path: '/sign-out', signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sign-in');
    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull());
    await waitFor(() => expect(h.server.received.map((f) => f.o)).toContain('signout'));
  });

  it('keeps a column with unsaved changes open instead of signing out, and signs out once they are discarded', async () => {
    const user = userEvent.setup();
    const contact = { $id: 'Contact-3', _t: 'Contact', _i: 3, _u: 2, _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' }, lastName: 'Thomas' };
    const h = await renderItemEditor('/i-Contact-3-edit', [contact]);
    const lastName = await h.form.findByLabelText('Last name');
    await user.type(lastName, '-Mine');
    act(() => navigate('/sign-out'));
    expect(await screen.findByText('This column has unsaved changes: save or discard them first.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/i-Contact-3-edit'));
    expect(lastName).toHaveValue('Thomas-Mine');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored-token');
    expect(h.server.received.map((f) => f.o)).not.toContain('signout');

    await user.click(h.form.getByRole('button', { name: 'Discard' }));
    act(() => navigate('/sign-out'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(h.server.received.map((f) => f.o)).toContain('signout'));
    await waitFor(() => expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull());
  });
});
