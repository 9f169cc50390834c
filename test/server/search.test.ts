import type { Item } from '../../src/shared/items/types';
import type { SearchQuery, SearchReply } from '../../src/shared/search';
import { savedSearchQuery, searchConstants } from '../../src/shared/search';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let org1: Item;
let org2: Item;
/** Alice's contacts: a COMMUNITY one everyone reads and a PROTECTED one only she (and admins) read. */
let shared: Item;
let hidden: Item;
let riverGroup: Item[];

const search = (u: TestUser, q: SearchQuery) => u.client.call<SearchReply>('search/ids', q);
const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  alice = await buildUser(srv, { name: 'Alice Searcher' });
  bob = await buildUser(srv, { name: 'Bob Searcher' });
  org1 = await admin.client.call<Item>('create/Organization', { displayName: 'Kwakwaka Riverbend Nation', type: 'COMMUNITY' });
  org2 = await admin.client.call<Item>('create/Organization', { displayName: 'Copperline Mining', type: 'INDUSTRY', $access: 'PUBLIC' });
  shared = await alice.client.call<Item>('create/Contact', {
    firstName: 'Marguerite',
    lastName: 'Oskineegish',
    email: 'marguerite@riverbend.example',
    officePhone: '807 555 0101',
    _related: [{ id: org1.$id }],
    $access: 'COMMUNITY',
  });
  hidden = await alice.client.call<Item>('create/Contact', {
    firstName: 'Tobias',
    lastName: 'Oskineegish',
    email: 'tobias@riverbend.example',
    _related: [{ id: org1.$id }, { id: org2.$id }],
  });
  riverGroup = [];
  for (const [first, last] of [
    ['Ada', 'Zhaawanong'],
    ['Bea', 'Yellowquill'],
    ['Cy', 'Xavier-Zhaawanong'],
  ]) {
    riverGroup.push(
      await bob.client.call<Item>('create/Contact', { firstName: first, lastName: last, middleName: 'glacierlake', $access: 'COMMUNITY' }),
    );
  }
});
afterAll(async () => {
  for (const u of [admin, alice, bob]) u?.client.close();
  await srv.stop();
});

describe('free text (spec 000 §5)', () => {
  test('words match as prefixes of the label and the text, every word required', async () => {
    expect(sorted((await search(alice, { must: { q: 'oskinee' } })).ids)).toEqual(sorted([shared.$id, hidden.$id]));
    expect((await search(alice, { must: { q: 'oskinee tobi' } })).ids).toEqual([hidden.$id]);
    expect((await search(alice, { must: { q: 'marguerite@riverbend.example' } })).ids).toEqual([shared.$id]);
    expect((await search(alice, { must: { q: 'oskineegish nowhere' } })).ids).toEqual([]);
  });

  test('relation ids are not text: a type name does not find everything related to one', async () => {
    const reply = await search(admin, { must: { q: 'organization', _: 'Contact' } });
    expect(reply.ids).not.toContain(shared.$id);
  });

  test('a quoted phrase keeps its words in order', async () => {
    expect((await search(alice, { must: { q: '"Marguerite Oskineegish"' } })).ids).toEqual([shared.$id]);
    expect((await search(alice, { must: { q: '"Oskineegish Marguerite"' } })).ids).toEqual([]);
  });

  test('a bracketed raw query uses text-search operators; a malformed one is refused', async () => {
    expect(sorted((await search(alice, { must: { q: '[marguerite | tobias]' } })).ids)).toEqual(sorted([shared.$id, hidden.$id]));
    expect((await search(alice, { must: { q: '[oskineegish & !tobias]' } })).ids).toEqual([shared.$id]);
    expect(await alice.client.request('search/ids', { must: { q: '[a & | b]' } })).toMatchObject({
      erred: true,
      b: { userMessage: 'parseRequestFailed' },
    });
  });

  test('a token like contact-12 finds that item; pure digits match the type index', async () => {
    const token = `contact-${shared._i}`;
    expect((await search(alice, { must: { q: token } })).ids).toEqual([shared.$id]);
    const byIndex = await search(alice, { must: { q: String(hidden._i), _: 'Contact' } });
    expect(byIndex.ids).toContain(hidden.$id);
    expect((await search(alice, { must: { q: `${hidden._i} tobias` } })).ids).toEqual([hidden.$id]);
  });

  test('text under 3 characters finds nothing, unless it is a number', async () => {
    expect(await search(alice, { must: { q: 'os' } })).toMatchObject({ ids: [], total: 0 });
    expect((await search(admin, { must: { q: String(org1._i), _: 'Organization' } })).ids).toContain(org1.$id);
  });

  test('without a sort, free text ranks the label above the other text', async () => {
    const note = await alice.client.call<Item>('create/Contact', { lastName: 'Smith', middleName: 'Wolverine', $access: 'COMMUNITY' });
    const named = await alice.client.call<Item>('create/Contact', { lastName: 'Wolverine', $access: 'COMMUNITY' });
    expect((await search(alice, { must: { q: 'wolverine' } })).ids).toEqual([named.$id, note.$id]);
    expect((await search(alice, { must: { q: 'wolverine' }, sort: [{ key: 'created', order: 'asc' }] })).ids).toEqual([
      note.$id,
      named.$id,
    ]);
  });
});

