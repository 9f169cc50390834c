import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { formatDate } from '../../src/client/items/fields/formatDate';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

const openHelp = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Help' }));
  return screen.findByRole('menu');
};

describe('help menu', () => {
  it('counts down to the next reconnect after the connection drops, and reconnects on Retry now', async () => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const h = renderApp({ signedIn: true, clock });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    await waitFor(() => expect(h.server.connected).toBe(1));

    act(() => h.server.closeAll(1006));
    expect(await screen.findByText('Connection lost')).toBeInTheDocument();
    // 3 + 2^1 seconds, no jitter.
    let menu = await openHelp(user);
    expect(menu).toHaveTextContent('Reconnecting in 5 seconds');
    // One second at a time: each tick schedules the next.
    act(() => {
      clock.increment(1_000);
      clock.increment(1_000);
    });
    expect(menu).toHaveTextContent('Reconnecting in 3 seconds');
    expect(within(menu).getByRole('menuitem', { name: 'Bad connection' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Retry now' }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    await waitFor(() => expect(h.server.connected).toBe(1));
    expect(screen.queryByText('Connection lost')).not.toBeInTheDocument();
    menu = await openHelp(user);
    expect(menu).not.toHaveTextContent('Reconnecting');
  });

  it('lists background tasks with progress, downloads a result and stops a task after confirmation', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    await waitFor(() => expect(h.server.connected).toBe(1));
    act(() => {
      h.server.push({
        o: 'taskUpdate',
        b: { key: 'export-1', asyncKey: 'csvExport', started: '2026-01-01T12:00:00Z', percentageComplete: 40 },
      });
      h.server.push({
        o: 'taskComplete',
        b: { key: 'zip-2', started: '2026-01-02T12:00:00Z', percentageComplete: 100, resultURI: '/files/zip-2.zip' },
      });
    });
    await waitFor(() => expect(h.effects.download).toHaveBeenCalledWith('/files/zip-2.zip'));

    let menu = await openHelp(user);
    // A task is named by its kind and start (DD-MMM-YYYY HH:mm), never by its random key.
    expect(menu).toHaveTextContent(`CSV export of ${formatDate('2026-01-01T12:00:00Z', true)}: 40%`);
    expect(menu).toHaveTextContent(`Background task of ${formatDate('2026-01-02T12:00:00Z', true)}: done`);
    expect(menu).not.toHaveTextContent('export-1');
    await user.click(within(menu).getByRole('menuitem', { name: 'Download result' }));
    expect(h.effects.download).toHaveBeenCalledTimes(2);

    menu = await openHelp(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Stop task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop task' });
    expect(dialog).toHaveTextContent(`Stop the task CSV export of ${formatDate('2026-01-01T12:00:00Z', true)}? Its work so far is lost.`);
    await user.click(within(dialog).getByRole('button', { name: 'Stop it' }));
    await waitFor(() => expect(h.server.received).toContainEqual(expect.objectContaining({ o: 'activeTask/export-1', b: 'killTask' })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the version and, for an admin, debug logging and the live actors view', async () => {
    const user = userEvent.setup();
    renderApp({ signedIn: true, user: { admin: true } });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const menu = await openHelp(user);
    expect(menu).toHaveTextContent('Version 1.0.0');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Debug logging' })).toHaveAttribute('aria-checked', 'false');
    await user.click(within(menu).getByRole('menuitem', { name: 'Live actors' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: 'auth USER_VALID' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'retry IDLE' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'connection LIVE.OPEN.GOOD' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'shell cookies.ACCEPTED, update.CURRENT, sync.IDLE' })).toBeInTheDocument();
  });

  it('hides debug logging from a user who is not an admin', async () => {
    const user = userEvent.setup();
    renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const menu = await openHelp(user);
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Debug logging' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Support request' }));
    // The live-assist widget, pre-identified with the user's name and e-mail.
    expect(await screen.findByRole('dialog', { name: 'Live help' })).toHaveTextContent('Ada Lovelace (ada@example.org)');
  });
});
