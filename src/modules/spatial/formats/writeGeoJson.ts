/** The GeoJSON export of the spatial module: features as a FeatureCollection (RFC 7946) that readGeoJson reads back as it was. */
import type { Geometry } from '../../../shared/geo/geometry';

/** One feature to write: its geometry, its properties as the file had them, and its label. */
export interface GisOutFeature {
  geometry: Geometry;
  properties: Record<string, unknown>;
  label: string;
}

/**
 * The GeoJSON text of `features`: the collection's `name` and each feature's `label` are foreign
 * members (RFC 7946 §6.1) other tools ignore; readGeoJson takes the label when no property names the feature.
 */
export function writeGeoJson(name: string, features: readonly GisOutFeature[]): string {
  return `${JSON.stringify({
    type: 'FeatureCollection',
    name,
    features: features.map((f) => ({ type: 'Feature', label: f.label, properties: f.properties, geometry: f.geometry })),
  })}\n`;
}
