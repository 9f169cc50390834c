import { act, screen } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import { TICK_MS } from '../../machines/session/clockMachine';
import { RelativeTime } from '../../src/client/items/display/RelativeTime';
import { cleanUpApps, renderApp } from './support/renderApp';
import { renderInSession } from './support/renderInSession';

afterEach(() => {
  jest.restoreAllMocks();
  cleanUpApps();
});

describe('relative time', () => {
  it('moves on at each tick of the session clock while it stays on screen', () => {
    const clock = new SimulatedClock();
    const h = renderApp({ path: '/sign-in', clock });
    const start = Date.now();
    // The time stands still until the test moves it: on a busy machine a second once passed before the render.
    jest.spyOn(Date, 'now').mockReturnValue(start);
    renderInSession(h, <RelativeTime iso={new Date(start - 45_000).toISOString()} />);
    const time = screen.getByText('45 seconds ago');
    expect(time.tagName).toBe('TIME');

    jest.spyOn(Date, 'now').mockReturnValue(start + 20_000);
    // Nothing renders it again between ticks.
    act(() => clock.increment(TICK_MS - 1));
    expect(time).toHaveTextContent('45 seconds ago');
    act(() => clock.increment(1));
    expect(time).toHaveTextContent('1 minute ago');

    jest.spyOn(Date, 'now').mockReturnValue(start + 3 * 3_600_000);
    act(() => clock.increment(TICK_MS));
    expect(time).toHaveTextContent('3 hours ago');
  });

  it('reads a time first shown between two ticks from the moment it is shown', () => {
    const clock = new SimulatedClock();
    const h = renderApp({ path: '/sign-in', clock });
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 9_000);
    renderInSession(h, <RelativeTime iso={new Date(Date.now() - 3 * 3_600_000).toISOString()} />);
    expect(screen.getByText('3 hours ago')).toHaveAttribute('title');
  });

  it('shows a time it cannot read as it is', () => {
    const h = renderApp({ path: '/sign-in' });
    renderInSession(h, <RelativeTime iso="sometime" />);
    expect(screen.getByText('sometime').tagName).toBe('SPAN');
  });
});
