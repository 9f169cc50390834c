/**
 * The spatial module's import kind (issue 17): a GIS file (GeoJSON, zipped shapefile, KML, GPX or
 * CSV with coordinates) imported into a SpatialCollection, one SpatialFeature per place, read by the
 * module's own reader (gisImport.ts) rather than as rows. Both sides read it.
 */
import type { ImportKindDef } from '../../shared/imports/ImportKindDef';

/** The kind's name (Import.kind). */
export const SPATIAL_FEATURES = 'SPATIAL_FEATURES';

/** The file extensions and media types the import screen's file picker offers. */
export const GIS_ACCEPT: readonly string[] = [
  '.geojson',
  '.json',
  '.zip',
  '.kml',
  '.kmz',
  '.gpx',
  '.csv',
  'application/geo+json',
  'application/zip',
  'application/vnd.google-earth.kml+xml',
  'application/vnd.google-earth.kmz',
  'application/gpx+xml',
  'text/csv',
];

/** The import kinds the spatial module registers (ModuleModel.importKinds). */
export const gisImportKinds: readonly ImportKindDef[] = [
  {
    kind: SPATIAL_FEATURES,
    type: 'SpatialFeature',
    reader: { accept: GIS_ACCEPT, into: 'SpatialCollection', hint: 'imports.hint.SPATIAL_FEATURES' },
  },
];

/** The labels of the kind, of its hint and of the export task in the tasks list (the module's labels). */
export const gisImportLabels: Readonly<Record<string, string>> = {
  'tasks.spatialExport': 'Export of places',
  'imports.kinds.SPATIAL_FEATURES': 'GIS file (GeoJSON, shapefile, KML, GPX, CSV)',
  'imports.hint.SPATIAL_FEATURES':
    'Each place of the file becomes a place of the collection, with the file’s own details kept. A shapefile comes zipped with its .prj; a CSV file names its latitude and longitude columns.',
};
