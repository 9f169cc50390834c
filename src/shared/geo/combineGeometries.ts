/** Drawn shapes joined into the one geometry a GEO value holds. */
import type { Geometry, Position } from './geometry';

/** The kind of shape a geometry is made of. */
export type ShapeKind = 'Point' | 'LineString' | 'Polygon';

/** A geometry's shape kind, its Multi form counted as the same. */
export const shapeKindOf = (g: Geometry): ShapeKind => g.type.replace('Multi', '') as ShapeKind;

/** The single shapes a geometry is made of (a Multi form's parts, or itself). */
export function partsOf(g: Geometry): Geometry[] {
  switch (g.type) {
    case 'MultiPoint':
      return g.coordinates.map((coordinates) => ({ type: 'Point', coordinates }));
    case 'MultiLineString':
      return g.coordinates.map((coordinates) => ({ type: 'LineString', coordinates }));
    case 'MultiPolygon':
      return g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
    default:
      return [g];
  }
}

/**
 * One geometry of `parts` (all of one shape kind): null for none, the part itself for one, the Multi
 * form for several. Parts of another kind than the first are left out: a value holds one kind.
 */
export function combineGeometries(parts: readonly Geometry[]): Geometry | null {
  const singles = parts.flatMap(partsOf);
  if (singles.length === 0) return null;
  const kind = shapeKindOf(singles[0]!);
  const same = singles.filter((g) => shapeKindOf(g) === kind);
  if (same.length === 1) return same[0]!;
  const coords = same.map((g) => g.coordinates);
  switch (kind) {
    case 'Point':
      return { type: 'MultiPoint', coordinates: coords as Position[] };
    case 'LineString':
      return { type: 'MultiLineString', coordinates: coords as Position[][] };
    case 'Polygon':
      return { type: 'MultiPolygon', coordinates: coords as Position[][][] };
  }
}
