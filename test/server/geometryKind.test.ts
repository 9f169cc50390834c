/**
 * The GEO property kind (issue 17) on both drivers: a GeoJSON geometry is stored and read back as
 * sent, and a shape the kind refuses is answered with its message key, nothing stored.
 */
import type { Item } from '../../src/shared/items/types';
import { connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let owner = '';

const refusal = (reply: { erred?: boolean; b?: unknown }) => (reply.erred ? (reply.b as { fields?: object }) : undefined);
const territory = (geometry: unknown) =>
  admin.client.request('create/ConsultCommunityTerritory', { owner: { id: owner }, label: 'Trapline 9', geometry });

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  owner = (await admin.client.call<Item>('create/Organization', { displayName: 'Long Lake Nation', type: 'COMMUNITY' })).$id;
});

afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

describe('the GEO kind', () => {
  it('stores a polygon with a hole and a multi-line as sent', async () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [-106.9, 54.1],
          [-106.2, 54.1],
          [-106.2, 54.6],
          [-106.9, 54.6],
          [-106.9, 54.1],
        ],
        [
          [-106.6, 54.3],
          [-106.5, 54.3],
          [-106.5, 54.4],
          [-106.6, 54.3],
        ],
      ],
    };
    const made = await admin.client.call<Item>('create/ConsultCommunityTerritory', {
      owner: { id: owner },
      label: 'Lake',
      geometry: polygon,
    });
    expect((await admin.client.call<Item>(`read/${made.$id}`)).geometry).toEqual(polygon);
    const lines = {
      type: 'MultiLineString',
      coordinates: [
        [
          [-120, 50],
          [-119.5, 50.2],
        ],
        [
          [-121, 51],
          [-121, 51.5, 400],
        ],
      ],
    };
    const updated = await admin.client.call<Item>('update', { $id: made.$id, _u: made._u, geometry: lines });
    expect(updated.geometry).toEqual(lines);
  });

  it('refuses each malformed shape with its key', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'GeometryCollection', geometries: [] }, 'errors.geometry.type'],
      [{ type: 'Point', coordinates: ['-120', 50] }, 'errors.geometry.coordinates'],
      [{ type: 'LineString', coordinates: [[-120, 50]] }, 'errors.geometry.coordinates'],
      [{ type: 'Point', coordinates: [-200, 50] }, 'errors.geometry.range'],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        },
        'errors.geometry.ringNotClosed',
      ],
      [{ type: 'MultiPoint', coordinates: Array.from({ length: 10_001 }, (_, i) => [i / 1000, 0]) }, 'errors.geometry.tooManyVertices'],
      [null, 'errors.required'],
    ];
    for (const [geometry, key] of cases) expect(refusal(await territory(geometry))?.fields).toEqual({ geometry: key });
  });
});
