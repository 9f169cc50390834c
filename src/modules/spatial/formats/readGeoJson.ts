/** The GeoJSON reader of the spatial import: a FeatureCollection, one Feature or a bare geometry (RFC 7946, WGS84). */
import { GisCollector, isRecord, type GisRead } from './gisFeature';

/** The features of GeoJSON `text`; text that is no JSON, or JSON that is no GeoJSON, is a problem of the file (line 1). */
export function readGeoJson(text: string): GisRead {
  const out = new GisCollector('GEOJSON');
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    out.fail(1, 'errors.import.badFile');
    return out.read;
  }
  if (!isRecord(json)) {
    out.fail(1, 'errors.import.badFile');
    return out.read;
  }
  const feature = (f: unknown, line: number): void => {
    if (!isRecord(f) || f.type !== 'Feature') return out.fail(line, 'errors.geometry.type');
    // A `label` member (the export's) names it when no property does.
    out.add(line, f.geometry, isRecord(f.properties) ? f.properties : {}, typeof f.label === 'string' ? f.label : undefined);
  };
  if (json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) out.fail(1, 'errors.import.badFile');
    else json.features.forEach((f, i) => feature(f, i + 1));
  } else if (json.type === 'Feature') feature(json, 1);
  else out.add(1, json, {});
  return out.read;
}
