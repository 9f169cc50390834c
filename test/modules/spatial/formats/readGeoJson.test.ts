/** The GeoJSON reader: a FeatureCollection, a Feature, a bare geometry; features without a geometry or off the map are reported. */
import { readGeoJson } from '../../../../src/modules/spatial/formats/readGeoJson';
import { fixtureText } from './fixture';

test('a FeatureCollection: its features with their properties, each bad one reported by its number', () => {
  const read = readGeoJson(fixtureText('sites.geojson'));
  expect(read.features.map((f) => [f.line, f.label, f.geometry.type])).toEqual([
    [1, 'Salmon weir', 'Point'],
    [2, 'Portage', 'LineString'],
    [3, 'Cedar grove', 'Polygon'],
    [6, 'Feature 6', 'MultiPoint'],
  ]);
  expect(read.features[1]!.properties).toEqual({ title: 'Portage', notes: { surveyed: 2019, by: ['Elder Joe', 'Mary'] } });
  expect(read.problems).toEqual([
    { line: 4, reason: 'errors.import.noGeometry' },
    { line: 5, reason: 'errors.geometry.range' },
  ]);
});

test('one Feature, or a bare geometry, is one feature', () => {
  expect(readGeoJson('{"type":"Feature","properties":{"name":"Weir"},"geometry":{"type":"Point","coordinates":[1,2]}}').features).toEqual([
    { line: 1, label: 'Weir', properties: { name: 'Weir' }, geometry: { type: 'Point', coordinates: [1, 2] } },
  ]);
  expect(readGeoJson('{"type":"LineString","coordinates":[[1,2],[3,4]],"bbox":[1,2,3,4]}').features).toEqual([
    {
      line: 1,
      label: 'Feature 1',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    },
  ]);
});

test('an open ring, a geometry of too many points and text that is no JSON are refused', () => {
  const open = readGeoJson('{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}');
  expect(open.problems).toEqual([{ line: 1, reason: 'errors.geometry.ringNotClosed' }]);
  const long = readGeoJson(JSON.stringify({ type: 'MultiPoint', coordinates: Array.from({ length: 10_001 }, () => [0, 0]) }));
  expect(long.problems).toEqual([{ line: 1, reason: 'errors.geometry.tooManyVertices' }]);
  expect(readGeoJson('{nope').problems).toEqual([{ line: 1, reason: 'errors.import.badFile' }]);
});
