/**
 * The overlap report on both drivers (issue 17): the active places meeting an area or within the
 * buffer around it, named to a reader who may read them and only counted, by kind of place, to one who
 * may not; archived places and other kinds left out when asked; an item's own shapes as the area; the
 * question checked (an area or an item, a shape the GEO kind accepts, a buffer of at most 50 km); only
 * holders of Spatial ask. And RWF_SPATIAL: the report run as the step opens, kept on the step.
 */
import { spatialStepBehaviour } from '../../src/modules/spatial/overlapServer';
import type { OverlapReport } from '../../src/modules/spatial/overlapReport';
import type { Principal } from '../../src/server/policy/Principal';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Keeps Red Willow's places (Spatial there). */
let mia: TestUser;
/** Holds Spatial in another community: may not read Red Willow's places. */
let bo: TestUser;
/** A member of Red Willow without Spatial. */
let ned: TestUser;
let redWillow: Item;
let sacredHill = '';
let cabin = '';

const ring = (w: number, s: number, e: number, n: number) => [
  [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ],
];
/** The project area: a square of about 5 by 5.5 km. */
const AREA = { type: 'Polygon', coordinates: ring(-90, 65, -89.9, 65.05) };
const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: object }) : undefined;
const overlap = (who: TestUser, body: Record<string, unknown>) => who.client.call<OverlapReport>('act/spatialOverlap', body);

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  redWillow = await admin.client.call<Item>('create/Organization', { displayName: 'Red Willow Nation', type: 'COMMUNITY' });
  const other = await admin.client.call<Item>('create/Organization', { displayName: 'Long Lake Nation', type: 'COMMUNITY' });
  [mia, bo, ned] = await Promise.all(['Mia Lake', 'Bo Long', 'Ned Lake'].map((name) => buildUser(srv, { name })));
  await admin.client.call('act/setMembership', { userId: mia.id, orgId: redWillow.$id, capabilities: { write: true, Spatial: true } });
  await admin.client.call('act/setMembership', { userId: bo.id, orgId: other.$id, capabilities: { write: true, Spatial: true } });
  await admin.client.call('act/setMembership', { userId: ned.id, orgId: redWillow.$id, capabilities: {} });
  const place = async (label: string, spatialType: string, geometry: unknown) =>
    (await admin.client.call<Item>('create/SpatialFeature', { label, spatialType, owner: { id: redWillow.$id }, geometry })).$id;
  sacredHill = await place('Sacred hill', 'CULTURAL_SITE', { type: 'Polygon', coordinates: ring(-89.95, 65.02, -89.85, 65.04) });
  // About 330 m north of the area.
  cabin = await place('Trapper cabin', 'CABIN', { type: 'Point', coordinates: [-89.95, 65.053] });
  await place('Far camp', 'CABIN', { type: 'Point', coordinates: [-80, 60] });
  const old = await admin.client.call<Item>('create/SpatialFeature', {
    label: 'Old hill',
    spatialType: 'CULTURAL_SITE',
    owner: { id: redWillow.$id },
    geometry: { type: 'Point', coordinates: [-89.97, 65.01] },
  });
  await admin.client.call(`transition/${old.$id}`, { event: 'spatial.archive', _u: old._u });
}, 120_000);
afterAll(async () => {
  for (const u of [admin, mia, bo, ned]) u?.client.close();
  await srv.stop();
});

