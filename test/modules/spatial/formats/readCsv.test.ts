/** The CSV reader: points from coordinate columns, other columns as properties, a bad row reported by its line. */
import { readCsv } from '../../../../src/modules/spatial/formats/readCsv';
import { fixtureText } from './fixture';

test('rows with latitude and longitude become points; the row whose latitude is no number is reported by its line', () => {
  const read = readCsv(fixtureText('sites.csv'));
  expect(read.features).toEqual([
    {
      line: 2,
      label: 'Smokehouse',
      geometry: { type: 'Point', coordinates: [-121.502, 50.101] },
      properties: { Name: 'Smokehouse', Kind: 'Cabin' },
    },
    {
      line: 3,
      label: 'Rock art, upper',
      geometry: { type: 'Point', coordinates: [-121.6, 50.2] },
      properties: { Name: 'Rock art, upper', Kind: 'Cultural site' },
    },
    {
      line: 5,
      label: 'Eagle nest',
      geometry: { type: 'Point', coordinates: [-121.8, 50.4] },
      properties: { Name: 'Eagle nest', Kind: '' },
    },
  ]);
  expect(read.problems).toEqual([{ line: 4, reason: 'errors.geometry.coordinates' }]);
});

test('lat/lng and y/x columns are read too; a header without coordinates is a problem of line 1', () => {
  expect(readCsv('site,LNG,lat\nWeir,-120.5,49.5\nFar,-120.5,95\n')).toMatchObject({
    features: [{ line: 2, geometry: { type: 'Point', coordinates: [-120.5, 49.5] }, properties: { site: 'Weir' } }],
    problems: [{ line: 3, reason: 'errors.geometry.range' }],
  });
  expect(readCsv('X,Y\n-120,49\n').features[0]!.geometry).toEqual({ type: 'Point', coordinates: [-120, 49] });
  expect(readCsv('name,place\nWeir,river\n').problems).toEqual([{ line: 1, reason: 'errors.import.noCoordinates' }]);
});
