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

const TYPE_PART = /^[A-Za-z][A-Za-z0-9_]*$/;
const NUMBER_PART = /^(0|[1-9][0-9]{0,15})$/;

/** Parses an id, or throws `Invalid id`. */
export function parseId(id: unknown): ItemIdParts {
  if (typeof id !== 'string') throw new InvalidIdError(id);
  const parts = id.split('-');
  if (parts.length < 2 || parts.length > 3) throw new InvalidIdError(id);
  const [type, index, context] = parts as [string, string, string | undefined];
  if (!TYPE_PART.test(type) || !NUMBER_PART.test(index)) throw new InvalidIdError(id);
  if (context !== undefined && !NUMBER_PART.test(context)) throw new InvalidIdError(id);
  const parsed: ItemIdParts = { type, index: Number(index) };
  if (context !== undefined) parsed.context = Number(context);
  return parsed;
}

/** Whether `id` is a valid item id. */
export function isValidId(id: unknown): id is string {
  try {
    parseId(id);
    return true;
  } catch {
    return false;
  }
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
