/** The GPX reader: a track of two segments, a route and waypoints. */
import { readGpx } from '../../../../src/modules/spatial/formats/readGpx';
import { fixtureText } from './fixture';

test('a track, a route and waypoints are read with their names, elevations and times', () => {
  const read = readGpx(fixtureText('trip.gpx'));
  expect(read.problems).toEqual([]);
  expect(read.features.map((f) => [f.label, f.geometry.type])).toEqual([
    ['Hunting trip', 'MultiLineString'],
    ['Canoe route', 'LineString'],
    ['Lookout', 'Point'],
    ['Spring', 'Point'],
  ]);
  const [track, route, lookout] = read.features;
  expect(track!.geometry.coordinates).toEqual([
    [
      [-121.3, 50.7, 1200],
      [-121.29, 50.71, 1210],
    ],
    [
      [-121.28, 50.72, 1220],
      [-121.27, 50.73, 1230],
    ],
  ]);
  expect(track!.properties).toMatchObject({ _gpxType: 'trk', coordinateProperties: { times: [expect.any(Array), expect.any(Array)] } });
  expect(route!.properties._gpxType).toBe('rte');
  expect(lookout!.geometry).toEqual({ type: 'Point', coordinates: [-121.3, 50.7, 1200] });
});

test('text that is no GPX is a problem of the file', () => {
  expect(readGpx('<kml/>').problems).toEqual([{ line: 1, reason: 'errors.import.badFile' }]);
});
