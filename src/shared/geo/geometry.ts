/** GeoJSON geometries in WGS84 as the GEO property kind stores them, and their checks (issue 17). */

/** The geometry types a GEO value may hold: points, lines and polygons and their Multi forms. */
export const GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];

/** A position: longitude, latitude and an optional altitude. */
export type Position = readonly number[];

/** One GeoJSON geometry of a kind GEO stores. */
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: readonly Position[] }
  | { type: 'LineString'; coordinates: readonly Position[] }
  | { type: 'MultiLineString'; coordinates: readonly (readonly Position[])[] }
  | { type: 'Polygon'; coordinates: readonly (readonly Position[])[] }
  | { type: 'MultiPolygon'; coordinates: readonly (readonly (readonly Position[])[])[] };

/**
 * The most positions one value may hold: a territory traced by hand or simplified from a survey fits
 * (a detailed boundary of 10,000 vertices is ~250 KB of JSON); a raw survey belongs to the spatial
 * module's feature collections, not to one item property.
 */
export const MAX_GEOMETRY_VERTICES = 10_000;

/** The message keys of a refused geometry. */
export const GEOMETRY_ERRORS = {
  type: 'errors.geometry.type',
  coordinates: 'errors.geometry.coordinates',
  range: 'errors.geometry.range',
  ringNotClosed: 'errors.geometry.ringNotClosed',
  tooManyVertices: 'errors.geometry.tooManyVertices',
} as const;

const TYPES: ReadonlySet<string> = new Set(GEOMETRY_TYPES);

/** How deep each type nests its positions (0: one position), and the fewest positions a part needs. */
const DEPTH: Record<GeometryType, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

class Refused extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

function checkPosition(p: unknown): Position {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw new Refused(GEOMETRY_ERRORS.coordinates);
  const [lon, lat] = p as number[];
  if (lon! < -180 || lon! > 180 || lat! < -90 || lat! > 90) throw new Refused(GEOMETRY_ERRORS.range);
  return p as Position;
}

function checkList(v: unknown, min: number): unknown[] {
  if (!Array.isArray(v) || v.length < min) throw new Refused(GEOMETRY_ERRORS.coordinates);
  return v;
}

function checkLine(v: unknown): number {
  for (const p of checkList(v, 2)) checkPosition(p);
  return (v as unknown[]).length;
}

function checkPolygon(v: unknown): number {
  let count = 0;
  for (const ring of checkList(v, 1)) {
    const positions = checkList(ring, 4).map(checkPosition);
    const first = positions[0]!;
    const last = positions[positions.length - 1]!;
    if (first[0] !== last[0] || first[1] !== last[1]) throw new Refused(GEOMETRY_ERRORS.ringNotClosed);
    count += positions.length;
  }
  return count;
}

/** The number of positions in `coordinates` of `type`, or throws the message key that refuses them. */
function countPositions(type: GeometryType, coordinates: unknown): number {
  switch (type) {
    case 'Point':
      checkPosition(coordinates);
      return 1;
    case 'MultiPoint':
      for (const p of checkList(coordinates, 1)) checkPosition(p);
      return (coordinates as unknown[]).length;
    case 'LineString':
      return checkLine(coordinates);
    case 'MultiLineString':
      return checkList(coordinates, 1).reduce<number>((n, line) => n + checkLine(line), 0);
    case 'Polygon':
      return checkPolygon(coordinates);
    case 'MultiPolygon':
      return checkList(coordinates, 1).reduce<number>((n, polygon) => n + checkPolygon(polygon), 0);
  }
}

/**
 * Why `value` is not a geometry GEO stores, as a message key, or null when it is one. A value that
 * is not an object of a known type fails `type`; wrong nesting, too few positions or non-numbers
 * `coordinates`; a longitude outside ±180 or latitude outside ±90 `range`; a polygon ring whose last
 * position is not its first `ringNotClosed`; more than MAX_GEOMETRY_VERTICES positions `tooManyVertices`.
 */
export function geometryError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return GEOMETRY_ERRORS.type;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string' || !TYPES.has(type)) return GEOMETRY_ERRORS.type;
  try {
    const count = countPositions(type as GeometryType, coordinates);
    return count > MAX_GEOMETRY_VERTICES ? GEOMETRY_ERRORS.tooManyVertices : null;
  } catch (e) {
    if (e instanceof Refused) return e.key;
    throw e;
  }
}

/** Whether `value` is a geometry GEO stores. */
export function isGeometry(value: unknown): value is Geometry {
  return geometryError(value) === null;
}

/** How deep `type` nests its positions. */
export const positionDepth = (type: GeometryType): number => DEPTH[type];

/** Every position of `g`, flattened (a polygon's rings in order). */
export function positionsOf(g: Geometry): Position[] {
  const depth = DEPTH[g.type];
  let list: unknown[] = depth === 0 ? [g.coordinates] : (g.coordinates as unknown[]);
  for (let d = 1; d < depth; d++) list = list.flat(1);
  return list as Position[];
}
