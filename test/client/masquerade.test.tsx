import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import { cleanUpApps, renderApp } from './support/renderApp';

// The socket handshake takes longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanUpApps);

async function openUserMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'User menu' }));
  return screen.findByRole('menu');
}

describe('masquerade', () => {
  it('an administrator finds a user in the picker and masquerades: the new token is stored, the page reloads, the target is remembered', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, user: { admin: true } });
    h.server.handlers.set('search/ids', (frame: Frame) => {
      const body = frame.b as { must: { q: string; _: string } };
      return body.must._ === 'User' && body.must.q === 'bob'
        ? { ids: ['User-2'], labels: { 'User-2': 'Bob Miller' }, total: 1, facets: {} }
        : { ids: [], labels: {}, total: 0, facets: {} };
    });
    h.server.handlers.set('act/masquerade', (frame: Frame) => {
      expect(frame.b).toEqual({ targetUserID: 'User-2' });
      return { newToken: 'masq-token', expires: '2030-01-01T00:00:00Z' };
    });
    await waitFor(() => expect(h.server.connected).toBe(1));

    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Masquerade as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masquerade as a user' });
    await user.type(within(dialog).getByLabelText('Find a user'), 'bob');
    await user.click(await within(dialog).findByRole('button', { name: 'Masquerade as Bob Miller' }));

    await waitFor(() => expect(h.effects.reload).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('masq-token');
    expect(JSON.parse(window.localStorage.getItem('kk-recent-masquerades-en')!)).toEqual([{ id: 'User-2', label: 'Bob Miller' }]);
  });

  it('offers the recent targets in the user menu, and shows a refusal in the dialog', async () => {
    window.localStorage.setItem('kk-recent-masquerades-en', JSON.stringify([{ id: 'User-1', label: 'Another Admin' }]));
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, user: { admin: true } });
    h.server.failures.set('act/masquerade', { userMessage: 'notAllowed' });
    await waitFor(() => expect(h.server.connected).toBe(1));
    await user.click(within(await openUserMenu(user)).getByRole('menuitem', { name: 'Masquerade as Another Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masquerade as a user' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not do this.');
    expect(h.effects.reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored-token');
  });

  it('while masquerading the header says so, and Stop masquerading switches back to the own token', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, user: { name: 'Bob Miller', masquerading: true } });
    h.server.handlers.set('act/masquerade', () => ({ newToken: 'own-token', expires: '2030-01-01T00:00:00Z' }));
    expect(await screen.findByText('Masquerading as Bob Miller')).toBeInTheDocument();
    await waitFor(() => expect(h.server.connected).toBe(1));
    const menu = await openUserMenu(user);
    expect(within(menu).queryByRole('menuitem', { name: 'Masquerade as…' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Stop masquerading' }));
    await waitFor(() => expect(h.effects.reload).toHaveBeenCalledTimes(1));
    expect(h.server.received.filter((f) => f.o === 'act/masquerade').map((f) => f.b)).toEqual([{ stop: true }]);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('own-token');
  });

  it('offers no masquerading to a user who is not an administrator', async () => {
    const user = userEvent.setup();
    renderApp({ signedIn: true });
    const menu = await openUserMenu(user);
    expect(within(menu).queryByRole('menuitem', { name: /Masquerade/ })).not.toBeInTheDocument();
  });
});
