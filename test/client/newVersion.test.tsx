import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getShell } from '../../machines/systemIds';
import { registerServiceWorker } from '../../src/client/platform/registerServiceWorker';
import { cleanUpApps, renderApp } from './support/renderApp';

afterEach(cleanUpApps);

/** A browser whose service worker registration already has a new version waiting. */
function fakeBrowser(options: { controlled: boolean }) {
  const listeners = new Map<string, () => void>();
  const waiting = { postMessage: jest.fn() };
  const registration = { waiting, installing: null, addEventListener: jest.fn(), update: jest.fn(async () => undefined) };
  const container = {
    register: jest.fn(async () => registration),
    controller: options.controlled ? {} : null,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  const reload = jest.fn();
  const win = {
    navigator: { serviceWorker: container },
    location: { reload },
    setInterval: jest.fn(),
    document: { addEventListener: jest.fn(), visibilityState: 'visible' },
  } as unknown as Window;
  return { win, waiting, reload, container, fire: (type: string) => listeners.get(type)?.() };
}

describe('new version prompt', () => {
  it('offers the waiting version and reloads into it on Refresh', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const browser = fakeBrowser({ controlled: true });
    await act(() => registerServiceWorker(browser.win, getShell(h.session.system)!, jest.fn()));
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js');
    expect(await screen.findByText('A new version of KnowledgeKeeper is available.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(browser.waiting.postMessage).toHaveBeenCalledWith({ type: 'skipWaiting' });
    browser.fire('controllerchange');
    expect(browser.reload).toHaveBeenCalled();
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();
  });

  it('says nothing on the first visit, when the waiting worker is this version', async () => {
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const browser = fakeBrowser({ controlled: false });
    await act(() => registerServiceWorker(browser.win, getShell(h.session.system)!, jest.fn()));
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();
  });

  it('lets the user put the update off', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    const browser = fakeBrowser({ controlled: true });
    await act(() => registerServiceWorker(browser.win, getShell(h.session.system)!, jest.fn()));
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByText(/A new version/)).not.toBeInTheDocument();
    expect(browser.waiting.postMessage).not.toHaveBeenCalled();
  });

  it('reports a failed registration as an error to ignore', async () => {
    const h = renderApp({ signedIn: true });
    const browser = fakeBrowser({ controlled: true });
    browser.container.register.mockRejectedValueOnce(new Error('insecure origin'));
    const onError = jest.fn();
    await registerServiceWorker(browser.win, getShell(h.session.system)!, onError);
    expect(onError).toHaveBeenCalledWith(new Error('service worker: insecure origin'));
  });
});
