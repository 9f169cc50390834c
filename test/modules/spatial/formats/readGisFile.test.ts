/** Format detection by bytes, then by name. */
import { detectGisFormat, readGisFile } from '../../../../src/modules/spatial/formats/readGisFile';
import { fixtureBytes } from './fixture';

const text = (s: string) => new TextEncoder().encode(s);

test('each fixture is told by its bytes, whatever its name', () => {
  expect(detectGisFormat(fixtureBytes('places-utm10n.zip'), 'upload.bin')).toBe('SHAPEFILE');
  expect(detectGisFormat(fixtureBytes('territory.kml'), 'upload.xml')).toBe('KML');
  expect(detectGisFormat(fixtureBytes('trip.gpx'), 'upload.xml')).toBe('GPX');
  expect(detectGisFormat(fixtureBytes('sites.geojson'), 'upload.txt')).toBe('GEOJSON');
  expect(detectGisFormat(fixtureBytes('sites.csv'), 'upload.txt')).toBe('CSV');
});

test('by the name when the bytes do not say; a binary file that is no zip is no GIS file', () => {
  expect(detectGisFormat(text('  '), 'empty.geojson')).toBe('GEOJSON');
  expect(detectGisFormat(text('\uFEFF<?xml version="1.0"?>\n<kml:kml xmlns:kml="x">'), 'a')).toBe('KML');
  expect(detectGisFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'map.png')).toBeNull();
});

test('readGisFile reads with the detected format', async () => {
  expect((await readGisFile(fixtureBytes('trip.gpx'), 'trip.gpx'))?.features).toHaveLength(4);
  expect(await readGisFile(new Uint8Array([1, 0, 2]), 'x.bin')).toBeNull();
});

test('a KMZ (KML zipped as doc.kml) is read as its KML, by its name or by what the zip holds', async () => {
  const kml = (await readGisFile(fixtureBytes('territory.kml'), 'territory.kml'))!;
  const kmz = await readGisFile(fixtureBytes('territory.kmz'), 'territory.kmz');
  expect(kmz).toEqual(kml);
  expect(detectGisFormat(fixtureBytes('territory.kmz'), 'territory.kmz')).toBe('KML');
  expect(await readGisFile(fixtureBytes('territory.kmz'), 'shared.zip')).toEqual(kml);
  // A zip of shapefiles stays a shapefile; a .kmz that is no zip one can read is a problem of the file.
  expect((await readGisFile(fixtureBytes('places-utm10n.zip'), 'places.zip'))?.format).toBe('SHAPEFILE');
  expect((await readGisFile(fixtureBytes('places-utm10n.zip').subarray(0, 100), 'broken.kmz'))?.problems).toEqual([
    { line: 1, reason: 'errors.import.badFile' },
  ]);
});
