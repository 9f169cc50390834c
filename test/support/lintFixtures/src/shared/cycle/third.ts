import type { First } from './first';

/** Closes the type-only cycle back to first.ts. */
export interface Third {
  next: First | null;
}