describe('act/spatialOverlap', () => {
  it('names the places meeting the area, then those within the buffer; archived and far ones are left out', async () => {
    const report = await overlap(mia, { area: AREA, bufferM: 500 });
    expect(report.hits).toEqual([
      { id: sacredHill, label: 'Sacred hill', spatialType: 'CULTURAL_SITE', relation: 'INTERSECTS' },
      { id: cabin, label: 'Trapper cabin', spatialType: 'CABIN', relation: 'NEAR' },
    ]);
    expect(report).toMatchObject({ total: 2, bufferM: 500, spatialTypes: [], hidden: { count: 0, byType: {} } });
    // A narrower buffer leaves the cabin out; one kind of place only, the hill.
    expect((await overlap(mia, { area: AREA, bufferM: 100 })).hits.map((h) => h.label)).toEqual(['Sacred hill']);
    expect((await overlap(mia, { area: AREA, bufferM: 500, spatialTypes: ['CABIN'] })).hits.map((h) => h.label)).toEqual(['Trapper cabin']);
  });

  it('counts, by kind of place, what the asker may not read, and never names or draws it', async () => {
    const report = await overlap(bo, { area: AREA, bufferM: 500 });
    expect(report.hits).toEqual([]);
    expect(report.total).toBe(2);
    expect(report.hidden).toEqual({ count: 2, byType: { CULTURAL_SITE: 1, CABIN: 1 } });
    expect(JSON.stringify(report)).not.toMatch(/Sacred|Trapper|coordinates/);
  });

  it("takes an item's own shapes as the area", async () => {
    const territory = await admin.client.call<Item>('create/ConsultCommunityTerritory', {
      owner: { id: redWillow.$id },
      label: 'Project footprint',
      geometry: AREA,
    });
    expect((await overlap(mia, { itemId: territory.$id, bufferM: 0 })).hits.map((h) => h.label)).toEqual(['Sacred hill']);
    // A place checked is not among what it meets (the cabin is about 1.4 km from the hill).
    expect((await overlap(mia, { itemId: sacredHill, bufferM: 2000 })).hits.map((h) => h.label)).toEqual(['Trapper cabin']);
    const shapeless = await admin.client.call<Item>('create/Contact', { firstName: 'Ada', lastName: 'Noshape', $access: 'PUBLIC' });
    expect(refusal(await mia.client.request('act/spatialOverlap', { itemId: shapeless.$id }))?.fields).toEqual({
      itemId: 'errors.overlap.noArea',
    });
  });

  it('is refused to those without Spatial, and for a question without one area or with a bad one', async () => {
    expect(refusal(await ned.client.request('act/spatialOverlap', { area: AREA }))?.userMessage).toBe('notAllowed');
    const fields = async (body: unknown) => refusal(await mia.client.request('act/spatialOverlap', body))?.fields;
    expect(await fields({})).toEqual({ area: 'errors.overlap.noArea' });
    expect(await fields({ area: AREA, itemId: sacredHill })).toEqual({ area: 'errors.overlap.noArea' });
    expect(await fields({ area: { type: 'Point', coordinates: [-200, 50] } })).toEqual({ area: 'errors.geometry.range' });
    expect(await fields({ area: AREA, bufferM: 50_001 })).toEqual({ bufferM: 'errors.invalidValue' });
  });
});

describe('the RWF_SPATIAL step', () => {
  it('runs the report on its item as it opens, as the one who moves it, and keeps it with its counts on the step', async () => {
    const territory = await admin.client.call<Item>('create/ConsultCommunityTerritory', {
      owner: { id: redWillow.$id },
      label: 'Response area',
      geometry: AREA,
    });
    const { db, items } = srv.server.services;
    const record = (await items.find(territory.$id))!;
    const step = { id: 's1', kind: 'RWF_SPATIAL', label: 'Check it', state: 'PENDING' as const, props: { bufferM: 500 } };
    const open = (caller: Principal | null) =>
      db.transaction(async (tx) =>
        spatialStepBehaviour.onActive!({
          tx,
          services: srv.server.services,
          author: { userId: caller?.userId ?? null, masquerader: null },
          caller,
          item: record,
          step,
          now: new Date(),
        }),
      );
    const asMia: Principal = {
      userId: mia.id,
      admin: false,
      capabilities: {},
      orgs: { [redWillow.$id]: { write: true, Spatial: true } },
      tokenHash: null,
      masquerader: null,
    };
    const byMia = await open(asMia);
    expect(byMia).toMatchObject({ props: { overlapping: 1, nearby: 1, hiddenPlaces: 0 } });
    expect((byMia!.props!.report as OverlapReport).hits.map((h) => h.label)).toEqual(['Sacred hill', 'Trapper cabin']);
    // Moved by the system (a previous step completing): it reads no place, so it counts them all.
    const bySystem = await open(null);
    expect(bySystem).toMatchObject({ props: { overlapping: 0, nearby: 0, hiddenPlaces: 2 } });
    expect(await spatialStepBehaviour.completeRefusal!({ step: { ...step, props: byMia!.props } } as never)).toBeNull();
    expect(await spatialStepBehaviour.completeRefusal!({ step } as never)).toBe('errors.overlap.noArea');
  });
});
