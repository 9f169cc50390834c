import {
  dateBuckets,
  FILE_SIZE_BUCKETS,
  filterKey,
  numericRanges,
  parseKey,
  savedSearchQuery,
  searchConstants,
  searchQuerySchema,
  YEAR_RANGES,
} from '../../../src/shared/search';

describe('query keys', () => {
  test('prefixed keys split at the first dash; bare keys stand alone; others are not keys', () => {
    expect(parseKey('ft-lastName')).toEqual({ kind: 'ft', prop: 'lastName' });
    expect(parseKey('fs-context.id')).toEqual({ kind: 'fs', prop: 'context.id' });
    expect(parseKey('mp-a-b')).toEqual({ kind: 'mp', prop: 'a-b' });
    expect(parseKey('q')).toEqual({ kind: 'q', prop: '' });
    expect(parseKey('_')).toEqual({ kind: '_', prop: '' });
    for (const bad of ['zz-name', 'ft-', 'ft', '-x', 'name']) expect(parseKey(bad)).toBeNull();
    expect(filterKey({ kind: 'dr', prop: 'created' })).toBe('dr-created');
    expect(filterKey({ kind: 'id', prop: '' })).toBe('id');
  });
});

describe('constants (spec 000 §9)', () => {
  test('max 50, all 2147483647, newest first, at least 3 characters', () => {
    expect(searchConstants).toMatchObject({
      defaultMax: 50,
      all: 2147483647,
      minText: 3,
      defaultSort: [{ key: 'created', order: 'desc' }],
    });
  });
});

describe('facet buckets', () => {
  test("date buckets count back from the start of today in the asker's zone", () => {
    const now = new Date('2026-03-10T15:00:00Z');
    const b = dateBuckets(now);
    expect(b.map((x) => x.key)).toEqual(['today', 'yesterday', 'lastWeek', '7-30', '30-60', '60-90', '90-180', 'before180']);
    expect(b[0]).toEqual({ key: 'today', from: '2026-03-10T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' });
    expect(b[1]).toEqual({ key: 'yesterday', from: '2026-03-09T00:00:00.000Z', to: '2026-03-10T00:00:00.000Z' });
    expect(b[2]).toMatchObject({ from: '2026-03-03T00:00:00.000Z', to: '2026-03-09T00:00:00.000Z' });
    expect(b[7]!.from!.slice(0, 4)).toBe('1926');
    // 15:00 UTC is 08:00 in a zone 7 hours behind: its today starts at 07:00 UTC.
    expect(dateBuckets(now, 420)[0]).toMatchObject({ from: '2026-03-10T07:00:00.000Z' });
    // 02:00 UTC on the 11th is still the 10th there.
    expect(dateBuckets(new Date('2026-03-11T02:00:00Z'), 420)[0]).toMatchObject({ from: '2026-03-10T07:00:00.000Z' });
  });

  test('year ranges: before 1700, centuries, 20-year steps to 2000, then beyond', () => {
    expect(YEAR_RANGES.map((r) => r.key)).toEqual([
      'before1700',
      '1700-1799',
      '1800-1899',
      '1900-1919',
      '1920-1939',
      '1940-1959',
      '1960-1979',
      '1980-1999',
      '2000+',
    ]);
    expect(YEAR_RANGES[0]).toEqual({ key: 'before1700', from: null, to: 1700 });
    expect(YEAR_RANGES.at(-1)).toEqual({ key: '2000+', from: 2000, to: null });
  });

  test('file size ranges in bytes, and numeric ranges keyed by their ends', () => {
    expect(FILE_SIZE_BUCKETS.map((r) => r.key)).toEqual([
      '0-1000',
      '1001-1000000',
      '1000001-10000000',
      '10000001-100000000',
      '100000001-1000000000',
      '1000000001+',
    ]);
    expect(
      numericRanges([
        [null, 10],
        [11, null],
      ]).map((r) => r.key),
    ).toEqual(['-10', '11+']);
  });
});

describe('query shape', () => {
  const valid = (v: unknown) => searchQuerySchema().isValidSync(v);
  test('accepts keyed and listed clauses, nested groups, sort, facets and max', () => {
    expect(
      valid({
        must: { q: 'x' },
        should: [{ prop: 'a', kind: 'ft', value: 'b' }],
        subs: [{ mustNot: {} }],
        minShould: 1,
        sort: [{ key: 'created', order: 'asc' }],
        facets: ['_', { key: 'created' }],
        max: 0,
        labels: true,
      }),
    ).toBe(true);
  });
  test('refuses what is not a query', () => {
    for (const bad of [
      null,
      [],
      'q',
      { must: 'x' },
      { max: -1 },
      { max: 2147483648 },
      { minShould: 1.5 },
      { sort: [{ key: 'a', order: 'up' }] },
      { ids: [1] },
      { labels: 'yes' },
    ]) {
      expect(valid(bad)).toBe(false);
    }
    let deep: Record<string, unknown> = {};
    for (let n = 0; n < 8; n++) deep = { subs: [deep] };
    expect(valid(deep)).toBe(false);
  });
});

describe('savedSearchQuery', () => {
  test('filters must match, groups all, groupsShould at least one; string, type and sort carried over', () => {
    const f = (value: string) => ({ prop: 'lastName', kind: 'ft' as const, value });
    expect(
      savedSearchQuery({
        criteria: { filters: [f('a')], groups: [{ filters: [f('b')] }], groupsShould: [{ filters: [f('c')] }] },
        searchString: 'river',
        itemTypeName: 'Contact',
        sortBy: [{ key: 'lastName', order: 'asc' }],
      }),
    ).toEqual({
      must: [f('a'), { prop: '', kind: 'q', value: 'river' }, { prop: '', kind: '_', value: 'Contact' }],
      subs: [{ must: [f('b')] }],
      subsShould: [{ must: [f('c')] }],
      sort: [{ key: 'lastName', order: 'asc' }],
    });
    expect(savedSearchQuery({})).toEqual({ must: [] });
  });
});
