/**
 * The spatial module's GIS import and export (issue 17), server side. The reader of SPATIAL_FEATURES
 * (src/server/imports/ImportReader.ts) reads an uploaded GIS file (formats/) into one GISCollection
 * for the file (the import's head: name, source Import, kind, containedAs the target collection) and
 * one SpatialFeature per place (label, geometry, the file's properties as attributes, the collection,
 * importedVia the GISCollection; owned by the collection's community). The task `act/spatialExport/async`
 * writes a collection's places as GeoJSON or KML, which import back unchanged.
 */
import { readFile } from 'node:fs/promises';
import * as yup from 'yup';
import type { Geometry } from '../../shared/geo/geometry';
import type { ImportReader, ImportRecord } from '../../server/imports/ImportReader';
import { canRead } from '../../server/policy/policy';
import type { ItemRecord } from '../../server/store/ItemRecord';
import { TaskError } from '../../server/tasks/TaskError';
import type { TaskKind } from '../../server/tasks/TaskKind';
import type { GisFeature, GisRead } from './formats/gisFeature';
import { readGisFile } from './formats/readGisFile';
import { writeGeoJson, type GisOutFeature } from './formats/writeGeoJson';
import { writeKml } from './formats/writeKml';
import { SPATIAL_FEATURES } from './gisImportKind';
import { ARCHIVED } from './spatialRules';

/** Attributes of a place shown in a dry run's preview (the file's first property names). */
const PREVIEW_ATTRIBUTES = 6;

/** A property value as a preview cell. */
const cellText = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The records of `read`, in the file's order: a place each, or what could not be read of it; `progress` is told the share handed on. */
function* recordsOf(
  read: GisRead,
  columns: readonly string[],
  common: Record<string, unknown>,
  progress: (share: number) => void,
): Generator<ImportRecord> {
  const entries: (GisFeature | { line: number; reason: string })[] = [...read.features, ...read.problems];
  entries.sort((a, b) => a.line - b.line);
  for (const [i, e] of entries.entries()) {
    progress(i / entries.length);
    if ('reason' in e) {
      yield { line: e.line, body: null, problems: [{ line: e.line, field: '', reason: e.reason }], cells: [] };
      continue;
    }
    yield {
      line: e.line,
      body: { ...common, label: e.label, geometry: e.geometry, attributes: e.properties },
      problems: [],
      cells: [e.label, ...columns.map((c) => cellText(e.properties[c]))],
    };
  }
}

/** SPATIAL_FEATURES: a GIS file into the SpatialCollection the Import goes into. */
export const gisReader: ImportReader = {
  kind: SPATIAL_FEATURES,
  async read({ importId, into, file, progress }) {
    if (!into) throw new TaskError('errors.import.noTarget', `${importId} has no collection`);
    if (into.data.state === ARCHIVED) throw new TaskError('errors.import.archivedTarget', `${into.id} is archived`);
    const bytes = new Uint8Array(await readFile(file.path));
    const read = await readGisFile(bytes, file.originalName);
    if (!read) throw new TaskError('errors.import.fileType', `${file.originalName} is no GIS file`);
    const fileProblem = read.features.length === 0 && read.problems.find((p) => p.reason === 'errors.import.badFile');
    if (fileProblem) throw new TaskError('errors.import.badFile', `${file.originalName} cannot be read as ${read.format}`);
    const columns = [...new Set(read.features.flatMap((f) => Object.keys(f.properties)))].slice(0, PREVIEW_ATTRIBUTES);
    const owner = into.data.owner ?? null;
    return {
      columns: ['label', ...columns],
      head: {
        type: 'GISCollection',
        body: { name: file.originalName.slice(0, 300), source: { id: importId }, kind: read.format, containedAs: { id: into.id }, owner },
        property: 'importedVia',
      },
      records: recordsOf(read, columns, { collection: { id: into.id }, owner }, progress),
    };
  },
};

/** The formats a collection is exported to. */
const EXPORT_FORMATS = {
  GEOJSON: { ext: 'geojson', type: 'application/geo+json' },
  KML: { ext: 'kml', type: 'application/vnd.google-earth.kml+xml' },
};

const exportBody = yup
  .object({
    collectionId: yup
      .string()
      .matches(/^SpatialCollection-\d+$/)
      .required(),
    format: yup
      .string()
      .oneOf(['GEOJSON', 'KML'] as const)
      .required(),
  })
  .noUnknown()
  .strict();

/** Places read a thousand at a time. */
const CHUNK = 1000;

/** A file name from a collection's label: letters, digits, spaces, dots and dashes. */
const fileNameOf = (label: unknown, ext: string): string =>
  `${
    (typeof label === 'string' ? label : '')
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .slice(0, 100) || 'places'
  }.${ext}`;

/**
 * `act/spatialExport/async` with `{collectionId, format: GEOJSON | KML}`: the places of the
 * collection the caller may read (archived ones left out, as in results), each with its geometry,
 * the file's properties it was imported with (attributes) and its label, as `<collection>.geojson` or
 * `.kml`. The caller must be able to read the collection; a collection of no such place fails with errors.nothingToExport.
 */
export const spatialExportTask: TaskKind = {
  name: 'spatialExport',
  body: exportBody,
  async run({ caller, services, signal, progress, writeResult }, input) {
    const { collectionId, format } = exportBody.validateSync(input);
    const collection = await services.items.find(collectionId);
    if (!collection || collection.deletedAt || !canRead(caller, collection))
      throw new TaskError('errors.notAllowed', `${collectionId} is not the caller's to read`);
    const ids = (
      await services.db.query<{ id: string }>(
        `SELECT id FROM items WHERE type = 'SpatialFeature' AND deleted_at IS NULL AND data->'collection'->>'id' = $1
           AND coalesce(data->>'state', '') <> 'ARCHIVED' ORDER BY idx`,
        [collectionId],
      )
    ).rows.map((r) => r.id);
    const features: GisOutFeature[] = [];
    for (let n = 0; n < ids.length; n += CHUNK) {
      if (signal.aborted) throw signal.reason;
      const records: ItemRecord[] = await services.items.findReadable(caller, ids.slice(n, n + CHUNK));
      for (const r of records) {
        if (!r.data.geometry) continue;
        const attributes = r.data.attributes;
        features.push({
          geometry: r.data.geometry as Geometry,
          properties:
            typeof attributes === 'object' && attributes !== null && !Array.isArray(attributes)
              ? (attributes as Record<string, unknown>)
              : {},
          label: typeof r.data.label === 'string' ? r.data.label : r.id,
        });
      }
      progress(Math.min(100, ((n + CHUNK) / ids.length) * 100));
    }
    if (features.length === 0) throw new TaskError('errors.nothingToExport', `${collectionId} has no place to export`);
    const { ext, type } = EXPORT_FORMATS[format];
    const name = fileNameOf(collection.data.label, ext);
    const label = typeof collection.data.label === 'string' ? collection.data.label : collectionId;
    await writeResult(name, format === 'KML' ? writeKml(label, features) : writeGeoJson(label, features));
    return { file: { name, type } };
  },
};
