/** Whether a CSS media query matches, following changes (screen size decides how many columns show). */
import { useSyncExternalStore } from 'react';

/** True while `query` matches; false where the browser has no `matchMedia` (jsdom). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
  );
}
