/**
 * The spatial module on both drivers (issue 17): its demo places and kinds of place, who creates
 * collections and places (holders of Spatial) and moves their states, the feature count each GIS
 * file keeps, and act/streamFeatures: the features of a collection, a GIS file, a place or any item
 * with a geometry, only those the caller may read, ARCHIVED ones only when asked, in pieces of
 * FEATURES_PER_PIECE when streamed.
 */
import type { Frame, StreamKeyBody, StreamPieceBody } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { FEATURES_PER_PIECE, type MapFeature } from '../../src/modules/spatial/mapFeatures';
import { DEFAULT_BOUNDS } from '../../src/shared/geo/bounds';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Writes for the community and holds Spatial there. */
let mia: TestUser;
/** A member of the community with no further rights. */
let ned: TestUser;
/** Writes for the community without Spatial. */
let wes: TestUser;
/** Signed in, of no organisation. */
let out: TestUser;
let org: Item;

const refusal = (reply: { erred?: boolean; b?: unknown }): string | undefined =>
  reply.erred ? (reply.b as { userMessage: string }).userMessage : undefined;
const features = (who: TestUser, body: Record<string, unknown>) => who.client.call<MapFeature[]>('act/streamFeatures', body);
const labelsOf = (list: readonly MapFeature[]): string[] => list.map((f) => f.properties.label).sort();
const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });

/** Waits until `user`'s socket knows their rights: SPL_TYPES editable for the community. */
async function untilSpatial(user: TestUser): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const rights = await user.client.call<{ lists: Record<string, boolean> }>('act/lovRights', { owner: org.$id });
    if (rights.lists.SPL_TYPES === true) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${user.id}'s rights never came`);
}

beforeAll(async () => {
  srv = await startTestServer({ seedDemo: true });
  admin = await connectAdmin(srv);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Red Willow Nation', type: 'COMMUNITY' });
  [mia, ned, wes, out] = await Promise.all(['Mia Lake', 'Ned Lake', 'Wes Lake', 'Out Sider'].map((name) => buildUser(srv, { name })));
  await admin.client.call('act/setMembership', { userId: mia.id, orgId: org.$id, capabilities: { write: true, Spatial: true } });
  await admin.client.call('act/setMembership', { userId: ned.id, orgId: org.$id, capabilities: {} });
  await admin.client.call('act/setMembership', { userId: wes.id, orgId: org.$id, capabilities: { write: true } });
  await untilSpatial(mia);
}, 120_000);
afterAll(async () => {
  for (const u of [admin, mia, ned, wes, out]) u?.client.close();
  await srv.stop();
});

describe('the demo', () => {
  it('seeds the kinds of place and the community’s collections and places, inside the default bounds', async () => {
    const kinds = await admin.client.call<{ ids: string[] }>('search/ids', { must: { _: 'LOVValue', 'ft-list': 'SPL_TYPES' }, max: 50 });
    const values = Object.values(await admin.client.call<Record<string, Item>>('readMany/object', kinds.ids));
    expect(values.map((v) => v.key)).toEqual(
      expect.arrayContaining(['HARVEST_SITE', 'CULTURAL_SITE', 'TRAIL', 'CABIN', 'TERRITORY_BOUNDARY']),
    );
    const found = await admin.client.call<{ ids: string[]; labels: Record<string, string> }>('search/ids', {
      must: { _: 'SpatialCollection' },
      labels: true,
      max: 50,
    });
    expect(Object.values(found.labels).sort()).toEqual(['Cultural sites', 'Harvest sites', 'Territory and waters', 'Trapline and cabins']);
    const all = await features(admin, { relatedIDs: found.ids });
    // Thirty places, one archived: kept off the map unless asked for.
    expect(all).toHaveLength(29);
    expect(await features(admin, { relatedIDs: found.ids, includeExcluded: true })).toHaveLength(30);
    expect(new Set(all.map((f) => f.geometry.type))).toEqual(new Set(['Point', 'LineString', 'Polygon']));
    const [w, s, e, n] = DEFAULT_BOUNDS;
    for (const f of all) expect(f.bbox[0] >= w && f.bbox[1] >= s && f.bbox[2] <= e && f.bbox[3] <= n).toBe(true);
  });
});

