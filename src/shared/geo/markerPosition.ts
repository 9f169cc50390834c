/** Where a geometry's marker stands, and the key of that place (spec 001 §9). */
import type { Geometry, Position } from './geometry';

/** Area-weighted centroid and area of a closed ring (planar, in degrees: good enough for a marker). */
function ringCentroid(ring: readonly Position[]): { at: Position; area: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[i + 1]!;
    const f = x0! * y1! - x1! * y0!;
    a += f;
    cx += (x0! + x1!) * f;
    cy += (y0! + y1!) * f;
  }
  if (a === 0) return { at: ring[0]!, area: 0 };
  return { at: [cx / (3 * a), cy / (3 * a)], area: Math.abs(a / 2) };
}

/** The point halfway along a line. */
function lineMiddle(line: readonly Position[]): { at: Position; length: number } {
  const seg = line.slice(1).map((p, i) => Math.hypot(p[0]! - line[i]![0]!, p[1]! - line[i]![1]!));
  const length = seg.reduce((a, b) => a + b, 0);
  let left = length / 2;
  for (let i = 0; i < seg.length; i++) {
    if (left <= seg[i]! && seg[i]! > 0) {
      const t = left / seg[i]!;
      const [a, b] = [line[i]!, line[i + 1]!];
      return { at: [a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t], length };
    }
    left -= seg[i]!;
  }
  return { at: line[0]!, length };
}

const largest = <T>(parts: readonly T[], size: (p: T) => number): T => parts.reduce((best, p) => (size(p) > size(best) ? p : best));

/**
 * The one point a geometry's marker stands on: a point itself, the first of several points, a line's
 * halfway point, a polygon's outer ring's centroid; of a Multi form, its longest line or largest polygon.
 */
export function markerPosition(g: Geometry): [number, number] {
  const xy = (p: Position): [number, number] => [p[0]!, p[1]!];
  switch (g.type) {
    case 'Point':
      return xy(g.coordinates);
    case 'MultiPoint':
      return xy(g.coordinates[0]!);
    case 'LineString':
      return xy(lineMiddle(g.coordinates).at);
    case 'MultiLineString':
      return xy(lineMiddle(largest(g.coordinates, (l) => lineMiddle(l).length)).at);
    case 'Polygon':
      return xy(ringCentroid(g.coordinates[0]!).at);
    case 'MultiPolygon':
      return xy(ringCentroid(largest(g.coordinates, (p) => ringCentroid(p[0]!).area)[0]!).at);
  }
}

/**
 * The key of a marker's place (spec 001 §9): longitude and latitude to 5 decimals (about a metre),
 * each written in base 36. Markers with the same key stand on the same spot and are drawn as one.
 */
export function markerHash([lon, lat]: readonly [number, number]): string {
  return `${Math.round(lon * 1e5).toString(36)},${Math.round(lat * 1e5).toString(36)}`;
}
