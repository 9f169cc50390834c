/**
 * The CSV reader of the spatial import: one point a row, from a pair of coordinate columns named
 * (in any case) latitude/longitude, lat/lon (or lng, long), or y/x, in WGS84 degrees; the other
 * columns are its properties, as text. Lines are numbered as a spreadsheet does (the header is 1).
 */
import { parse } from 'csv-parse/sync';
import { GEOMETRY_ERRORS } from '../../../shared/geo/geometry';
import { GisCollector, type GisRead } from './gisFeature';

/** The coordinate columns, latitude's name then longitude's, in the order they are looked for. */
const PAIRS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [['latitude'], ['longitude']],
  [['lat'], ['lon', 'lng', 'long']],
  [['y'], ['x']],
];

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The features of CSV `text`; a header without coordinate columns is a problem of line 1 (errors.import.noCoordinates). */
export function readCsv(text: string): GisRead {
  const out = new GisCollector('CSV');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch {
    out.fail(1, 'errors.import.badFile');
    return out.read;
  }
  if (records.length === 0) return out.read;
  const header = records[0]!.record.map((c) => c.trim());
  const lower = header.map((c) => c.toLowerCase());
  let lat = -1;
  let lon = -1;
  for (const [lats, lons] of PAIRS) {
    lat = lower.findIndex((c) => lats.includes(c));
    lon = lower.findIndex((c) => lons.includes(c));
    if (lat >= 0 && lon >= 0) break;
  }
  if (lat < 0 || lon < 0) {
    out.fail(1, 'errors.import.noCoordinates');
    return out.read;
  }
  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    if (record.length > header.length) {
      out.fail(line, 'errors.import.columnCount');
      continue;
    }
    const [y, x] = [record[lat]?.trim() ?? '', record[lon]?.trim() ?? ''];
    if (!NUMBER.test(y) || !NUMBER.test(x)) {
      out.fail(line, GEOMETRY_ERRORS.coordinates);
      continue;
    }
    const properties: Record<string, unknown> = {};
    header.forEach((name, i) => {
      if (i !== lat && i !== lon) properties[name] = record[i] ?? '';
    });
    out.add(line, { type: 'Point', coordinates: [Number(x), Number(y)] }, properties);
  }
  return out.read;
}
