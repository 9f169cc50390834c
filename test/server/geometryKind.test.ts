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

describe('the map bounds filter (gb-)', () => {
  const ring = (w: number, s: number, e: number, n: number) => [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ];
  const search = (bounds: unknown) =>
    admin.client.request('search/ids', { must: { _: ['ConsultCommunityTerritory'], 'gb-geometry': bounds }, max: 100 });
  const idsIn = async (bounds: unknown): Promise<string[]> => {
    const reply = await search(bounds);
    expect(reply.erred).toBeFalsy();
    return (reply.b as { ids: string[] }).ids;
  };
  let lake = '';
  let trail = '';
  let camps = '';

  beforeAll(async () => {
    const make = async (label: string, geometry: unknown) =>
      (await admin.client.call<Item>('create/ConsultCommunityTerritory', { owner: { id: owner }, label, geometry })).$id;
    lake = await make('Bounds lake', { type: 'Polygon', coordinates: ring(-80.4, 60.1, -80.1, 60.3) });
    trail = await make('Bounds trail', {
      type: 'LineString',
      coordinates: [
        [-75, 62],
        [-70, 64],
      ],
    });
    camps = await make('Bounds camps', {
      type: 'MultiPoint',
      coordinates: [
        [-60.5, 55.5],
        [-60.2, 55.9],
      ],
    });
  });

  it('finds the shapes that meet a rectangle, of every kind, and no other', async () => {
    const aroundLake = await idsIn([-81, 60, -80, 61]);
    expect(aroundLake).toContain(lake);
    expect(aroundLake).not.toContain(trail);
    expect(aroundLake).not.toContain(camps);
    // Across the trail's middle: the line meets it though neither end lies in it.
    expect(await idsIn([-73, 62.5, -72, 63.5])).toEqual(expect.arrayContaining([trail]));
    expect(await idsIn([-60.3, 55.8, -60.1, 56])).toContain(camps);
    const nowhere = await idsIn([10, 10, 11, 11]);
    expect(nowhere).not.toContain(lake);
    expect(nowhere).not.toContain(trail);
  });

  it('takes coordinate pairs as the rectangle around them', async () => {
    const found = await idsIn([-80.3, 60.2, -74, 63, -79, 61]);
    expect(found).toEqual(expect.arrayContaining([lake, trail]));
    expect(found).not.toContain(camps);
  });

  it('refuses bounds that are not pairs or not a rectangle, naming what it takes', async () => {
    for (const bad of [[1], [1, 2, 3], [-70, 60, -80, 61], ['-80', 60, -79, 61], 'everywhere', []]) {
      expect(await search(bad)).toMatchObject({
        erred: true,
        b: { userMessage: 'parseRequestFailed', sysMessage: expect.stringMatching(/^search: gb-geometry takes a rectangle/) },
      });
    }
  });

  it('ignores it on a property that holds no shape, and says so', async () => {
    const reply = await admin.client.request('search/ids', { must: { _: ['ConsultCommunityTerritory'], 'gb-label': [0, 0, 1, 1] } });
    expect((reply.b as { ignored: string[] }).ignored).toEqual([expect.stringMatching(/^gb-label: gb does not apply/)]);
  });
});
