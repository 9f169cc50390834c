/**
 * Registers /sw.js, checks for a new version every hour and when the tab comes back, and tells the
 * shell when one waits; when the user accepts, the waiting worker takes over and the page reloads.
 */
import type { ShellActorRef } from '../../../machines/systemIds';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Starts the service worker; failures are reported as the ignorable kind (spec 000 §8 step 6). */
export async function registerServiceWorker(win: Window, shell: ShellActorRef, onError: (error: unknown) => void): Promise<void> {
  const container = win.navigator.serviceWorker;
  if (!container) return;
  try {
    const registration = await container.register('/sw.js');
    const offer = (): void => {
      // A first install has no controller: that is this version, not a new one.
      if (registration.waiting && container.controller) shell.send({ type: 'shell.newVersionFound' });
    };
    offer();
    registration.addEventListener('updatefound', () => {
      registration.installing?.addEventListener('statechange', offer);
    });
    shell.on('shell.updateAccepted', () => {
      container.addEventListener('controllerchange', () => win.location.reload());
      registration.waiting?.postMessage({ type: 'skipWaiting' });
    });
    const check = (): void => void registration.update().catch(() => undefined);
    win.setInterval(check, UPDATE_CHECK_MS);
    win.document.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'visible') check();
    });
  } catch (error) {
    onError(error instanceof Error ? new Error(`service worker: ${error.message}`) : error);
  }
}