describe('key prefixes', () => {
  const ids = async (q: SearchQuery, u: TestUser = admin) => sorted((await search(u, q)).ids);

  test('_ type, id, i (type index)', async () => {
    expect(await ids({ must: { _: 'Organization', id: [org1.$id, org2.$id, shared.$id] } })).toEqual(sorted([org1.$id, org2.$id]));
    expect(await ids({ must: { _: 'Contact', i: [shared._i, hidden._i] } })).toEqual(sorted([shared.$id, hidden.$id]));
    expect(await ids({ must: { q: 'oskineegish' }, ids: [hidden.$id] })).toEqual([hidden.$id]);
  });

  test('ft exact text (relations by id), fw wildcard, t term, fs a part of a property', async () => {
    expect(await ids({ must: { 'ft-lastName': 'Oskineegish' } })).toEqual(sorted([shared.$id, hidden.$id]));
    expect(await ids({ must: { 'ft-lastName': 'oskineegish' } })).toEqual([]);
    expect(await ids({ must: { 'ft-_related': org2.$id } })).toEqual([hidden.$id]);
    expect(await ids({ must: { 'fw-lastName': 'oSKI*gish', 'fw-firstName': 'T?bias' } })).toEqual([hidden.$id]);
    expect(await ids({ must: { 'fw-lastName': '*zhaawanong' } })).toEqual(sorted([riverGroup[0]!.$id, riverGroup[2]!.$id]));
    expect(await ids({ must: { 't-type': ['INDUSTRY'] } })).toEqual([org2.$id]);
    expect(await ids({ must: { 'fs-_related.id': org1.$id } })).toEqual(sorted([shared.$id, hidden.$id]));
  });

  test('m matches words of one property, mp a phrase in it', async () => {
    expect(await ids({ must: { 'm-middleName': 'glacier' } })).toEqual(sorted(riverGroup.map((i) => i.$id)));
    expect(await ids({ must: { 'm-lastName': 'glacier' } })).toEqual([]);
    expect(await ids({ must: { 'mp-displayName': 'riverbend nation' } })).toEqual([org1.$id]);
    expect(await ids({ must: { 'mp-displayName': 'nation riverbend' } })).toEqual([]);
  });

  test('dr date range and tr date-only range on the creation time; nr numeric range on the index', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const t0 = Date.parse(shared._c.ts);
    expect(await ids({ must: { 'tr-created': { from: today, to: today }, 'ft-lastName': 'Oskineegish' } })).toEqual(
      sorted([shared.$id, hidden.$id]),
    );
    expect(await ids({ must: { 'tr-created': ['2001-01-01', '2001-12-31'], 'ft-lastName': 'Oskineegish' } })).toEqual([]);
    expect(
      await ids({
        must: { 'dr-created': { from: new Date(t0).toISOString(), to: new Date(t0).toISOString() }, 'ft-lastName': 'Oskineegish' },
      }),
    ).toEqual([shared.$id]);
    expect(await ids({ must: { 'nr-index': { from: shared._i, to: hidden._i }, _: 'Contact' } })).toEqual(sorted([shared.$id, hidden.$id]));
    expect(await ids({ must: { 'nr-index': [hidden._i, null], 'ft-lastName': 'Oskineegish' } })).toEqual([hidden.$id]);
  });

  test('fb boolean: a missing flag counts as false', async () => {
    const on = await alice.client.call<Item>('create/SavedSearch', { name: 'Flag on', showFacets: true });
    const off = await alice.client.call<Item>('create/SavedSearch', { name: 'Flag unset' });
    expect(await ids({ must: { _: 'SavedSearch', 'fb-showFacets': true } }, alice)).toEqual([on.$id]);
    expect(await ids({ must: { _: 'SavedSearch', 'fb-showFacets': false } }, alice)).toEqual([off.$id]);
  });

  test('filters given as a list of {prop, kind, value} work like keys; those missing a part are ignored', async () => {
    const reply = await search(admin, {
      must: [{ prop: 'lastName', kind: 'ft', value: 'Oskineegish' }, { prop: 'firstName', kind: 'ft' } as never],
    });
    expect(sorted(reply.ids)).toEqual(sorted([shared.$id, hidden.$id]));
  });

  test('unknown properties and kinds that do not fit a property are ignored and reported', async () => {
    const reply = await search(admin, {
      must: { 'ft-lastName': 'Oskineegish', 'ft-noSuchProp': 'x', 'nr-lastName': [1, 2], 'zz-lastName': 'x' },
    });
    expect(sorted(reply.ids)).toEqual(sorted([shared.$id, hidden.$id]));
    expect(reply.ignored).toEqual(expect.arrayContaining([expect.stringContaining('noSuchProp'), expect.stringContaining('nr-lastName')]));
    expect(reply.ignored).toHaveLength(3);
  });

  test('a value of the wrong shape is refused', async () => {
    expect(await admin.client.request('search/ids', { must: { 'nr-index': 'lots' } })).toMatchObject({
      erred: true,
      b: { userMessage: 'parseRequestFailed' },
    });
    expect(await admin.client.request('search/ids', { must: { 'dr-created': { from: 'yesterday' } } })).toMatchObject({
      erred: true,
      b: { userMessage: 'parseRequestFailed' },
    });
    expect(await admin.client.request('search/ids', { max: -1 })).toMatchObject({ erred: true, b: { userMessage: 'parseRequestFailed' } });
  });
});