describe('rights and states', () => {
  it('a writer holding Spatial creates a collection, which starts ACTIVE; others may not create one', async () => {
    const made = await mia.client.call<Item>('create/SpatialCollection', { label: 'Berry patches', owner: { id: org.$id } });
    expect(made.state).toBe('ACTIVE');
    for (const who of [ned, wes, out])
      expect(refusal(await who.client.request('create/SpatialCollection', { label: 'Not mine', owner: { id: org.$id } }))).toBe(
        'notAllowed',
      );
    expect(
      refusal(await mia.client.request('create/SpatialFeature', { label: 'Draft place', owner: { id: org.$id }, state: 'DRAFT' })),
    ).toBe('validationFailed');
    // The kinds of place are edited with create on SpatialCollection (spec 001 §6).
    const kind = { list: 'SPL_TYPES', key: 'SUGAR_BUSH', t: { en: 'Sugar bush' }, state: 'ACTIVE', owner: { id: org.$id } };
    expect(await mia.client.call<Item>('create/LOVValue', kind)).toMatchObject({ key: 'SUGAR_BUSH' });
    expect(refusal(await wes.client.request('create/LOVValue', { ...kind, key: 'MAPLES' }))).toBe('notAllowed');
  });

  it('its keepers move it to DRAFT, back to ACTIVE and to ARCHIVED; a reader may not', async () => {
    const made = await mia.client.call<Item>('create/SpatialFeature', {
      label: 'Cabin at the bend',
      owner: { id: org.$id },
      geometry: point(-106.4, 54.2),
    });
    expect(refusal(await ned.client.request(`transition/${made.$id}`, { event: 'spatial.archive', _u: made._u }))).toBe(
      'transitionNotAllowed',
    );
    const draft = await mia.client.call<Item>(`transition/${made.$id}`, { event: 'spatial.draft', _u: made._u });
    expect(draft.state).toBe('DRAFT');
    const active = await mia.client.call<Item>(`transition/${made.$id}`, { event: 'spatial.activate', _u: draft._u });
    expect(active.state).toBe('ACTIVE');
    const archived = await admin.client.call<Item>(`transition/${made.$id}`, { event: 'spatial.archive', _u: active._u });
    expect(archived.state).toBe('ARCHIVED');
    expect(refusal(await mia.client.request(`transition/${made.$id}`, { event: 'spatial.draft', _u: archived._u }))).toBe(
      'transitionNotAllowed',
    );
  });
});

