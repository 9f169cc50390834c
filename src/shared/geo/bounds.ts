/** Map bounds: the site's default and the spec's checks (spec 000 §9, spec 001 §5). */

import { DEFAULT_BOUNDS as SITE_DEFAULT } from '../constants';

/** A rectangle in WGS84: west, south, east, north. */
export type Extent = readonly [number, number, number, number];

/** The site's default bounds when nothing is selected (spec 000 §9): most of Canada. */
export const DEFAULT_BOUNDS: Extent = SITE_DEFAULT;

/** The message keys of refused bounds. */
export const BOUNDS_ERRORS = {
  /** Bounds are pairs of coordinates, at least one pair (spec 001 §5). */
  pairs: 'errors.bounds.pairs',
  /** A rectangle is exactly four numbers. */
  rectangle: 'errors.bounds.rectangle',
} as const;

const isNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Why `coords` are not map bounds (an even number of numbers, at least 2), or null when they are. */
export function boundsError(coords: unknown): string | null {
  if (!Array.isArray(coords) || coords.length < 2 || coords.length % 2 !== 0 || !coords.every(isNumber)) return BOUNDS_ERRORS.pairs;
  return null;
}

/** Why `coords` are not a rectangle (four numbers, west ≤ east and south ≤ north), or null when they are. */
export function rectangleError(coords: unknown): string | null {
  if (!Array.isArray(coords) || coords.length !== 4 || !coords.every(isNumber)) return BOUNDS_ERRORS.rectangle;
  const [w, s, e, n] = coords as number[];
  return w! <= e! && s! <= n! ? null : BOUNDS_ERRORS.rectangle;
}

/** The rectangle around bounds given as coordinate pairs (checked with `boundsError` first). */
export function extentOfPairs(coords: readonly number[]): Extent {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < coords.length; i += 2) {
    w = Math.min(w, coords[i]!);
    e = Math.max(e, coords[i]!);
    s = Math.min(s, coords[i + 1]!);
    n = Math.max(n, coords[i + 1]!);
  }
  return [w, s, e, n];
}

/** Whether a position lies in the rectangle. */
export const extentContains = (x: Extent, lon: number, lat: number): boolean => lon >= x[0] && lon <= x[2] && lat >= x[1] && lat <= x[3];
