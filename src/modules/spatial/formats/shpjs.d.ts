/** The part of shpjs (no types of its own) the shapefile reader uses: a zipped shapefile's layers as GeoJSON in WGS84. */
declare module 'shpjs' {
  /** A layer: its features, reprojected from its .prj, and the name of its .shp file without the extension. */
  export interface ShpLayer {
    type: 'FeatureCollection';
    features: { type: 'Feature'; geometry: unknown; properties: Record<string, unknown> }[];
    fileName: string;
  }
  /** Reads a zip holding one or more shapefiles (.shp, .dbf, .prj, .cpg); one layer alone is not in an array. */
  export function parseZip(buffer: ArrayBuffer | Uint8Array, whiteList?: string[]): Promise<ShpLayer | ShpLayer[]>;
}