describe('streamFeatures', () => {
  let collection: Item;
  beforeAll(async () => {
    collection = await mia.client.call<Item>('create/SpatialCollection', { label: 'Mixed', owner: { id: org.$id }, $access: 'COMMUNITY' });
    const place = (label: string, access: string, lon: number) =>
      mia.client.call<Item>('create/SpatialFeature', {
        label,
        owner: { id: org.$id },
        collection: { id: collection.$id },
        geometry: point(lon, 54.3),
        $access: access,
      });
    await place('Open to all members of the site', 'COMMUNITY', -106.1);
    await place('For the community', 'PROTECTED', -106.2);
    await place('Mia’s own', 'PRIVATE', -106.3);
  });

  it('answers only the places each caller may read', async () => {
    expect(labelsOf(await features(mia, { relatedIDs: [collection.$id] }))).toEqual([
      'For the community',
      'Mia’s own',
      'Open to all members of the site',
    ]);
    expect(labelsOf(await features(ned, { relatedIDs: [collection.$id] }))).toEqual([
      'For the community',
      'Open to all members of the site',
    ]);
    expect(labelsOf(await features(out, { relatedIDs: [collection.$id] }))).toEqual(['Open to all members of the site']);
  });

  it('a place asked by its id comes when readable, never otherwise; a feature names its collection and bounds', async () => {
    const { ids } = await mia.client.call<{ ids: string[] }>('search/ids', {
      must: { _: 'SpatialFeature', 'ft-collection': [collection.$id] },
      max: 10,
    });
    const got = await features(mia, { relatedIDs: ids });
    const own = got.find((f) => f.properties.label === 'Mia’s own')!;
    expect(own).toEqual({
      $id: own.rel,
      bbox: [-106.3, 54.3, -106.3, 54.3],
      rel: own.rel,
      properties: { label: 'Mia’s own', type: 'SpatialFeature', state: 'ACTIVE' },
      geometry: point(-106.3, 54.3),
      collection: collection.$id,
    });
    expect(await features(ned, { relatedIDs: [own.rel] })).toEqual([]);
    expect(await features(out, { relatedIDs: [own.rel] })).toEqual([]);
  });

  it('an archived place is left out unless excluded ones are asked for', async () => {
    const made = await mia.client.call<Item>('create/SpatialFeature', {
      label: 'Old camp',
      owner: { id: org.$id },
      collection: { id: collection.$id },
      geometry: point(-106.4, 54.3),
    });
    await mia.client.call(`transition/${made.$id}`, { event: 'spatial.archive', _u: made._u });
    expect(labelsOf(await features(mia, { relatedIDs: [collection.$id] }))).not.toContain('Old camp');
    expect(labelsOf(await features(mia, { relatedIDs: [collection.$id], includeExcluded: true }))).toContain('Old camp');
    expect(await features(mia, { relatedIDs: [made.$id] })).toEqual([]);
    expect(labelsOf(await features(mia, { relatedIDs: [made.$id], includeExcluded: true }))).toEqual(['Old camp']);
  });

  it('any other item with a geometry is drawn through a feature standing for it', async () => {
    const { ids } = await admin.client.call<{ ids: string[] }>('search/ids', { must: { _: 'ConsultCommunityTerritory' }, max: 1 });
    const [territory] = await features(admin, { relatedIDs: ids });
    expect(territory).toMatchObject({
      $id: `${ids[0]}:geometry`,
      proxy: ids[0],
      rel: ids[0],
      properties: { type: 'ConsultCommunityTerritory' },
    });
    expect(territory!.geometry.type).toBe('Polygon');
    expect(await features(out, { relatedIDs: ids })).toEqual([]);
  });

  it('proxyIDs: the features of the items related to a proxy, of onlyProxyTypes, only those the caller may read', async () => {
    const proxied = (who: TestUser, proxyIDs: string[], onlyProxyTypes?: string[]) =>
      features(who, { relatedIDs: [], proxyIDs, ...(onlyProxyTypes ? { onlyProxyTypes } : {}) });
    // The places whose collection is the proxy: Mia's private one reaches Mia alone.
    expect(labelsOf(await proxied(mia, [collection.$id], ['SpatialFeature']))).toEqual([
      'For the community',
      'Mia’s own',
      'Open to all members of the site',
    ]);
    expect(labelsOf(await proxied(ned, [collection.$id], ['SpatialFeature']))).toEqual([
      'For the community',
      'Open to all members of the site',
    ]);
    expect(labelsOf(await proxied(out, [collection.$id]))).toEqual(['Open to all members of the site']);
    expect(await proxied(mia, [collection.$id], ['ConsultCommunityTerritory'])).toEqual([]);

    // A community's territory, through the organisation that owns it; none to whoever may not read it.
    const { ids } = await admin.client.call<{ ids: string[] }>('search/ids', { must: { _: 'ConsultCommunityTerritory' }, max: 1 });
    const territory = await admin.client.call<Item>(`read/${ids[0]}`);
    const community = (territory.owner as { id: string }).id;
    const drawn = await proxied(admin, [community], ['ConsultCommunityTerritory']);
    expect(drawn.map((f) => f.$id)).toContain(`${territory.$id}:geometry`);
    expect(new Set(drawn.map((f) => f.properties.type))).toEqual(new Set(['ConsultCommunityTerritory']));
    expect(await proxied(out, [community], ['ConsultCommunityTerritory'])).toEqual([]);

    // A consultation: its own project area and its project features, when both types are asked for.
    const consult = await admin.client.call<{ ids: string[] }>('search/ids', { must: { _: 'Consultation' }, max: 1 });
    const consultation = await admin.client.call<Item>(`read/${consult.ids[0]}`);
    await admin.client.call('update', { ...consultation, projectArea: point(-106.5, 54.5) });
    const part = await admin.client.call<Item>('create/ConsultProjectFeature', {
      consultation: { id: consultation.$id },
      owner: consultation.owner,
      label: 'Access road',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-106.6, 54.4],
          [-106.4, 54.6],
        ],
      },
    });
    const layers = await proxied(admin, [consultation.$id], ['Consultation', 'ConsultProjectFeature']);
    expect(layers.map((f) => f.$id).sort()).toEqual([`${consultation.$id}:projectArea`, `${part.$id}:geometry`].sort());
    expect((await proxied(admin, [consultation.$id], ['ConsultProjectFeature'])).map((f) => f.$id)).toEqual([`${part.$id}:geometry`]);
    expect(await proxied(out, [consultation.$id])).toEqual([]);
  });

  it('refuses proxy ids that are not ids and types that do not exist, with their message keys', async () => {
    const bad = await mia.client.request('act/streamFeatures', { relatedIDs: [], proxyIDs: ['not an id'] });
    expect(bad.erred).toBe(true);
    expect(JSON.stringify(bad.b)).toContain('errors.invalidId');
    const unknown = await mia.client.request('act/streamFeatures', {
      relatedIDs: [],
      proxyIDs: [collection.$id],
      onlyProxyTypes: ['Nope'],
    });
    expect(unknown.erred).toBe(true);
    expect(JSON.stringify(unknown.b)).toContain('errors.unknownType');
  });

  it('all: every place the caller may read, with nothing of what they may not', async () => {
    const mine = labelsOf(await features(out, { relatedIDs: [], all: true }));
    expect(mine).toContain('Open to all members of the site');
    expect(mine).not.toContain('For the community');
    expect(mine).not.toContain('Mia’s own');
  });
});

