/**
 * The spatial module's GIS import and export on both drivers (issue 17): each format of
 * test/fixtures/gis imported into a collection through the import framework's reader contract (one
 * GISCollection for the file, a place per feature, the features it could not read reported by
 * number), a dry run writes nothing, an importer who may not create places is refused, and a
 * collection's GeoJSON and KML exports import back unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Writes for the community and holds Spatial there. */
let mia: TestUser;
/** Writes for the community without Spatial: may not create places. */
let wes: TestUser;
let org: Item;

const fixture = (name: string): Buffer => readFileSync(join(__dirname, '../fixtures/gis', name));
const ended = (key: string) => (f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === key;

/** Uploads `bytes` as file `name`, attached to `imp`; answers the Attachment id. */
function upload(user: TestUser, imp: Item, bytes: Buffer | string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(Buffer.from(bytes), {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${user.token}` },
      metadata: { filename: name, relType: 'Import', relIndex: String(imp._i) },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('x-kk-attachment-id') ?? ''),
    });
    u.start();
  });
}

/** A new collection of the community. */
const newCollection = (label: string): Promise<Item> =>
  mia.client.call<Item>('create/SpatialCollection', { label, owner: { id: org.$id } });

/** Imports file `name` (its bytes `bytes`) into `collection` as `user`; answers how the task ended and the Import. */
async function importInto(
  user: TestUser,
  collection: Item | null,
  name: string,
  bytes: Buffer | string,
  dryRun = false,
): Promise<{ task: TaskInfo; imp: Item }> {
  const imp = await user.client.call<Item>('create/Import', {
    label: `GIS ${name}`,
    kind: 'SPATIAL_FEATURES',
    ...(collection ? { into: { id: collection.$id } } : {}),
  });
  const attachmentId = await upload(user, imp, bytes, name);
  const started = await user.client.call<TaskInfo>('act/import/async', { importId: imp.$id, attachmentId, dryRun });
  const task = (await user.client.nextPush(ended(started.key), 60_000)).b as TaskInfo;
  return { task, imp: await user.client.call<Item>(`read/${imp.$id}`) };
}

/** The GIS files and places of `collection`, as admin reads them (places by label). */
async function contentOf(collection: Item): Promise<{ files: Item[]; places: Item[] }> {
  const read = async (must: Record<string, unknown>): Promise<Item[]> => {
    const { ids } = await admin.client.call<{ ids: string[] }>('search/ids', { must, max: 1000 });
    return ids.length ? Object.values(await admin.client.call<Record<string, Item>>('readMany/object', ids)) : [];
  };
  const places = await read({ _: 'SpatialFeature', 'ft-collection': [collection.$id] });
  places.sort((a, b) => String(a.label).localeCompare(String(b.label)));
  return { files: await read({ _: 'GISCollection', 'ft-containedAs': [collection.$id] }), places };
}

/** Every number of `actual` within 1e-6 of `expected`'s (same nesting). */
function expectNear(actual: unknown, expected: unknown): void {
  if (typeof expected === 'number') return expect(Math.abs((actual as number) - expected)).toBeLessThan(1e-6);
  expect((actual as unknown[]).length).toBe((expected as unknown[]).length);
  (expected as unknown[]).forEach((e, i) => expectNear((actual as unknown[])[i], e));
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Stony Creek Nation', type: 'COMMUNITY' });
  [mia, wes] = await Promise.all(['Mia Creek', 'Wes Creek'].map((name) => buildUser(srv, { name })));
  await admin.client.call('act/setMembership', { userId: mia.id, orgId: org.$id, capabilities: { write: true, Spatial: true } });
  await admin.client.call('act/setMembership', { userId: wes.id, orgId: org.$id, capabilities: { write: true } });
  // The memberships reach the sockets' rights shortly after.
  for (let i = 0; i < 300; i++) {
    const reply = await mia.client.request('create/SpatialCollection', { label: 'Rights check', owner: { id: org.$id } });
    if (!reply.erred) break;
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);
afterAll(async () => {
  for (const u of [admin, mia, wes]) u?.client.close();
  await srv.stop();
});

test('a zipped shapefile in UTM zone 10N becomes a GIS file and its places in WGS84; the null shape is reported, the others stand', async () => {
  const collection = await newCollection('Shapefile places');
  const { task, imp } = await importInto(mia, collection, 'places-utm10n.zip', fixture('places-utm10n.zip'));
  expect(task.errorKey).toBeUndefined();
  expect(imp).toMatchObject({ status: 'DONE', dryRun: false, rows: 6, created: 5, failed: 1 });
  expect(imp.report).toEqual([{ line: expect.any(Number), field: '', reason: 'errors.import.noGeometry' }]);
  const { files, places } = await contentOf(collection);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatchObject({
    name: 'places-utm10n.zip',
    kind: 'SHAPEFILE',
    source: { id: imp.$id },
    containedAs: { id: collection.$id },
    owner: { id: org.$id },
    featureCount: 5,
  });
  expect(places.map((p) => p.label)).toEqual([
    'Berry patch',
    'Burial ground',
    'Sḵwx̱wú7mesh fish camp',
    'Tatlayoko cabin',
    'Trapline trail',
  ]);
  for (const p of places)
    expect(p).toMatchObject({
      state: 'ACTIVE',
      collection: { id: collection.$id },
      importedVia: { id: files[0]!.$id },
      owner: { id: org.$id },
    });
  const cabin = places.find((p) => p.label === 'Tatlayoko cabin')!;
  expect(cabin.attributes).toEqual({ NAME: 'Tatlayoko cabin', KIND: 'Cabin', YEAR: 1952, layer: 'sites_points' });
  expectNear((cabin.geometry as { coordinates: number[] }).coordinates, [-124.400123, 51.674321]);
  const trail = places.find((p) => p.label === 'Trapline trail')!;
  expectNear((trail.geometry as { coordinates: number[][] }).coordinates, [
    [-124.1, 51.2],
    [-124.05, 51.25],
    [-123.98, 51.27],
  ]);
});

test.each([
  [
    'territory.kml',
    'KML',
    { rows: 5, created: 4, failed: 1 },
    [{ line: 5, field: '', reason: 'errors.import.noGeometry' }],
    'Huckleberry slope',
  ],
  ['territory.kmz', 'KML', { rows: 5, created: 4, failed: 1 }, [{ line: 5, field: '', reason: 'errors.import.noGeometry' }], 'Moose lick'],
  ['trip.gpx', 'GPX', { rows: 4, created: 4, failed: 0 }, [], 'Hunting trip'],
  [
    'sites.geojson',
    'GEOJSON',
    { rows: 6, created: 4, failed: 2 },
    [
      { line: 4, field: '', reason: 'errors.import.noGeometry' },
      { line: 5, field: '', reason: 'errors.geometry.range' },
    ],
    'Portage',
  ],
  [
    'sites.csv',
    'CSV',
    { rows: 4, created: 3, failed: 1 },
    [{ line: 4, field: '', reason: 'errors.geometry.coordinates' }],
    'Rock art, upper',
  ],
])(
  '%s imports as %s: each feature it cannot read is reported by its number, the others stand',
  async (name, kind, counts, report, label) => {
    const collection = await newCollection(`Places of ${name}`);
    const { task, imp } = await importInto(mia, collection, name, fixture(name));
    expect(task.errorKey).toBeUndefined();
    expect(imp).toMatchObject({ status: 'DONE', ...counts });
    expect(imp.report).toEqual(report);
    const { files, places } = await contentOf(collection);
    expect(files).toMatchObject([{ name, kind, featureCount: counts.created }]);
    expect(places).toHaveLength(counts.created);
    expect(places.map((p) => p.label)).toContain(label);
  },
);

test('a KML file keeps each place’s folder path among its attributes', async () => {
  const collection = await newCollection('Folders');
  await importInto(mia, collection, 'territory.kml', fixture('territory.kml'));
  const { places } = await contentOf(collection);
  expect(places.find((p) => p.label === 'Huckleberry slope')?.attributes).toMatchObject({ folder: 'Harvest / Berries', season: 'August' });
});

test('a dry run previews the places and every problem, and writes nothing', async () => {
  const collection = await newCollection('Dry run');
  const { task, imp } = await importInto(mia, collection, 'sites.geojson', fixture('sites.geojson'), true);
  expect(task.errorKey).toBeUndefined();
  expect(imp).toMatchObject({ status: 'PREVIEWED', dryRun: true, rows: 6, created: 4, failed: 2 });
  expect(imp.preview).toEqual({
    columns: ['label', 'name', 'depth', 'seasonal', 'title', 'notes', 'NAME'],
    rows: [
      ['Salmon weir', 'Salmon weir', '1.5', 'true', '', '', ''],
      ['Portage', '', '', '', 'Portage', '{"surveyed":2019,"by":["Elder Joe","Mary"]}', ''],
      ['Cedar grove', '', '', '', '', '', 'Cedar grove'],
      [],
      [],
      ['Feature 6', '', '', '', '', '', ''],
    ],
  });
  expect(await contentOf(collection)).toEqual({ files: [], places: [] });
});

test('an importer who may not create places is refused, nothing written; an Import into no collection does not run', async () => {
  const collection = await newCollection('Not for Wes');
  const { task, imp } = await importInto(wes, collection, 'trip.gpx', fixture('trip.gpx'));
  expect(task.errorKey).toBe('errors.notAllowed');
  expect(imp).toMatchObject({ status: 'FAILED', created: 0, report: [{ line: 1, field: '', reason: 'errors.notAllowed' }] });
  expect(await contentOf(collection)).toEqual({ files: [], places: [] });

  const nowhere = await importInto(mia, null, 'trip.gpx', fixture('trip.gpx'));
  expect(nowhere.task.errorKey).toBe('errors.import.noTarget');
  // Into an item that is no collection: refused when the Import is saved.
  const reply = await mia.client.request('create/Import', { label: 'Into an org', kind: 'SPATIAL_FEATURES', into: { id: org.$id } });
  expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { into: 'errors.import.badTarget' } } });
});

test('a file no reader can take, or a zip of no shapefile, fails with its reason', async () => {
  const collection = await newCollection('Bad files');
  expect((await importInto(mia, collection, 'map.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).task.errorKey).toBe(
    'errors.import.fileType',
  );
  const truncated = fixture('places-utm10n.zip').subarray(0, 200);
  const { task, imp } = await importInto(mia, collection, 'broken.zip', truncated);
  expect(task.errorKey).toBe('errors.import.badFile');
  expect(imp.status).toBe('FAILED');
  expect(await contentOf(collection)).toEqual({ files: [], places: [] });
});

test.each(['GEOJSON', 'KML'])('a collection exported as %s imports back unchanged: geometry, attributes and labels', async (format) => {
  const source = await newCollection(`Export ${format}`);
  await importInto(mia, source, 'places-utm10n.zip', fixture('places-utm10n.zip'));
  await importInto(mia, source, 'sites.geojson', fixture('sites.geojson'));
  await importInto(mia, source, 'trip.gpx', fixture('trip.gpx'));
  const started = await mia.client.call<TaskInfo>('act/spatialExport/async', { collectionId: source.$id, format });
  const exported = (await mia.client.nextPush(ended(started.key), 60_000)).b as TaskInfo;
  expect(exported.errorKey).toBeUndefined();
  const response = await fetch(`${srv.url}${exported.resultURI!}`, { headers: { authorization: `Bearer ${mia.token}` } });
  const text = await response.text();
  const name = format === 'KML' ? 'Export KML.kml' : 'Export GEOJSON.geojson';
  const back = await newCollection(`Back ${format}`);
  const { imp } = await importInto(mia, back, name, text);
  expect(imp).toMatchObject({ status: 'DONE', rows: 13, created: 13, failed: 0 });
  const kept = (places: Item[]) => places.map((p) => ({ label: p.label, geometry: p.geometry, attributes: p.attributes }));
  const before = (await contentOf(source)).places;
  expect(before).toHaveLength(13);
  expect(kept((await contentOf(back)).places)).toEqual(kept(before));
});

test('the export is refused a reader who may not read the collection', async () => {
  const outsider = await buildUser(srv, { name: 'Out Sider' });
  try {
    const secret = await newCollection('Secret');
    await mia.client.call('update', { ...secret, $access: 'PRIVATE' });
    const started = await outsider.client.request('act/spatialExport/async', { collectionId: secret.$id, format: 'KML' });
    const key = (started.b as TaskInfo).key;
    const done = started.erred ? started : (await outsider.client.nextPush(ended(key), 60_000)).b;
    expect(JSON.stringify(done)).toContain('errors.notAllowed');
  } finally {
    outsider.client.close();
  }
});

test('a collection’s screen offers the export to its readers and the import to those who may create its places', async () => {
  const outsider = await buildUser(srv, { name: 'Ann Outside' });
  try {
    const shared = await newCollection('Shared places');
    const secret = await newCollection('Secret places');
    await mia.client.call('update', { ...secret, $access: 'PRIVATE' });
    const ask = (user: TestUser, collectionId: string) => user.client.call('act/spatialCollectionActions', { collectionId });
    expect(await ask(mia, shared.$id)).toEqual({ export: true, import: true });
    // Wes writes for the community without Spatial: he reads and exports its places, he does not add any.
    expect(await ask(wes, shared.$id)).toEqual({ export: true, import: false });
    expect(await ask(outsider, secret.$id)).toEqual({ export: false, import: false });
    expect(await ask(outsider, 'SpatialCollection-999999')).toEqual({ export: false, import: false });
    // An archived collection is exported, not added to; an import begun before it was archived is refused.
    const old = await newCollection('Old places');
    const imp = await mia.client.call<Item>('create/Import', { label: 'Late', kind: 'SPATIAL_FEATURES', into: { id: old.$id } });
    await mia.client.call(`transition/${old.$id}`, { event: 'spatial.archive', _u: old._u });
    expect(await ask(mia, old.$id)).toEqual({ export: true, import: false });
    const attachmentId = await upload(mia, imp, fixture('trip.gpx'), 'trip.gpx');
    const started = await mia.client.call<TaskInfo>('act/import/async', { importId: imp.$id, attachmentId });
    expect(((await mia.client.nextPush(ended(started.key), 60_000)).b as TaskInfo).errorKey).toBe('errors.import.archivedTarget');
    expect(await contentOf(old)).toEqual({ files: [], places: [] });
    const wrong = await outsider.client.request('act/spatialCollectionActions', { collectionId: org.$id });
    expect(wrong.erred).toBe(true);
    expect(JSON.stringify(wrong.b)).toContain('errors.invalidId');
  } finally {
    outsider.client.close();
  }
});
