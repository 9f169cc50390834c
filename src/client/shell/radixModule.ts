/** The lazily loaded Radix chunk (radix.ts) and the hooks the shell's menus and dialogs use. */
import { lazyModule, useLazyModule } from './lazyModule';

export type Radix = typeof import('./radix');

export const radix = lazyModule<Radix>(() => import('./radix'));

/** Radix, or null while it loads; `wanted` (a menu or dialog is open) starts loading it. */
export const useRadix = (wanted: boolean): Radix | null => useLazyModule(radix, wanted);

/** Radix inside what only renders once it is loaded (a menu's entries, a dialog's content). */
export function loadedRadix(): Radix {
  const loaded = radix.current();
  if (!loaded) throw new Error('Radix is used before it was loaded');
  return loaded;
}