describe('search', () => {
  it('leaves archived places and collections out of results unless the state is asked about, and its facet counts them', async () => {
    const kept = await mia.client.call<Item>('create/SpatialCollection', { label: 'Searchable berries', owner: { id: org.$id } });
    const gone = await mia.client.call<Item>('create/SpatialCollection', { label: 'Searchable bygone', owner: { id: org.$id } });
    await mia.client.call(`transition/${gone.$id}`, { event: 'spatial.archive', _u: gone._u });
    type Found = { ids: string[]; facets: Record<string, { key: string; count: number }[]> };
    const find = (body: Record<string, unknown>) => mia.client.call<Found>('search/ids', { max: 50, ...body });
    const typed = await find({ must: { _: 'SpatialCollection', 'fw-label': 'Searchable*' }, facets: ['state'] });
    expect(typed.ids).toEqual([kept.$id]);
    expect(Object.fromEntries(typed.facets.state!.map((b) => [b.key, b.count]))).toEqual({ ACTIVE: 1, ARCHIVED: 1 });
    // The general search (the search bar) too.
    expect((await find({ must: { q: 'Searchable bygone' } })).ids).not.toContain(gone.$id);
    // Asked for by its state, as the facet asks.
    expect((await find({ must: { _: 'SpatialCollection', 'fw-label': 'Searchable*', 'ft-state': ['ARCHIVED'] } })).ids).toEqual([gone.$id]);
    const narrowed = await find({
      must: { _: 'SpatialCollection', 'fw-label': 'Searchable*' },
      subs: [{ facet: 'state', must: { 'ft-state': ['ACTIVE', 'ARCHIVED'] } }],
    });
    expect(narrowed.ids.sort()).toEqual([kept.$id, gone.$id].sort());
  });
});

