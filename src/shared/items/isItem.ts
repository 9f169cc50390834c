import type { Item } from './types';

/**
 * Whether `value` is an item as the server answers it: an object with a string `$id` and a numeric
 * `_u`. Answers and pushes arrive untyped; this is the check that lets them be kept as an Item.
 */
export const isItem = (value: unknown): value is Item =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { $id?: unknown }).$id === 'string' &&
  typeof (value as { _u?: unknown })._u === 'number';
