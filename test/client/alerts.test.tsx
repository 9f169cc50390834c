import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import { getAlerts, getConnection } from '../../machines/systemIds';
import { request } from '../../machines/session/request';
import { raiseError } from '../../machines/session/toAlert';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

describe('alerts snackbar (spec 000 §8: errors until OK at top centre, warnings top, others bottom, timed)', () => {
  it('shows a server error at the top with its system message, until OK', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const connection = getConnection(h.session.system)!;
    const alerts = getAlerts(h.session.system)!;
    // An operation the server refuses, reported the way a view reports it.
    await act(() => request(connection, { o: 'read/Nothing-1' }).catch((error: unknown) => raiseError(alerts, error)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server does not know this request.');
    expect(alert.parentElement).toHaveClass('top-[84px]');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('opens the system message of an error in a details dialog', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    act(() =>
      getAlerts(h.session.system)!.send({
        type: 'alerts.raised',
        alert: { type: 'ERROR', message: 'errors.staleUpdate', details: 'u 3 != 4' },
      }),
    );
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'System message' }));
    expect(await screen.findByRole('dialog', { name: 'System message' })).toHaveTextContent('u 3 != 4');
  });

  it('shows a success at the bottom and hides it after 6 seconds', async () => {
    const clock = new SimulatedClock();
    const h = renderApp({ signedIn: true, clock });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    act(() => getAlerts(h.session.system)!.send({ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.applied' } }));
    const status = await screen.findByText('Applied');
    expect(status.closest('.bottom-6')).not.toBeNull();
    act(() => clock.increment(5_900));
    expect(screen.getByText('Applied')).toBeInTheDocument();
    act(() => clock.increment(200));
    expect(screen.queryByText('Applied')).not.toBeInTheDocument();
  });

  it('places a warning at the top and an info at the bottom, both timed; an error waits for OK however long', async () => {
    const clock = new SimulatedClock();
    const h = renderApp({ signedIn: true, clock });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const alerts = getAlerts(h.session.system)!;
    act(() => alerts.send({ type: 'alerts.raised', alert: { type: 'WARNING', message: 'app.applied' } }));
    const warning = await screen.findByRole('alert');
    expect(warning.parentElement).toHaveClass('top-[84px]');
    act(() => clock.increment(6_100));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    act(() => clock.increment(300));
    act(() => alerts.send({ type: 'alerts.raised', alert: { type: 'INFO', message: 'app.applied' } }));
    const info = await screen.findByText('Applied');
    expect(info.closest('.bottom-6')).not.toBeNull();
    act(() => clock.increment(6_100));
    await waitFor(() => expect(screen.queryByText('Applied')).not.toBeInTheDocument());
    act(() => clock.increment(300));
    act(() => alerts.send({ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }));
    const error = await screen.findByRole('alert');
    act(() => clock.increment(60_000));
    expect(error).toHaveTextContent('You may not do this.');
    expect(screen.getByRole('alert')).toBe(error);
  });

  it('is calm: the panel surface with a coloured edge and icon, not a full-colour bar', async () => {
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    act(() => getAlerts(h.session.system)!.send({ type: 'alerts.raised', alert: { type: 'ERROR', message: 'errors.notAllowed' } }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveClass('bg-panel', 'text-ink', 'border-l-4');
    expect(alert.className).not.toMatch(/\bbg-red-/);
    expect(alert.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows an untranslated client error as its text', async () => {
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    act(() => getAlerts(h.session.system)!.send({ type: 'alerts.errorRaised', error: new Error('Invalid id') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid id');
  });
});
