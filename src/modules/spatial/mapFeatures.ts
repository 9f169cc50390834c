/**
 * Map features (spec 001 §3 "Map feature: $id, bbox, proxy, rel, properties, geometry, collection"):
 * the wire shape `act/streamFeatures` answers, never stored. A spatial feature is drawn as itself; any
 * other item with a geometry is drawn through a feature standing for it (`proxy`: the item's id).
 */
import { positionsOf, type Geometry } from '../../shared/geo/geometry';

/** One feature drawn on a map. */
export interface MapFeature {
  /** The feature's own id: a SpatialFeature's id, or `{item id}:{property}` for an item drawn through one. */
  $id: string;
  /** West, south, east, north. */
  bbox: [number, number, number, number];
  /** The item the feature stands for when it is drawn for another (a consultation's area). */
  proxy?: string;
  /** The item it opens: the SpatialFeature, or the item with the geometry. */
  rel: string;
  properties: { label: string; type: string; spatialType?: string; state?: string };
  geometry: Geometry;
  /** The SpatialCollection it belongs to. */
  collection?: string;
}

/** How many features one streamed piece carries (so 100,000 features are not one frame). */
export const FEATURES_PER_PIECE = 1000;

/** Most ids one request names. */
export const MAX_RELATED_IDS = 1000;

/** Most types one request's `onlyProxyTypes` names. */
export const MAX_PROXY_TYPES = 50;

/** The bounding box of a geometry: west, south, east, north. */
export function bboxOf(geometry: Geometry): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of positionsOf(geometry)) {
    if (lon! < w) w = lon!;
    if (lon! > e) e = lon!;
    if (lat! < s) s = lat!;
    if (lat! > n) n = lat!;
  }
  return [w, s, e, n];
}

/** The id inside a relation value (`{id}`), or null. */
export const relId = (v: unknown): string | null =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;
