/** The KML reader: placemarks in nested folders keep their folder path; one without geometry is reported. */
import { readKml } from '../../../../src/modules/spatial/formats/readKml';
import { fixtureText } from './fixture';

test('placemarks in nested folders keep their folder path as the property folder', () => {
  const read = readKml(fixtureText('territory.kml'));
  expect(read.format).toBe('KML');
  expect(read.features.map((f) => [f.line, f.label, f.properties.folder])).toEqual([
    [1, 'Band office', undefined],
    [2, 'Huckleberry slope', 'Harvest / Berries'],
    [3, 'Moose lick', 'Harvest'],
    [4, 'Old grease trail', 'Trails'],
  ]);
  const slope = read.features[1]!;
  expect(slope.geometry).toEqual({
    type: 'Polygon',
    coordinates: [
      [
        [-122.9, 54.0],
        [-122.8, 54.0],
        [-122.8, 54.1],
        [-122.9, 54.1],
        [-122.9, 54.0],
      ],
    ],
  });
  expect(slope.properties).toMatchObject({ name: 'Huckleberry slope', description: 'Picked in August', season: 'August' });
  expect(read.features[3]!.geometry).toEqual({
    type: 'LineString',
    coordinates: [
      [-122.5, 54.0],
      [-122.4, 54.05],
      [-122.3, 54.1],
    ],
  });
  expect(read.problems).toEqual([{ line: 5, reason: 'errors.import.noGeometry' }]);
});

test('a MultiGeometry of one kind is its Multi form; of mixed kinds it is refused', () => {
  const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
    <Placemark><name>Two springs</name><MultiGeometry><Point><coordinates>1,2</coordinates></Point><Point><coordinates>3,4</coordinates></Point></MultiGeometry></Placemark>
    <Placemark><name>One spring</name><MultiGeometry><Point><coordinates>5,6</coordinates></Point></MultiGeometry></Placemark>
    <Placemark><name>Mixed</name><MultiGeometry><Point><coordinates>1,2</coordinates></Point><LineString><coordinates>1,2 3,4</coordinates></LineString></MultiGeometry></Placemark>
  </Document></kml>`;
  const read = readKml(kml);
  expect(read.features.map((f) => f.geometry)).toEqual([
    {
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    },
    { type: 'MultiPoint', coordinates: [[5, 6]] },
  ]);
  expect(read.problems).toEqual([{ line: 3, reason: 'errors.geometry.type' }]);
});

test('text that is no KML is a problem of the file', () => {
  expect(readKml('<gpx></gpx>').problems).toEqual([{ line: 1, reason: 'errors.import.badFile' }]);
  expect(readKml('not xml at all <').problems).toEqual([{ line: 1, reason: 'errors.import.badFile' }]);
});
