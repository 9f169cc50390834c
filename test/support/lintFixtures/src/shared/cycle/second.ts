import type { Third } from './third';

/** The middle of the type-only cycle. */
export interface Second {
  next: Third;
}
