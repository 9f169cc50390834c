import type { Item } from '../../src/shared/items/types';
import type { Frame } from '../../src/shared/protocol';
import type { SearchReply } from '../../src/shared/search';
import { searchLimits } from '../../src/shared/search';
import { connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

// Issue 19, finding 1: a search a caller shapes without bound froze the embedded database for good
// (7,000 AND-ed terms) and burnt 25 s of CPU per request on PostgreSQL. Every such query is refused
// before any SQL runs, and the queries at the bounds still run.

let srv: RunningServer;
let admin: TestUser;
let contact: Item;

/** Anonymous POST /api/item, as the attacker sent it. */
async function post(b: unknown): Promise<Frame> {
  const res = await fetch(`${srv.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ o: 'search/ids', s: 1, b }),
  });
  return (await res.json()) as Frame;
}

/** Answers whether GET /healthz answered 200 within 1 s. */
async function healthy(): Promise<boolean> {
  const res = await fetch(`${srv.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
  return res.status === 200;
}

const refused = (sysMessage: RegExp) => ({
  erred: true,
  b: { userMessage: 'parseRequestFailed', sysMessage: expect.stringMatching(sysMessage) },
});
const many = (n: number, word: string, sep: string) => Array.from({ length: n }, () => word).join(sep);

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  contact = await admin.client.call<Item>('create/Contact', { firstName: 'Aroha', lastName: 'Tekapo', $access: 'PUBLIC' });
});
afterAll(async () => {
  admin?.client.close();
  await srv?.stop();
});

describe('finding 1: a search with thousands of terms', () => {
  test('is refused with the limit named, twice, and the server keeps answering', async () => {
    const attack = { must: { q: `[${many(7_500, 'a', ' & ')}]` } };
    // Both are sent before anything is checked: the second one is the one that froze the server.
    const replies = [await post(attack), await post(attack)];
    expect(await healthy()).toBe(true);
    for (const reply of replies)
      expect(reply).toMatchObject({ o: 'search/ids', s: 1, ...refused(/q: free text .*at most \d+ characters/) });
    const reply = (await post({ must: { q: 'tekapo' } })).b as SearchReply;
    expect(reply.ids).toEqual([contact.$id]);
  });

  test('a 700 KB free text is refused as well, over the socket too', async () => {
    const reply = await admin.client.request('search/ids', { must: { q: many(100_000, 'tekapo', ' ') } });
    expect(reply).toMatchObject(refused(/at most \d+ characters/));
    expect(await admin.client.call('ping')).toBeDefined();
  });
});

describe('every part of a search a caller shapes has a bound', () => {
  const cases: [string, unknown, RegExp][] = [
    ['words in free text', { must: { q: many(searchLimits.textTerms + 1, 'ab1', ' ') } }, /at most \d+ words/],
    ['operators in a raw query', { must: { q: `[${many(searchLimits.rawOperators + 2, 'a', '|')}]` } }, /at most \d+ operators/],
    ['a filter value', { must: { 'ft-lastName': 'x'.repeat(searchLimits.valueLength + 1) } }, /at most \d+ characters/],
    ['values of one condition', { must: { 'ft-lastName': many(searchLimits.values + 1, 'x', ',').split(',') } }, /at most \d+ values/],
    ['wildcards in a pattern', { must: { 'fw-lastName': `${many(searchLimits.wildcards + 1, 'a', '*')}*` } }, /at most \d+ wildcards/],
    ['length of a pattern', { must: { 'fw-lastName': `${'a'.repeat(searchLimits.wildcardLength)}*` } }, /at most \d+ characters/],
    [
      'conditions in a clause',
      { should: Object.fromEntries(Array.from({ length: searchLimits.clauseConditions + 1 }, (_, n) => [`ft-p${n}`, 'x'])) },
      /at most \d+ conditions/,
    ],
    [
      'groups in subs',
      { subs: Array.from({ length: searchLimits.subGroups + 1 }, () => ({ must: { _: 'Contact' } })) },
      /at most \d+ groups/,
    ],
    ['nesting of subs', { subs: [{ subs: [{ subs: [{ subs: [{ subs: [{ subs: [{ must: { _: 'Contact' } }] }] }] }] }] }] }, /nest at most/],
    ['facets', { facets: Array.from({ length: searchLimits.facets + 1 }, (_, n) => `p${n}`) }, /at most \d+ facets/],
    ['a facet limit', { facets: [{ key: '_', limit: searchLimits.facetLimit + 1 }] }, /limit .*1 to \d+/],
    [
      'facet ranges',
      { facets: [{ key: 'idx', kind: 'numericRanges', ranges: Array.from({ length: searchLimits.facetRanges + 1 }, (_, n) => [n, n]) }] },
      /at most \d+ ranges/,
    ],
    ['max', { max: searchLimits.page + 1 }, /max/],
    [
      'sort keys',
      { sort: Array.from({ length: searchLimits.sortKeys + 1 }, () => ({ key: 'label', order: 'asc' })) },
      /at most \d+ sort keys/,
    ],
  ];
  test.each(cases)('%s', async (_name, query, message) => {
    expect(await post(query)).toMatchObject(refused(message));
  });

  test('the conditions of the whole query are counted over every group', async () => {
    const group = { must: Object.fromEntries(Array.from({ length: searchLimits.clauseConditions }, (_, n) => [`ft-p${n}`, 'x'])) };
    const query = { subs: Array.from({ length: Math.ceil(searchLimits.conditions / searchLimits.clauseConditions) + 1 }, () => group) };
    expect(await post(query)).toMatchObject(refused(/at most \d+ conditions in the whole query/));
  });

  test('queries at the bounds run and answer', async () => {
    const longest = many(Math.floor(searchLimits.textLength / 2), 'a', ' ').slice(0, searchLimits.textLength);
    const atBounds = [
      { must: { q: `tekapo [${many(searchLimits.rawOperators, 'a', ' | ')} | tekapo]`.slice(0, searchLimits.textLength) } },
      { must: { q: `"${longest.slice(0, searchLimits.textLength - 2)}"` } },
      { must: { q: many(Math.floor(searchLimits.textLength / 2), 'a', '-').slice(0, searchLimits.textLength) } },
      { must: { 'm-lastName': many(Math.floor(searchLimits.textLength / 2), 'a', '-').slice(0, searchLimits.textLength) } },
      { must: { 'fw-lastName': `${many(searchLimits.wildcards, 't', '*')}`.slice(0, searchLimits.wildcardLength) } },
      { max: searchLimits.page, facets: Array.from({ length: searchLimits.facets }, () => '_') },
    ];
    for (const query of atBounds) {
      const reply = await post(query);
      expect(reply.erred).toBeUndefined();
      expect(await healthy()).toBe(true);
    }
    // The spec's "all" is still accepted; the page it answers is bounded.
    expect((await post({ max: 2_147_483_647, must: { q: 'tekapo' } })).b).toMatchObject({ ids: [contact.$id] });
  });
});
