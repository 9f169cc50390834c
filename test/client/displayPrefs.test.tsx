import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const openUserMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'User menu' }));
  return screen.findByRole('menu');
};

describe('display preferences of a signed-in user', () => {
  it("show the user's own settings over this browser's copy, and save each change to the User item", async () => {
    window.localStorage.setItem('kk-prefs', JSON.stringify({ v: 1, prefs: { hideGuidance: true, multiColumns: false } }));
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, user: { hideGuidance: false, multiColumns: true } });
    let stored: Record<string, unknown> = {
      $id: 'User-1',
      _t: 'User',
      _u: 5,
      name: 'Ada Lovelace',
      hideGuidance: false,
      multiColumns: true,
    };
    h.server.handlers.set('read/User-1', () => stored);
    h.server.handlers.set('update', (frame: Frame) => {
      stored = { ...stored, ...(frame.b as Record<string, unknown>), _u: Number(stored._u) + 1 };
      return stored;
    });

    const menu = await openUserMenu(user);
    const hide = within(menu).getByRole('menuitemcheckbox', { name: 'Hide guidance' });
    await waitFor(() => expect(hide).toHaveAttribute('aria-checked', 'false'));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Multiple columns' })).toHaveAttribute('aria-checked', 'true');

    await user.click(hide);
    expect(hide).toHaveAttribute('aria-checked', 'true');
    await waitFor(() =>
      expect(h.server.received).toContainEqual(expect.objectContaining({ o: 'update', b: { $id: 'User-1', _u: 5, hideGuidance: true } })),
    );
    expect(h.server.received.filter((frame) => frame.o === 'read/User-1').length).toBeGreaterThan(0);
    await waitFor(() => expect(stored).toMatchObject({ _u: 6, hideGuidance: true }));
    expect(JSON.parse(window.localStorage.getItem('kk-prefs') ?? '{}')).toMatchObject({
      prefs: { hideGuidance: true, multiColumns: true },
    });
  });

  it('tells the user when a change could not be saved', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    h.server.handlers.set('read/User-1', () => ({ $id: 'User-1', _t: 'User', _u: 5 }));
    h.server.failures.set('update', { userMessage: 'notAllowed' });
    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Multiple columns' }));
    expect(await screen.findByText('You may not do this.')).toBeInTheDocument();
  });
});
