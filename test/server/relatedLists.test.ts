/**
 * The related-items lists on a real server (both drivers): the search each list sends finds exactly the
 * items of its type whose relation points at the item (a single relation or one in a list), in its
 * order, for the reader alone: a member of the organisation reads its PROTECTED meetings and logs, an
 * outsider only what is theirs to read.
 */
import { relatedQuery } from '../../machines/item/relatedQuery';
import { LOV_OTHER_MARKER } from '../../src/shared/constants';
import { itemTypes } from '../../src/shared/itemTypes';
import { relatedListsOf } from '../../src/shared/items/relatedLists';
import type { Item } from '../../src/shared/items/types';
import type { SearchReply } from '../../src/shared/search/SearchQuery';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let lakeview: Item;
let river: Item;
const made: Record<string, Item> = {};

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  [member, outsider] = await Promise.all([buildUser(srv, { name: 'Mia Member' }), buildUser(srv, { name: 'Otto Outsider' })]);
  const a = admin.client;
  lakeview = await a.call<Item>('create/Organization', { displayName: 'Lakeview First Nation', type: 'COMMUNITY' });
  river = await a.call<Item>('create/Organization', { displayName: 'River Council', type: 'GOVERNMENT' });
  await a.call('act/setMembership', { userId: member.id, orgId: lakeview.$id, capabilities: {} });
  const at = (org: Item) => [{ id: org.$id }];
  made.ann = await a.call<Item>('create/Contact', { firstName: 'Ann', lastName: 'Smith', _related: at(lakeview), $access: 'COMMUNITY' });
  made.joe = await a.call<Item>('create/Contact', {
    firstName: 'Joe',
    lastName: 'Crow',
    _related: [...at(river), ...at(lakeview)],
    $access: 'COMMUNITY',
  });
  made.rae = await a.call<Item>('create/Contact', { firstName: 'Rae', lastName: 'Stone', _related: at(river), $access: 'COMMUNITY' });
  const meeting = (summary: string, date: string, owner: Item, extra: Record<string, unknown> = {}) =>
    a.call<Item>('create/Meeting', { owner: { id: owner.$id }, summary, date, meetingTypes: [LOV_OTHER_MARKER], ...extra });
  made.council = await meeting('Band council', '2026-03-02', lakeview);
  made.youth = await meeting('Youth gathering', '2026-04-10', lakeview, { otherContacts: [{ id: made.ann.$id }] });
  made.treaty = await meeting('Treaty day', '2026-02-01', river, { otherOrgs: at(lakeview) });
  made.call = await a.call<Item>('create/CommLog', {
    owner: { id: lakeview.$id },
    subject: 'Call about the road',
    date: '2026-04-02',
    type: LOV_OTHER_MARKER,
    direction: LOV_OTHER_MARKER,
    contacts: [{ id: made.ann.$id }],
  });
});
afterAll(async () => {
  for (const u of [admin, member, outsider]) u?.client.close();
  await srv.stop();
});

/** The labels of each list of `item` as `who` finds them, by list key. */
async function lists(who: TestUser, item: Item): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  // The core's and the organisations module's lists (other modules add their own).
  for (const list of relatedListsOf(item._t, itemTypes.all()).filter((l) => ['Contact', 'CommLog', 'Meeting'].includes(l.type))) {
    const reply = await who.client.call<SearchReply>('search/ids', relatedQuery(list, item.$id, '', 10));
    expect(reply.ignored ?? []).toEqual([]);
    out[list.key] = reply.ids.map((id) => reply.labels[id]!);
  }
  return out;
}

test("a member finds an organisation's people by label, its logs and meetings newest first, and meetings it takes part in", async () => {
  expect(await lists(member, lakeview)).toEqual({
    'Contact._related': ['Ann Smith', 'Joe Crow'],
    'CommLog.owner': ['Call about the road'],
    'Meeting.owner': ['Youth gathering', 'Band council'],
    'Meeting.otherOrgs': [],
  });
  // The administrator reads the other organisation's meeting that names Lakeview too.
  expect((await lists(admin, lakeview))['Meeting.otherOrgs']).toEqual(['Treaty day']);
});

test("a contact's lists: the logs and meetings naming it; an outsider finds only what they may read", async () => {
  expect(await lists(member, made.ann!)).toEqual({
    'CommLog.contacts': ['Call about the road'],
    'Meeting.otherContacts': ['Youth gathering'],
  });
  expect(await lists(outsider, lakeview)).toEqual({
    'Contact._related': ['Ann Smith', 'Joe Crow'],
    'CommLog.owner': [],
    'Meeting.owner': [],
    'Meeting.otherOrgs': [],
  });
});

test('a list filters by its free text and counts all its hits while showing the first ones', async () => {
  const [people] = relatedListsOf('Organization', itemTypes.all());
  const crow = await member.client.call<SearchReply>('search/ids', relatedQuery(people!, lakeview.$id, 'crow', 10));
  expect(crow.ids).toEqual([made.joe!.$id]);
  const first = await member.client.call<SearchReply>('search/ids', relatedQuery(people!, lakeview.$id, '', 1));
  expect(first).toMatchObject({ ids: [made.ann!.$id], total: 2 });
});
