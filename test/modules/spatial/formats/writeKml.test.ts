/** The GeoJSON and KML exports import back unchanged: geometry, properties (types included) and labels. */
import type { GisFeature } from '../../../../src/modules/spatial/formats/gisFeature';
import { readGeoJson } from '../../../../src/modules/spatial/formats/readGeoJson';
import { readGpx } from '../../../../src/modules/spatial/formats/readGpx';
import { readKml } from '../../../../src/modules/spatial/formats/readKml';
import { readShapefile } from '../../../../src/modules/spatial/formats/readShapefile';
import { writeGeoJson } from '../../../../src/modules/spatial/formats/writeGeoJson';
import { writeKml } from '../../../../src/modules/spatial/formats/writeKml';
import { fixtureBytes, fixtureText } from './fixture';

const kept = (features: readonly GisFeature[]) => features.map((f) => ({ geometry: f.geometry, properties: f.properties, label: f.label }));

/** Features of every shape and of properties of every type: the fixtures', and one of each Multi form. */
async function samples(): Promise<GisFeature[]> {
  const extra: GisFeature[] = [
    {
      line: 1,
      label: 'Islands & <reefs>',
      properties: { name: 'Islands & <reefs>', depth: 0.1, tidal: false, note: null, tags: ['a', 'b'], mixed: 'text' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [2, 2],
              [3, 2],
              [3, 3],
              [2, 2],
            ],
          ],
        ],
      },
    },
    { line: 2, label: 'Feature 2', properties: { mixed: 7 }, geometry: { type: 'MultiPoint', coordinates: [[5, 6]] } },
    {
      line: 3,
      label: 'Creeks',
      properties: { title: 'Creeks' },
      geometry: {
        type: 'MultiLineString',
        coordinates: [
          [
            [1, 1, 10],
            [2, 2, 20],
          ],
        ],
      },
    },
  ];
  return [
    ...(await readShapefile(fixtureBytes('places-utm10n.zip'))).features,
    ...readGeoJson(fixtureText('sites.geojson')).features,
    ...readGpx(fixtureText('trip.gpx')).features,
    ...extra,
  ];
}

test('a GeoJSON export reads back as it was written', async () => {
  const features = await samples();
  expect(kept(readGeoJson(writeGeoJson('Sites', features)).features)).toEqual(kept(features));
});

test('a KML export reads back as it was written: numbers, booleans, lists, null and labels too', async () => {
  const features = await samples();
  const kml = writeKml('Sites & more', features);
  expect(kml).toContain('<name>Sites &amp; more</name>');
  const back = readKml(kml);
  expect(back.problems).toEqual([]);
  expect(kept(back.features)).toEqual(kept(features));
});

test('a KML file of folders, exported, keeps each folder path as its property', () => {
  const read = readKml(fixtureText('territory.kml'));
  expect(kept(readKml(writeKml('Territory', read.features)).features)).toEqual(kept(read.features));
});
