/** The zipped shapefile reader: three layers in UTM zone 10N come back in WGS84, a null shape is reported by its number. */
import { readShapefile } from '../../../../src/modules/spatial/formats/readShapefile';
import { fixtureBytes } from './fixture';

/** Every position of `actual` lies within 1e-6 degrees of the one of `expected` (same nesting). */
function expectNear(actual: unknown, expected: unknown): void {
  if (typeof expected === 'number') return expect(Math.abs((actual as number) - expected)).toBeLessThan(1e-6);
  expect(Array.isArray(actual)).toBe(true);
  expect((actual as unknown[]).length).toBe((expected as unknown[]).length);
  (expected as unknown[]).forEach((e, i) => expectNear((actual as unknown[])[i], e));
}

test('a shapefile in UTM zone 10N is read in WGS84 with its attributes, layer by layer', async () => {
  const read = await readShapefile(fixtureBytes('places-utm10n.zip'));
  expect(read.format).toBe('SHAPEFILE');
  const by = (label: string) => read.features.find((f) => f.label === label)!;
  expect(read.features.map((f) => f.label).sort()).toEqual([
    'Berry patch',
    'Burial ground',
    'Sḵwx̱wú7mesh fish camp',
    'Tatlayoko cabin',
    'Trapline trail',
  ]);
  expect(by('Tatlayoko cabin').geometry.type).toBe('Point');
  expectNear(by('Tatlayoko cabin').geometry.coordinates, [-124.400123, 51.674321]);
  expectNear(by('Sḵwx̱wú7mesh fish camp').geometry.coordinates, [-123.000456, 49.850789]);
  expect(by('Trapline trail').geometry.type).toBe('LineString');
  expectNear(by('Trapline trail').geometry.coordinates, [
    [-124.1, 51.2],
    [-124.05, 51.25],
    [-123.98, 51.27],
  ]);
  const berries = by('Berry patch');
  expect(berries.geometry.type).toBe('Polygon');
  // The outer ring and its hole, each closed exactly (the GEO kind's check passed).
  expectNear(berries.geometry.coordinates, [
    [
      [-124.2, 51.3],
      [-124.2, 51.35],
      [-124.1, 51.35],
      [-124.1, 51.3],
      [-124.2, 51.3],
    ],
    [
      [-124.17, 51.31],
      [-124.13, 51.31],
      [-124.13, 51.34],
      [-124.17, 51.34],
      [-124.17, 51.31],
    ],
  ]);
  expect(berries.properties).toEqual({ NAME: 'Berry patch', KIND: 'Harvest site', YEAR: 2001, layer: 'sites_polygons' });
  expect(Object.keys(berries.geometry)).toEqual(['type', 'coordinates']);
  // The points layer's second record is a null shape: reported by its number, the others stand.
  const lost = read.problems;
  expect(lost).toHaveLength(1);
  expect(lost[0]!.reason).toBe('errors.import.noGeometry');
  const pointLines = read.features.filter((f) => f.properties.layer === 'sites_points').map((f) => f.line);
  expect(pointLines).toEqual([lost[0]!.line - 1, lost[0]!.line + 1]);
});

test('bytes that are no zip of shapefiles are a problem of the file', async () => {
  expect(await readShapefile(new TextEncoder().encode('PK\u0003\u0004 but not a zip'))).toEqual({
    format: 'SHAPEFILE',
    features: [],
    problems: [{ line: 1, reason: 'errors.import.badFile' }],
  });
});

test('a truncated zip is refused at once (the unzipper would search it for ever)', async () => {
  const zip = fixtureBytes('places-utm10n.zip');
  const read = await readShapefile(zip.subarray(0, zip.length - 30));
  expect(read.problems).toEqual([{ line: 1, reason: 'errors.import.badFile' }]);
});
