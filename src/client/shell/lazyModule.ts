/**
 * Code a screen needs only once a person opens something (a menu, a dialog): loaded on first use or
 * when the page is idle, so it stays out of the first download, and given synchronously once loaded.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { CHUNK_RETRY_DELAYS_S, importRetrying } from './lazyScreen';

export interface LazyModule<T> {
  /** The module once loaded, else null. */
  current(): T | null;
  /** Loads the module (once; again after a failure). */
  load(): Promise<T>;
  subscribe(listener: () => void): () => void;
}

/** A module loaded by `loader` on the first `load()`, tried again after each of `retryDelays` (seconds) while it fails. */
export function lazyModule<T>(loader: () => Promise<T>, retryDelays: readonly number[] = CHUNK_RETRY_DELAYS_S): LazyModule<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    load() {
      pending ??= importRetrying(loader, retryDelays).then(
        (loaded) => {
          value = loaded;
          for (const listener of [...listeners]) listener();
          return loaded;
        },
        (error: unknown) => {
          // A chunk that failed to arrive (offline, a new version deployed) is asked for again next time.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The module, or null while it loads; `wanted` starts the loading (the person opened what needs it). */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | null {
  const value = useSyncExternalStore(module.subscribe, module.current, module.current);
  useEffect(() => {
    if (wanted && value === null) module.load().catch((error: unknown) => console.warn('[kk] could not load a screen part', error));
  }, [module, wanted, value]);
  return value;
}

/** Loads `module` once the page is idle (after the first render), so it is there before the first click. */
export function preloadWhenIdle(module: LazyModule<unknown>, win: Window = window): void {
  const start = (): void => void module.load().catch(() => undefined);
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(start, { timeout: 2000 });
  else win.setTimeout(start, 200);
}