describe('boolean structure', () => {
  const [a, b, c] = [0, 1, 2];
  const group = () => riverGroup.map((i) => i.$id);
  const ids = async (q: SearchQuery) =>
    sorted((await search(bob, { ...q, must: { ...(q.must as object), 'm-middleName': 'glacierlake' } })).ids);

  test('should needs one match by default, minShould more; mustNot excludes', async () => {
    const g = group();
    expect(await ids({ should: { 'ft-firstName': ['Ada', 'Bea'] } })).toEqual(sorted([g[a]!, g[b]!]));
    expect(await ids({ should: { 'ft-firstName': 'Ada', 'fw-lastName': '*zhaawanong' }, minShould: 2 })).toEqual([g[a]]);
    expect(await ids({ should: { 'ft-firstName': 'Ada', 'fw-lastName': '*zhaawanong' } })).toEqual(sorted([g[a]!, g[c]!]));
    expect(await ids({ mustNot: { 'ft-firstName': 'Ada' } })).toEqual(sorted([g[b]!, g[c]!]));
    expect(await ids({ mustNot: { 'fw-email': '*' } })).toEqual(sorted(g));
  });

  test('subs must all match; subsShould count with should against minShould', async () => {
    const g = group();
    expect(await ids({ subs: [{ should: { 'ft-firstName': ['Ada', 'Cy'] } }, { mustNot: { 'ft-firstName': 'Cy' } }] })).toEqual([g[a]]);
    expect(await ids({ subsShould: [{ must: { 'ft-firstName': 'Bea' } }, { must: { 'ft-firstName': 'Cy' } }] })).toEqual(
      sorted([g[b]!, g[c]!]),
    );
    expect(await ids({ should: { 'fw-lastName': '*zhaawanong' }, subsShould: [{ must: { 'ft-firstName': 'Cy' } }], minShould: 2 })).toEqual(
      [g[c]],
    );
  });
});

