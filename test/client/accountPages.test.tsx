import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'wouter/use-browser-location';
import { TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import { cleanUpApps, renderApp } from './support/renderApp';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** Answers the account calls as the server's contract says; records what was posted. */
function mockFetch(answers: Record<string, Answer>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (path: string, init?: { body?: string }) => {
    calls.push({ path, body: init?.body ? JSON.parse(init.body) : null });
    const answer = answers[path] ?? { status: 404, body: { userMessage: 'notFound' } };
    return {
      status: answer.status,
      ok: answer.status < 300,
      headers: new Headers(answer.headers ?? {}),
      text: async () => JSON.stringify(answer.body),
      json: async () => answer.body,
    };
  });
  Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true, writable: true });
  return calls;
}

afterEach(() => {
  cleanUpApps();
  Reflect.deleteProperty(globalThis, 'fetch');
});

describe('account pages', () => {
  it('registers and says a confirmation mail is on its way', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ '/api/register': { status: 200, body: { ok: true } } });
    renderApp({ path: '/register' });
    await user.type(await screen.findByLabelText('Your name'), 'Mary Two Rivers');
    await user.type(screen.getByLabelText('E-mail'), 'mary@example.org');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your e-mail');
    expect(calls).toEqual([
      { path: '/api/register', body: { name: 'Mary Two Rivers', email: 'mary@example.org', password: 'long enough password' } },
    ]);
  });

  it("shows the server's field messages when registration is refused", async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/register': { status: 400, body: { userMessage: 'validationFailed', fields: { email: 'errors.emailTaken' } } } });
    renderApp({ path: '/register' });
    await user.type(await screen.findByLabelText('Your name'), 'Mary');
    await user.type(screen.getByLabelText('E-mail'), 'taken@example.org');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('An account already uses this e-mail address.');
  });

  it('keeps the register button off until the password is long enough', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderApp({ path: '/register' });
    await user.type(await screen.findByLabelText('Your name'), 'Mary');
    await user.type(screen.getByLabelText('E-mail'), 'mary@example.org');
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 10 characters.');
  });

  it('sends a forgot-password link without telling whether the address exists', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ '/api/forgot-password': { status: 200, body: { ok: true } } });
    renderApp({ path: '/forgot-password' });
    await user.type(await screen.findByLabelText('E-mail'), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses this address, a link is on its way.');
    expect(calls[0]).toEqual({ path: '/api/forgot-password', body: { email: 'someone@example.org' } });
  });

  it('sets a password from the mailed link and signs the user in', async () => {
    const user = userEvent.setup();
    const h = renderApp({ path: '/set-pass?token=mail-token' });
    h.server.tokens.set('fresh-token', h.user);
    const calls = mockFetch({ '/api/set-pass': { status: 200, body: { ok: true }, headers: { 'x-vgn-token': 'fresh-token' } } });
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Repeat the password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(calls[0]).toEqual({ path: '/api/set-pass', body: { token: 'mail-token', password: 'a brand new password' } });
  });

  it('says when the set-password link has expired, and when the two passwords differ', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/set-pass': { status: 400, body: { userMessage: 'linkExpired' } } });
    renderApp({ path: '/set-pass?token=old' });
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Repeat the password'), 'a brand new passw');
    expect(screen.getByLabelText('Repeat the password')).toHaveAccessibleDescription('The passwords differ.');
    await user.type(screen.getByLabelText('Repeat the password'), 'ord');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
  });

  it('confirms the e-mail address as the page opens', async () => {
    const calls = mockFetch({ '/api/confirm-email': { status: 200, body: { ok: true } } });
    renderApp({ path: '/confirm-email?token=confirm-1' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your e-mail address is confirmed.'));
    expect(calls).toEqual([{ path: '/api/confirm-email', body: { token: 'confirm-1' } }]);
  });

  it('says the server cannot be reached, and shows the form afresh when the page is opened again', async () => {
    const user = userEvent.setup();
    Object.defineProperty(globalThis, 'fetch', {
      value: jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
      configurable: true,
    });
    renderApp({ path: '/forgot-password' });
    await user.type(await screen.findByLabelText('E-mail'), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached.');
    act(() => navigate('/sign-in'));
    await screen.findByRole('heading', { name: 'Sign in' });
    act(() => navigate('/forgot-password'));
    expect(await screen.findByLabelText('E-mail')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why the e-mail address could not be confirmed', async () => {
    mockFetch({ '/api/confirm-email': { status: 400, body: { userMessage: 'linkExpired' } } });
    renderApp({ path: '/confirm-email?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
  });
});
