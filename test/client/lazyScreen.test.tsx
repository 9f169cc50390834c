/**
 * A screen whose code fails to arrive (the connection dropped while it loaded) stays loading and
 * appears once its chunk comes; after the last try the failure reaches the error boundary.
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ErrorBoundary } from '../../src/client/app/ErrorBoundary';
import { importRetrying, lazyScreen } from '../../src/client/shell/lazyScreen';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://kk.test/assets/chunks/Dashboard.js');
const Dashboard = () => <h2>Dashboard</h2>;

describe('screens loaded on demand', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the screen once its chunk arrives after failed tries', async () => {
    const load = jest.fn<Promise<typeof Dashboard>, []>().mockRejectedValueOnce(chunkError()).mockRejectedValueOnce(chunkError());
    load.mockResolvedValue(Dashboard);
    const Screen = lazyScreen(load, [0.01, 0.01, 0.01]);
    render(
      <ErrorBoundary translate={(key) => key}>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives the last failure to the error boundary, which offers a reload', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn<Promise<typeof Dashboard>, []>().mockRejectedValue(chunkError());
    const Screen = lazyScreen(load, [0.01]);
    render(
      <ErrorBoundary translate={(key) => (key === 'app.error.reload' ? 'Reload' : key)}>
        <Suspense fallback={<p>Loading</p>}>
          <Screen />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries at once when the browser is back on a network', async () => {
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(chunkError()).mockResolvedValue('loaded');
    const loaded = importRetrying(load, [600]);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