describe('sort, max and labels', () => {
  test('sort by a sortable property either way; the default is newest first', async () => {
    const q = { must: { 'm-middleName': 'glacierlake' } };
    const byLast = (await search(bob, { ...q, sort: [{ key: 'lastName', order: 'asc' }] })).ids;
    expect(byLast).toEqual([riverGroup[2]!.$id, riverGroup[1]!.$id, riverGroup[0]!.$id]);
    expect((await search(bob, { ...q, sort: [{ key: 'lastName', order: 'desc' }] })).ids).toEqual([...byLast].reverse());
    expect((await search(bob, q)).ids).toEqual(riverGroup.map((i) => i.$id).reverse());
    const bad = await search(bob, { ...q, sort: [{ key: 'email', order: 'asc' }] });
    expect(bad.ignored).toEqual([expect.stringContaining('email')]);
  });

  test('max limits the ids, not the total; default 50; labels on request', async () => {
    const many: string[] = [];
    for (let n = 0; n < searchConstants.defaultMax + 2; n++) {
      many.push((await bob.client.call<Item>('create/Contact', { lastName: `Manyfold ${n}`, $access: 'COMMUNITY' })).$id);
    }
    const all = await search(bob, { must: { q: 'manyfold' } });
    expect(all.total).toBe(searchConstants.defaultMax + 2);
    expect(all.ids).toHaveLength(searchConstants.defaultMax);
    expect(all.labels).toEqual({});
    const two = await search(bob, { must: { q: 'manyfold' }, max: 2, labels: true, sort: [{ key: 'index', order: 'asc' }] });
    expect(two).toMatchObject({
      ids: many.slice(0, 2),
      total: many.length,
      labels: { [many[0]!]: 'Manyfold 0', [many[1]!]: 'Manyfold 1' },
    });
    expect((await search(bob, { must: { q: 'manyfold' }, max: searchConstants.all })).ids).toHaveLength(many.length);
    expect(await search(bob, { must: { q: 'manyfold' }, max: 0 })).toMatchObject({ ids: [], total: many.length });
  });
});

describe('facets', () => {
  test('terms with counts (types, properties, relations with labels) and date buckets', async () => {
    const reply = await search(admin, {
      must: { q: 'oskineegish' },
      should: { _: ['Contact', 'Organization'] },
      facets: ['_', '_related', 'created', { key: 'lastName', kind: 'terms', limit: 1 }],
      labels: true,
    });
    expect(reply.total).toBe(2);
    expect(reply.facets._).toEqual([{ key: 'Contact', count: 2 }]);
    expect(reply.facets._related).toEqual([
      { key: org1.$id, count: 2 },
      { key: org2.$id, count: 1 },
    ]);
    expect(reply.labels[org1.$id]).toBe('Kwakwaka Riverbend Nation');
    expect(reply.facets.lastName).toEqual([{ key: 'Oskineegish', count: 2 }]);
    const created = reply.facets.created!;
    expect(created.map((b) => b.key)).toEqual(['today', 'yesterday', 'lastWeek', '7-30', '30-60', '60-90', '90-180', 'before180']);
    expect(created.map((b) => b.count)).toEqual([2, 0, 0, 0, 0, 0, 0, 0]);
    expect(await search(admin, { must: { _: 'Organization', id: [org1.$id, org2.$id] }, facets: ['type'] })).toMatchObject({
      facets: {
        type: [
          { key: 'COMMUNITY', count: 1 },
          { key: 'INDUSTRY', count: 1 },
        ],
      },
    });
  });

  test('a list facet counts every hit that holds a value, however many hold the same list', async () => {
    for (const related of [[org1], [org1], [org1, org2]]) {
      await admin.client.call<Item>('create/Contact', {
        firstName: 'Tallied',
        lastName: 'Wabaseemoong',
        _related: related.map((o) => ({ id: o.$id })),
      });
    }
    const reply = await search(admin, { must: { q: 'wabaseemoong' }, facets: ['_related'] });
    expect(reply.total).toBe(3);
    expect(reply.facets._related).toEqual([
      { key: org1.$id, count: 3 },
      { key: org2.$id, count: 1 },
    ]);
  });

  test("a facet's own narrowing group is left out of its counts, so its other buckets stay on offer", async () => {
    const byOrg2 = { prop: '_related', kind: 'ft' as const, value: org2.$id };
    const query: SearchQuery = {
      must: { q: 'oskineegish' },
      facets: ['_related', 'lastName'],
      subs: [{ should: [byOrg2], facet: '_related' }],
    };
    const reply = await search(admin, query);
    expect(reply.ids).toEqual([hidden.$id]);
    expect(reply.total).toBe(1);
    expect(reply.facets._related).toEqual([
      { key: org1.$id, count: 2 },
      { key: org2.$id, count: 1 },
    ]);
    // Other facets count the narrowed hits.
    expect(reply.facets.lastName).toEqual([{ key: 'Oskineegish', count: 1 }]);
    // Still only what the reader may read.
    expect((await search(bob, query)).facets._related).toEqual([{ key: org1.$id, count: 1 }]);
  });

  test('a chosen relation bucket that no longer has a hit is still named by its label', async () => {
    const byOrg2 = { prop: '_related', kind: 'ft' as const, value: org2.$id };
    const reply = await search(admin, {
      must: { q: 'oskineegish', 'ft-lastName': 'Nosuchname' },
      facets: ['_related'],
      labels: true,
      subs: [{ should: [byOrg2], facet: '_related' }],
    });
    expect(reply.total).toBe(0);
    expect(reply.facets._related).toEqual([]);
    expect(reply.labels[org2.$id]).toBe(org2.$labels[org2.$id]);
  });

  test('numeric ranges and file-size ranges count every bucket', async () => {
    const reply = await search(admin, {
      must: { _: 'Contact', id: [shared.$id, hidden.$id] },
      facets: [
        {
          key: 'index',
          kind: 'numericRanges',
          ranges: [
            [null, shared._i],
            [shared._i + 1, null],
          ],
        },
        { key: 'index', kind: 'fileSize' },
      ],
    });
    expect(reply.facets.index).toHaveLength(6);
    expect(reply.facets.index![0]).toMatchObject({ key: '0-1000', count: 2, from: 0, to: 1000 });
    const numeric = await search(admin, {
      must: { _: 'Contact', id: [shared.$id, hidden.$id] },
      facets: [
        {
          key: 'index',
          kind: 'numericRanges',
          ranges: [
            [null, shared._i],
            [shared._i + 1, null],
          ],
        },
      ],
    });
    expect(numeric.facets.index!.map((b) => b.count)).toEqual([1, 1]);
  });
});

