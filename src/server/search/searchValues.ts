import { OpError } from '../OpError';
import { boundsError, extentOfPairs, rectangleError, type Extent } from '../../shared/geo/bounds';

/** Refuses a condition whose value has the wrong shape: the client sent something it cannot mean. */
export function badValue(key: string, expected: string): never {
  throw new OpError('parseRequestFailed', `search: ${key} takes ${expected}`);
}

/** One string or a non-empty list of strings. */
export function stringList(key: string, value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > 1000 || !list.every((v) => typeof v === 'string')) badValue(key, 'a string or a list of strings');
  return list as string[];
}

/** One plain value (string, number, boolean) or a non-empty list of them. */
export function scalarList(key: string, value: unknown): (string | number | boolean)[] {
  const list = Array.isArray(value) ? value : [value];
  const ok = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
  if (list.length === 0 || list.length > 1000 || !list.every(ok)) badValue(key, 'a plain value or a list of them');
  return list as (string | number | boolean)[];
}

/** A range given as `{from, to}` or `[from, to]`; either end may be missing or null. */
export function rangeOf(key: string, value: unknown): { from: unknown; to: unknown } {
  if (Array.isArray(value) && value.length === 2) return { from: value[0] ?? null, to: value[1] ?? null };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const v = value as { from?: unknown; to?: unknown };
    return { from: v.from ?? null, to: v.to ?? null };
  }
  return badValue(key, '{from, to} or [from, to]');
}

/** A number range's ends as numbers (or null). */
export function numberRange(key: string, value: unknown): { from: number | null; to: number | null } {
  const { from, to } = rangeOf(key, value);
  const num = (v: unknown): number | null => {
    if (v === null) return null;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return badValue(key, 'numbers as range ends');
  };
  return { from: num(from), to: num(to) };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * A date range's ends as instants: `from` inclusive, `to` inclusive for a date-time and exclusive
 * (the next day's start) for a bare date. With `daysOnly` (tr) date-times count by their date.
 * Days start at midnight `tzOffset` minutes behind UTC.
 */
export function dateRange(
  key: string,
  value: unknown,
  options: { daysOnly: boolean; tzOffset: number },
): {
  from: string | null;
  to: string | null;
  toExclusive: boolean;
} {
  const { from, to } = rangeOf(key, value);
  let toExclusive = false;
  const bound = (v: unknown, isTo: boolean): string | null => {
    if (v === null) return null;
    if (typeof v !== 'string') return badValue(key, 'ISO dates or date-times as range ends');
    const text = options.daysOnly ? v.slice(0, 10) : v;
    const day = DAY.exec(text);
    if (day) {
      const ms = Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!) + options.tzOffset * 60_000 + (isTo ? DAY_MS : 0);
      if (!Number.isFinite(ms)) return badValue(key, 'valid dates');
      if (isTo) toExclusive = true;
      return new Date(ms).toISOString();
    }
    const ms = Date.parse(text);
    if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) return badValue(key, 'ISO dates or date-times as range ends');
    return new Date(ms).toISOString();
  };
  const f = bound(from, false);
  const t = bound(to, true);
  return { from: f, to: t, toExclusive };
}

/**
 * The rectangle of a `gb` (map bounds) condition: four numbers are a rectangle (west ≤ east, south ≤
 * north); any other even count of at least two are coordinate pairs, and the rectangle around them
 * (spec 001 §5).
 */
export function boundsValue(key: string, value: unknown): Extent {
  if (Array.isArray(value) && value.length === 4) {
    if (rectangleError(value)) badValue(key, 'a rectangle: west, south, east and north, west not past east nor south past north');
    return value as unknown as Extent;
  }
  if (boundsError(value)) badValue(key, 'a rectangle or pairs of coordinates: an even count of numbers, at least 2');
  return extentOfPairs(value as number[]);
}
