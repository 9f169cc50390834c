/**
 * What the GIS file readers of the spatial module answer (issue 17): each place of a file as a
 * feature (its geometry as the GEO kind stores it, its own properties as read, the label it gets),
 * and per feature what could not be read, by its number in the file (a CSV file's line) and the
 * message key of the reason. Geometries go through the GEO kind's own check (src/shared/geo).
 */
import { geometryError, GEOMETRY_ERRORS, type Geometry, type GeometryType } from '../../../shared/geo/geometry';

/** The file formats the spatial import reads (GISCollection.kind). */
export const GIS_FORMATS = ['GEOJSON', 'SHAPEFILE', 'KML', 'GPX', 'CSV'] as const;
export type GisFormat = (typeof GIS_FORMATS)[number];

/** One place of a file. */
export interface GisFeature {
  /** Its number in the file, from 1 (a CSV file's line, the header being line 1). */
  line: number;
  geometry: Geometry;
  /** The file's own properties of it, as read. */
  properties: Record<string, unknown>;
  /** What it is called: its name, title or label property, else "Feature N". */
  label: string;
}

/** What could not be read of a feature (or of the file, line 1 of a CSV file's header). */
export interface GisProblem {
  line: number;
  /** A message key: errors.geometry.* as the GEO kind refuses, or errors.import.*. */
  reason: string;
}

/** A file read: its format, the features it holds and what could not be read. */
export interface GisRead {
  format: GisFormat;
  features: GisFeature[];
  problems: GisProblem[];
}

/** The properties whose text names a place, in the order they are asked. */
const LABEL_PROPERTIES = ['name', 'title', 'label', 'NAME', 'Name', 'TITLE', 'Title', 'LABEL', 'Label'];

/** Longest label kept (SpatialFeature.label). */
export const GIS_LABEL_MAX = 200;

/** A feature's label: the first of its naming properties with text, else `fallback`, else "Feature N". */
export function featureLabel(properties: Record<string, unknown>, line: number, fallback?: string): string {
  for (const name of LABEL_PROPERTIES) {
    const v = properties[name];
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v).trim().slice(0, GIS_LABEL_MAX);
  }
  return fallback?.trim() ? fallback.trim().slice(0, GIS_LABEL_MAX) : `Feature ${line}`;
}

const MULTI: Partial<Record<string, GeometryType>> = { Point: 'MultiPoint', LineString: 'MultiLineString', Polygon: 'MultiPolygon' };

/**
 * A geometry as GEO stores it (type and coordinates only: a bbox or other members dropped), or the
 * message key that refuses it. A GeometryCollection of one kind of part (KML's MultiGeometry, as
 * togeojson reads it) becomes the Multi form of that kind; one of mixed kinds is refused.
 */
export function storedGeometry(value: unknown): Geometry | { reason: string } {
  if (typeof value !== 'object' || value === null) return { reason: GEOMETRY_ERRORS.type };
  const g = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  let candidate: unknown = { type: g.type, coordinates: g.coordinates };
  if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) {
    const parts = g.geometries as { type?: unknown; coordinates?: unknown }[];
    const kinds = new Set(parts.map((p) => p?.type));
    const [kind] = [...kinds];
    const multi = kinds.size === 1 && typeof kind === 'string' ? MULTI[kind] : undefined;
    if (!multi) return { reason: GEOMETRY_ERRORS.type };
    candidate = { type: multi, coordinates: parts.map((p) => p.coordinates) };
  }
  const error = geometryError(candidate);
  return error ? { reason: error } : (candidate as Geometry);
}

/** Collects a file's features and problems as a reader finds them. */
export class GisCollector {
  readonly features: GisFeature[] = [];
  readonly problems: GisProblem[] = [];

  constructor(readonly format: GisFormat) {}

  /** Adds the feature of `line` if its geometry is one GEO stores, else its problem. */
  add(line: number, geometry: unknown, properties: Record<string, unknown>, fallbackLabel?: string): void {
    if (geometry === null || geometry === undefined) {
      this.problems.push({ line, reason: 'errors.import.noGeometry' });
      return;
    }
    const stored = storedGeometry(geometry);
    if ('reason' in stored) this.problems.push({ line, reason: stored.reason });
    else this.features.push({ line, geometry: stored, properties, label: featureLabel(properties, line, fallbackLabel) });
  }

  /** A problem of the whole file (at `line`). */
  fail(line: number, reason: string): void {
    this.problems.push({ line, reason });
  }

  get read(): GisRead {
    return { format: this.format, features: this.features, problems: this.problems };
  }
}

/** A plain object (a JSON object, not an array or null). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
