import type { Second } from './second';

/** One end of a cycle that only types close: first -> second -> third -> first. */
export interface First {
  next: Second;
}
