import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import { getSysAlerts } from '../../machines/systemIds';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

async function signedInHome() {
  const h = renderApp({ signedIn: true, path: '/notifications' });
  await screen.findByRole('heading', { name: 'Notifications' });
  await waitFor(() => expect(h.server.connected).toBe(1));
  return h;
}

describe('blocking dialogs', () => {
  it('warns before the token expires and refreshes it on request', async () => {
    const user = userEvent.setup();
    const h = await signedInHome();
    act(() => h.server.push({ o: 'tokenWarning', b: { expires: new Date(Date.now() + 5 * 60_000).toISOString() } }));
    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveTextContent('Your sign-in expires in 5 minutes.');
    expect(dialog).toHaveTextContent('Stay signed in');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored-token-r1');
    expect(window.location.pathname).toBe('/notifications');
  });

  it('tells the user the session ended and sends them to sign in again', async () => {
    const user = userEvent.setup();
    const h = await signedInHome();
    act(() => h.server.closeAll(4001, 'tokenExpired'));
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/notifications');
  });

  it('follows a sign-out in another tab', async () => {
    const user = userEvent.setup();
    const h = await signedInHome();
    act(() => {
      window.localStorage.removeItem(TOKEN_STORAGE_KEY);
      h.session.send({ type: 'session.storageChanged', key: TOKEN_STORAGE_KEY, newValue: null });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Signed out' });
    expect(dialog).toHaveTextContent('You signed out in another tab or window.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('tells the user when another tab signed the shared token out on the server', async () => {
    const h = await signedInHome();
    act(() => h.server.closeAll(4001, 'signedout'));
    expect(await screen.findByRole('dialog', { name: 'Signed out' })).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows a modal system alert until closed or dismissed for good', async () => {
    const user = userEvent.setup();
    const h = await signedInHome();
    act(() =>
      getSysAlerts(h.session.system)!.send({
        type: 'sysAlerts.received',
        alerts: [
          { id: 'a1', title: 'Maintenance tonight', message: 'The site is down from 22:00.', modal: true },
          { id: 'a2', title: 'New terms', message: 'Please read the new terms.', modal: true },
        ],
      }),
    );
    const first = await screen.findByRole('dialog', { name: 'Maintenance tonight' });
    await user.click(within(first).getByRole('button', { name: "Don't show again" }));
    const second = await screen.findByRole('dialog', { name: 'New terms' });
    await user.click(within(second).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(window.localStorage.getItem('kk-dismissed-sys-alerts') ?? '[]')).toEqual(['a1']);
  });
});
