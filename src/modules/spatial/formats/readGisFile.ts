/** Which GIS format a file is, by its bytes first and its name after, and its features read by that format's reader. */
import type { GisFormat, GisRead } from './gisFeature';
import { readCsv } from './readCsv';
import { readGeoJson } from './readGeoJson';
import { readGpx } from './readGpx';
import { readKml } from './readKml';
import { kmlOfZip } from './readKmz';
import { readShapefile } from './readShapefile';

/** The file extensions the spatial import reads (the import screen's file picker offers these). */
export const GIS_FILE_EXTENSIONS = ['.geojson', '.json', '.zip', '.kml', '.kmz', '.gpx', '.csv'] as const;

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * The format of a file: a zip is a shapefile (or KML when named .kmz: readGisFile looks inside); XML whose root is <kml> or <gpx> KML or GPX; text
 * starting with `{` GeoJSON; then by the name's extension (.geojson, .json, .kml, .gpx, .csv); other
 * text is taken for CSV. Null for bytes no reader can take (a binary file that is no zip).
 */
export function detectGisFormat(bytes: Uint8Array, name: string): GisFormat | null {
  if (ZIP.every((b, i) => bytes[i] === b)) return name.toLowerCase().endsWith('.kmz') ? 'KML' : 'SHAPEFILE';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) {
    if (/<(\w+:)?kml[\s>]/.test(head)) return 'KML';
    if (/<(\w+:)?gpx[\s>]/.test(head)) return 'GPX';
  }
  if (head.startsWith('{')) return 'GEOJSON';
  const lower = name.toLowerCase();
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'GEOJSON';
  if (lower.endsWith('.kml')) return 'KML';
  if (lower.endsWith('.gpx')) return 'GPX';
  if (lower.endsWith('.zip')) return 'SHAPEFILE';
  // Text with no NUL byte may be CSV; its reader says whether it names coordinate columns.
  return bytes.subarray(0, 4096).includes(0) ? null : 'CSV';
}

/**
 * The features of file `name` holding `bytes`, in the format its bytes say; null when no reader can
 * take it. A zip holding a .kml and no shapefile is KMZ, whatever its name.
 */
export async function readGisFile(bytes: Uint8Array, name: string): Promise<GisRead | null> {
  const format = detectGisFormat(bytes, name);
  if (!format) return null;
  if (ZIP.every((b, i) => bytes[i] === b)) {
    const kml = await kmlOfZip(bytes);
    if (kml !== null) return readKml(kml);
    if (format === 'KML') return { format, features: [], problems: [{ line: 1, reason: 'errors.import.badFile' }] };
    return readShapefile(bytes);
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  switch (format) {
    case 'GEOJSON':
      return readGeoJson(text);
    case 'KML':
      return readKml(text);
    case 'GPX':
      return readGpx(text);
    case 'CSV':
      return readCsv(text);
    case 'SHAPEFILE':
      // Named .zip but no zip: its reader says the file cannot be read.
      return readShapefile(bytes);
  }
}
