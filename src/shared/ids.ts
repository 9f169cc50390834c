/** Item ids of spec 000 §3: `Type-index`, optionally followed by a numeric creation part. */

/** The parts of a valid item id. */
export interface ItemIdParts {
  type: string;
  index: number;
  context?: number;
}

/** Thrown for an id that breaks the rules of spec 000 §3. */
export class InvalidIdError extends Error {
  constructor(readonly id: unknown) {
    super('Invalid id');
    this.name = 'InvalidIdError';
  }
}

/** An id's type, index and optional creation part, in one pass (every item read checks the ids it holds). */
const ID = /^([A-Za-z][A-Za-z0-9_]*)-(0|[1-9][0-9]{0,15})(?:-(0|[1-9][0-9]{0,15}))?$/;

/** Parses an id, or throws `Invalid id`. */
export function parseId(id: unknown): ItemIdParts {
  const m = typeof id === 'string' ? ID.exec(id) : null;
  if (!m) throw new InvalidIdError(id);
  const parsed: ItemIdParts = { type: m[1]!, index: Number(m[2]) };
  if (m[3] !== undefined) parsed.context = Number(m[3]);
  return parsed;
}

/** Whether `id` is a valid item id. */
export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && ID.test(id);
}

/** Whether `id` is a complete id of a stored item (a type and a positive index). */
export function isCompleteId(id: unknown): id is string {
  return isValidId(id) && parseId(id).index > 0;
}

/** The first two parts of an id, used to highlight every place that shows the same item. */
export function shortId(id: string): string {
  const { type, index } = parseId(id);
  return `${type}-${index}`;
}

/** Builds an id from its parts. */
export function makeId(type: string, index: number): string {
  return `${type}-${index}`;
}