describe('GIS files', () => {
  it('keep their feature count as places read from them are created (one by one or together) and deleted', async () => {
    const target = await mia.client.call<Item>('create/SpatialCollection', { label: 'Imported', owner: { id: org.$id } });
    const file = await admin.client.call<Item>('create/GISCollection', {
      name: 'traplines.geojson',
      kind: 'GEOJSON',
      containedAs: { id: target.$id },
      owner: { id: org.$id },
    });
    const place = (label: string, lon: number) => ({
      label,
      owner: { id: org.$id },
      collection: { id: target.$id },
      importedVia: { id: file.$id },
      attributes: { NAME: label, SEASON: 'winter' },
      geometry: point(lon, 55),
    });
    const first = await admin.client.call<Item>('create/SpatialFeature', place('Line A', -110));
    const { items } = srv.server.services;
    await items.createMany(
      { userId: admin.id, masquerader: null },
      'SpatialFeature',
      [place('Line B', -110.1), place('Line C', -110.2), place('Line D', -110.3)],
      {
        admin: true,
      },
    );
    // The count is written by the places' change hook in their transaction; a process's cached copy of
    // the file follows the change's notification, as another process's does (PostgreSQL: a moment later).
    const count = async (wanted: number) => {
      let n: unknown;
      for (let i = 0; i < 100 && n !== wanted; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 20));
        n = (await admin.client.call<Item>(`read/${file.$id}`)).featureCount;
      }
      return n;
    };
    expect(await count(4)).toBe(4);
    await admin.client.call(`delete/${first.$id}`, { _u: first._u });
    expect(await count(3)).toBe(3);
    expect(labelsOf(await features(ned, { relatedIDs: [file.$id] }))).toEqual(['Line B', 'Line C', 'Line D']);
    // A person may not set the count, nor where a place was read from.
    const current = await admin.client.call<Item>(`read/${file.$id}`);
    expect(refusal(await mia.client.request('update', { $id: file.$id, _u: current._u, featureCount: 9 }))).toBe('validationFailed');
  });
});

describe('in pieces', () => {
  const TOTAL = 2 * FEATURES_PER_PIECE + 250;
  let big: Item;
  beforeAll(async () => {
    big = await mia.client.call<Item>('create/SpatialCollection', { label: 'Many', owner: { id: org.$id } });
    const bodies = Array.from({ length: TOTAL }, (_, i) => ({
      label: `Point ${i}`,
      owner: { id: org.$id },
      collection: { id: big.$id },
      geometry: point(-120 + (i % 100) / 10, 50 + Math.floor(i / 100) / 10),
      // Every tenth is the author's own: a community member never gets them.
      $access: i % 10 === 0 ? 'PRIVATE' : 'PROTECTED',
    }));
    await srv.server.services.items.createMany({ userId: mia.id, masquerader: null }, 'SpatialFeature', bodies, { admin: false });
  }, 120_000);

  /** Asks streamed; answers the pieces' sizes and every feature. */
  async function streamed(who: TestUser, body: unknown): Promise<{ sizes: number[]; all: MapFeature[] }> {
    const s = Math.floor(Math.random() * 1e9);
    const { client } = who;
    const reply = new Promise<Frame>((resolve) => {
      const onMessage = (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as Frame;
        if (frame.s !== s) return;
        client.socket.off('message', onMessage);
        resolve(frame);
      };
      client.socket.on('message', onMessage);
    });
    client.sendRaw(JSON.stringify({ o: 'act/streamFeatures', b: body, s, stream: true }));
    const { streamKey } = (await reply).b as StreamKeyBody;
    const pieces: MapFeature[][] = [];
    for (;;) {
      const push = await client.nextPush((f) => f.o === `stream:${streamKey}`);
      if (push.erred) throw new Error(JSON.stringify(push.b));
      const b = push.b as StreamPieceBody<MapFeature[]>;
      pieces.push(b.piece);
      if (b.done) break;
    }
    return { sizes: pieces.map((p) => p.length), all: pieces.flat() };
  }

  it('streamed, arrives FEATURES_PER_PIECE features a piece; unstreamed, in one answer', async () => {
    const own = await streamed(mia, { relatedIDs: [big.$id] });
    expect(own.sizes).toEqual([FEATURES_PER_PIECE, FEATURES_PER_PIECE, 250]);
    expect(new Set(own.all.map((f) => f.$id)).size).toBe(TOTAL);
    expect(await features(mia, { relatedIDs: [big.$id] })).toHaveLength(TOTAL);
  }, 60_000);

  it('a reader who may not read some places gets none of them, in any piece', async () => {
    const { sizes, all } = await streamed(ned, { relatedIDs: [big.$id] });
    expect(all).toHaveLength(TOTAL - TOTAL / 10);
    expect(sizes).toEqual([FEATURES_PER_PIECE, FEATURES_PER_PIECE, 25]);
    expect(all.some((f) => Number(f.properties.label.slice('Point '.length)) % 10 === 0)).toBe(false);
  }, 60_000);
});
