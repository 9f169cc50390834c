/**
 * A screen whose code is a chunk loaded on first render (React.lazy), asked for again when the chunk
 * fails to arrive: a connection that drops while a screen loads (the server restarting, a phone
 * between networks) leaves the screen loading until the chunk comes, not an error page. The header
 * says the connection is lost meanwhile. A chunk still missing after the last try (a new version was
 * deployed and its name changed) is thrown to the error boundary, which offers a reload.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Seconds between tries: about two minutes in all, longer than a server takes to restart. */
export const CHUNK_RETRY_DELAYS_S = [1, 2, 4, 8, 15, 30, 30, 30] as const;

const wait = (seconds: number): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, seconds * 1000);
    // The browser back on a network: try at once rather than at the end of the wait.
    globalThis.addEventListener?.('online', done);
  });

/** `load()`, tried again after each of `delays` while it fails; the last failure is thrown. */
export async function importRetrying<T>(load: () => Promise<T>, delays: readonly number[] = CHUNK_RETRY_DELAYS_S): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      console.warn(`[kk] a screen's code did not load; trying again in ${delay} s`, error);
      await wait(delay);
    }
  }
}

/** React.lazy of `load`, tried again while its chunk fails to arrive. */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_S,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => importRetrying(load, delays).then((component) => ({ default: component })));
}