describe('what a user may not read', () => {
  test("ids, totals and facet counts leave out another user's PROTECTED items", async () => {
    const bobs = await search(bob, { must: { q: 'oskineegish' }, facets: ['_related', 'lastName', '_'], labels: true });
    expect(bobs.ids).toEqual([shared.$id]);
    expect(bobs.total).toBe(1);
    expect(bobs.facets._related).toEqual([{ key: org1.$id, count: 1 }]);
    expect(bobs.facets.lastName).toEqual([{ key: 'Oskineegish', count: 1 }]);
    expect(Object.keys(bobs.labels)).not.toContain(hidden.$id);
    expect((await search(bob, { must: { id: [hidden.$id] } })).ids).toEqual([]);
    expect((await search(bob, { must: { q: `contact-${hidden._i}` } })).ids).toEqual([]);
    expect((await search(admin, { must: { q: 'oskineegish' } })).total).toBe(2);
  });

  test('without signing in, only PUBLIC items are found', async () => {
    const res = await fetch(`${srv.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ o: 'search/ids', s: 1, b: { must: { _: 'Organization' }, max: searchConstants.all } }),
    });
    const reply = (await res.json()) as { b: SearchReply };
    expect(reply.b.ids).toContain(org2.$id);
    expect(reply.b.ids).not.toContain(org1.$id);
  });

  test('deleted items never match', async () => {
    const gone = await bob.client.call<Item>('create/Contact', { lastName: 'Vanishingpoint', $access: 'COMMUNITY' });
    expect((await search(bob, { must: { q: 'vanishingpoint' } })).ids).toEqual([gone.$id]);
    await bob.client.call(`delete/${gone.$id}`, { _u: gone._u });
    expect(await search(admin, { must: { q: 'vanishingpoint' }, facets: ['_'] })).toMatchObject({ ids: [], total: 0, facets: { _: [] } });
  });
});

describe('general search', () => {
  test('types marked excludeGeneralSearch are found only when a type filter names them', async () => {
    const lov = await admin.client.call<Item>('create/LOVValue', {
      list: 'commLogType',
      key: 'feastgathering',
      t: { en: 'Feastgathering' },
    });
    expect((await search(admin, { must: { q: 'feastgathering' } })).ids).toEqual([]);
    expect((await search(admin, { must: { q: 'feastgathering', _: 'LOVValue' } })).ids).toEqual([lov.$id]);
  });
});

describe('injection attempts are plain values', () => {
  test('quotes and SQL in values, keys, property names, sorts and facets change nothing', async () => {
    const evil = "'; DROP TABLE items; --";
    const odd = await alice.client.call<Item>('create/Contact', { lastName: `O'Brien ${evil}`, $access: 'COMMUNITY' });
    expect((await search(alice, { must: { 'ft-lastName': `O'Brien ${evil}` } })).ids).toEqual([odd.$id]);
    expect((await search(alice, { must: { q: "o'brien" } })).ids).toContain(odd.$id);
    expect((await search(alice, { must: { 'fw-lastName': "O'B%" } })).ids).toEqual([]);
    const keys = await search(alice, {
      must: {
        [`ft-lastName' OR '1'='1`]: 'x',
        [`fs-_related.id') OR true --`]: 'x',
        'nr-index) OR (1=1': [1, 2],
        'ft-x"; DELETE FROM items; --': 'y',
      },
      sort: [{ key: 'created_at; DROP TABLE items', order: 'asc' }],
      facets: ["lastName'); DROP TABLE items; --", { key: '_', kind: 'terms', limit: 5 }],
    });
    expect(keys.ignored!.length).toBeGreaterThanOrEqual(6);
    for (const q of [evil, `[${evil}]`, `"${evil}"`, "\\'", '[\\]']) {
      const reply = await alice.client.request('search/ids', { must: { q } });
      if (reply.erred) expect(reply.b).toMatchObject({ userMessage: 'parseRequestFailed' });
    }
    expect((await search(alice, { must: { id: [`${shared.$id}' OR '1'='1`] } })).ids).toEqual([]);
    expect((await alice.client.call<Item>(`read/${shared.$id}`)).$id).toBe(shared.$id);
    expect((await search(admin, { must: { _: 'Contact' }, max: 0 })).total).toBeGreaterThan(5);
  });
});

describe('saved searches', () => {
  test('are items private to their owner, and run as queries', async () => {
    const saved = await alice.client.call<Item>('create/SavedSearch', {
      name: 'Riverbend contacts',
      displayAs: 'TABLE',
      itemTypeName: 'Contact',
      searchString: 'oskineegish',
      criteria: {
        filters: [{ prop: '_related', kind: 'ft', value: org1.$id }],
        groups: [{ filters: [{ prop: 'firstName', kind: 'fw', value: 'T*' }] }],
        groupsShould: [],
      },
      selectedFacets: { lastName: ['Oskineegish'] },
      showFacets: true,
      sortBy: [{ key: 'lastName', order: 'asc' }],
      hash: 'abc123',
    });
    expect(saved).toMatchObject({ _t: 'SavedSearch', $access: 'PRIVATE', displayAs: 'TABLE' });
    expect(await bob.client.request(`read/${saved.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    expect((await admin.client.call<Item>(`read/${saved.$id}`)).$id).toBe(saved.$id);
    expect((await search(bob, { must: { _: 'SavedSearch', q: 'riverbend' } })).ids).toEqual([]);
    expect((await search(alice, { must: { _: 'SavedSearch', q: 'riverbend' } })).ids).toEqual([saved.$id]);
    expect((await search(alice, { must: { q: 'riverbend contacts' } })).ids).not.toContain(saved.$id);
    const run = await search(alice, savedSearchQuery(saved as never));
    expect(run.ids).toEqual([hidden.$id]);
    const updated = await alice.client.call<Item>('update', { $id: saved.$id, _u: saved._u, displayAs: 'MAP' });
    expect(updated.displayAs).toBe('MAP');
    expect(await alice.client.request('create/SavedSearch', { name: 'Bad', displayAs: 'POSTER', criteria: [] })).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed', fields: { displayAs: 'errors.invalidValue', criteria: 'errors.invalidValue' } },
    });
  });
});
