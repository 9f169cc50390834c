/**
 * The shapefile reader of the spatial import: a zip holding one or more shapefiles (.shp, .shx,
 * .dbf, with .prj and .cpg), read by shpjs, which reprojects each layer from its .prj to WGS84 with
 * proj4 (a layer without .prj is taken to be in WGS84 already). A zip of several layers numbers the
 * features on from layer to layer, and each keeps its layer's name as the property `layer`.
 */
import { GisCollector, type GisRead } from './gisFeature';

/** The end-of-central-directory record's signature, and the farthest it lies from a zip's end (its 22 bytes and a comment). */
const END_OF_DIRECTORY = [0x50, 0x4b, 0x05, 0x06];
const END_MAX_DISTANCE = 22 + 0xffff;

/**
 * Whether `bytes` end as a zip must: shpjs's unzipper (but-unzip 0.1) looks for that record from the
 * end and, finding none, searches again from the end forever, so bytes without it never reach it.
 */
export function hasZipDirectory(bytes: Uint8Array): boolean {
  const stop = Math.max(0, bytes.length - END_MAX_DISTANCE);
  for (let i = bytes.length - 22; i >= stop; i--) if (END_OF_DIRECTORY.every((b, j) => bytes[i + j] === b)) return true;
  return false;
}

/** The features of the zipped shapefile `bytes`; a zip that holds none, or a .prj proj4 cannot read, is a problem of the file. */
export async function readShapefile(bytes: Uint8Array): Promise<GisRead> {
  const out = new GisCollector('SHAPEFILE');
  // shpjs is an ES module only: loaded when a shapefile comes.
  const { parseZip } = await import('shpjs');
  let layers;
  if (!hasZipDirectory(bytes)) {
    out.fail(1, 'errors.import.badFile');
    return out.read;
  }
  try {
    const read = await parseZip(bytes);
    layers = Array.isArray(read) ? read : [read];
  } catch {
    out.fail(1, 'errors.import.badFile');
    return out.read;
  }
  let line = 0;
  for (const layer of layers) {
    for (const f of layer.features) {
      line++;
      const properties =
        layers.length > 1 && !Object.hasOwn(f.properties, 'layer') ? { ...f.properties, layer: layer.fileName } : f.properties;
      out.add(line, f.geometry, properties);
    }
  }
  return out.read;
}
