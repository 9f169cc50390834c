import type { ItemTypeDef } from '../../src/shared/items/types';
import { FILE_SIZE_RANGES } from '../../src/shared/constants';
import { SearchService } from '../../src/server/search/SearchService';
import type { Principal } from '../../src/server/policy/Principal';
import { startTestServer, type RunningServer } from '../support/testServer';

/**
 * Property kinds the product's registered types do not all have yet (dates, imprecise dates,
 * numbers, file sizes, flags): the search service on the real database, with a registry of its own.
 */
const RecordType: ItemTypeDef = {
  name: 'Record',
  defaultIcon: 'x',
  defaultAccess: 'PUBLIC',
  label: (d) => String(d.title ?? ''),
  properties: {
    title: { kind: 'textField', sortable: true },
    recorded: { kind: 'DT', facet: { kind: 'dateRanges' } },
    happened: { kind: 'impreciseDate' },
    at: { kind: 'DTM' },
    size: { kind: 'NUM', sortable: true, facet: { kind: 'fileSize', ranges: FILE_SIZE_RANGES } },
    count: {
      kind: 'NUM',
      facet: {
        kind: 'numericRanges',
        ranges: [
          [0, 9],
          [10, 99],
          [100, null],
        ],
      },
    },
    tags: { kind: 'SEL', multiple: true, options: ['a', 'b', 'c'] },
    secret: { kind: 'BOOL' },
  },
};
const registry = { all: () => [RecordType] };
const NOW = new Date('2026-03-10T15:00:00Z');
const admin: Principal = { userId: 'User-1', admin: true, capabilities: {}, orgs: {}, tokenHash: null, masquerader: null };

let srv: RunningServer;
let service: SearchService;

const rows: [number, Record<string, unknown>, string][] = [
  [
    1,
    { title: 'Treaty walk', recorded: '2026-03-10', happened: '1650', at: '2026-03-10T01:00:00Z', size: 500, count: 3, tags: ['a', 'b'] },
    'PUBLIC',
  ],
  [
    2,
    {
      title: 'Fish camp',
      recorded: '2026-03-09',
      happened: '1885-6',
      at: '2026-03-09T23:30:00-07:00',
      size: 2_000_000,
      count: 42,
      tags: ['b'],
      secret: true,
    },
    'PUBLIC',
  ],
  [3, { title: 'Hidden archive', recorded: '2025-01-01', happened: '1925-2-3', size: 5_000_000_000, count: 100 }, 'PRIVATE'],
  [4, { title: 'Bad values', recorded: 'not a date', happened: 'spring', size: 'big', count: null }, 'PUBLIC'],
];

beforeAll(async () => {
  srv = await startTestServer();
  const db = srv.server.services.db;
  for (const [n, data, access] of rows) {
    await db.query(
      `INSERT INTO items (id, type, idx, u, data, label, access, created_at, updated_at) VALUES ($1, 'Record', $2, 1, $3, $4, $5, $6, $6)`,
      [`Record-${n}`, n, JSON.stringify(data), String(data.title), access, new Date(NOW.getTime() - n * 60_000).toISOString()],
    );
  }
  service = new SearchService(
    db,
    registry,
    async () => ({}),
    () => undefined,
    () => NOW,
  );
});
afterAll(() => srv.stop());

const ids = async (must: Record<string, unknown>, caller: Principal | null = admin) =>
  (await service.search(caller, { must, sort: [{ key: 'index', order: 'asc' }] })).ids;

test('tr and dr on dates, imprecise dates and date-times; malformed values never match or fail', async () => {
  expect(await ids({ 'tr-recorded': ['2026-03-09', '2026-03-10'] })).toEqual(['Record-1', 'Record-2']);
  expect(await ids({ 'tr-recorded': { from: '2000-01-01' } })).toEqual(['Record-1', 'Record-2', 'Record-3']);
  expect(await ids({ 'dr-recorded': { from: '2026-03-09T12:00:00Z', to: '2026-03-10T00:00:00Z' } })).toEqual(['Record-1']);
  expect(await ids({ 'tr-happened': { to: '1899-12-31' } })).toEqual(['Record-1', 'Record-2']);
  expect(await ids({ 'dr-happened': { from: '1885-06-01T00:00:00Z', to: '1885-06-01T00:00:00Z' } })).toEqual(['Record-2']);
  // 23:30 on the 9th at -07:00 is the 10th in UTC.
  expect(await ids({ 'tr-at': ['2026-03-10', '2026-03-10'] })).toEqual(['Record-1', 'Record-2']);
  // Seven hours behind UTC, both happened on the 9th.
  expect(await service.search(admin, { must: { 'tr-at': ['2026-03-10', '2026-03-10'] }, tzOffset: 420 })).toMatchObject({ ids: [] });
  expect((await service.search(admin, { must: { 'tr-at': ['2026-03-09', '2026-03-09'] }, tzOffset: 420 })).total).toBe(2);
});

test('nr on numbers, fb on flags, ft on list values; the permission predicate still applies', async () => {
  expect(await ids({ 'nr-size': [1000, 5_000_000_000] })).toEqual(['Record-2', 'Record-3']);
  expect(await ids({ 'nr-size': [1000, 5_000_000_000] }, null)).toEqual(['Record-2']);
  expect(await ids({ 'fb-secret': true })).toEqual(['Record-2']);
  expect(await ids({ 'ft-tags': 'b' })).toEqual(['Record-1', 'Record-2']);
  expect(await ids({ 't-count': 42 })).toEqual(['Record-2']);
});

test('facets: date buckets, year ranges, file sizes, numeric ranges and list terms', async () => {
  const reply = await service.search(admin, {
    facets: ['recorded', { key: 'happened', kind: 'yearRanges' }, 'size', 'count', 'tags', 'created'],
  });
  const counts = (k: string) => Object.fromEntries(reply.facets[k]!.filter((b) => b.count > 0).map((b) => [b.key, b.count]));
  expect(counts('recorded')).toEqual({ today: 1, yesterday: 1, before180: 1 });
  expect(counts('happened')).toEqual({ before1700: 1, '1800-1899': 1, '1920-1939': 1 });
  expect(counts('size')).toEqual({ '0-1000': 1, '1000001-10000000': 1, '1000000001+': 1 });
  expect(counts('count')).toEqual({ '0-9': 1, '10-99': 1, '100+': 1 });
  expect(reply.facets.tags).toEqual([
    { key: 'b', count: 2 },
    { key: 'a', count: 1 },
  ]);
  expect(counts('created')).toEqual({ today: 4 });
  const anonymous = await service.search(null, { facets: ['size'] });
  expect(anonymous.total).toBe(3);
  expect(anonymous.facets.size!.find((b) => b.key === '1000000001+')!.count).toBe(0);
});

test('sort by a number property puts items without one last; items of unregistered types stay out', async () => {
  expect((await service.search(admin, { sort: [{ key: 'size', order: 'desc' }] })).ids).toEqual([
    'Record-3',
    'Record-2',
    'Record-1',
    'Record-4',
  ]);
  expect((await service.search(admin, { sort: [{ key: 'size', order: 'asc' }] })).ids).toEqual([
    'Record-1',
    'Record-2',
    'Record-3',
    'Record-4',
  ]);
});
