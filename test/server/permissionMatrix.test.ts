import type { LovRights } from '../../src/shared/items/LovRights';
import type { Item, Visibility } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

/**
 * The permission matrix: who may read and update items of each visibility owned by an
 * organisation, through every path a client has (read, readMany, update, isAllowed, watch pushes).
 * A module's read rule is held to the same: the example journal module (test/support/exampleModule)
 * keeps entries marked private from everyone but their author and administrators, and its SQL form
 * (readMany, search) must answer exactly what its single-item form (read, isAllowed) answers.
 * Its list JOURNAL_CATEGORIES is edited only with its declared right (create on JournalEntry in the owner).
 */

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

const VISIBILITIES: Visibility[] = ['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'];
type Who = 'admin' | 'writer' | 'reader' | 'outsider' | 'grantee' | 'anonymous';

// R = reads, U = reads and updates, - = neither. The grantee holds read+update on the PRIVATE item only.
const MATRIX: Record<Who, Record<Visibility, 'R' | 'U' | '-'>> = {
  admin: { PUBLIC: 'U', COMMUNITY: 'U', PROTECTED: 'U', PRIVATE: 'U' },
  writer: { PUBLIC: 'U', COMMUNITY: 'U', PROTECTED: 'U', PRIVATE: '-' },
  reader: { PUBLIC: 'R', COMMUNITY: 'R', PROTECTED: 'R', PRIVATE: '-' },
  outsider: { PUBLIC: 'R', COMMUNITY: 'R', PROTECTED: '-', PRIVATE: '-' },
  grantee: { PUBLIC: 'R', COMMUNITY: 'R', PROTECTED: '-', PRIVATE: 'U' },
  anonymous: { PUBLIC: 'R', COMMUNITY: '-', PROTECTED: '-', PRIVATE: '-' },
};

let srv: RunningServer;
const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;
const items = {} as Record<Visibility, Item>;
const orgIds = { owner: '', other: '' };

async function anonymous(o: string, b?: unknown): Promise<{ erred?: boolean; b?: unknown }> {
  const res = await fetch(`${srv.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ o, b, s: 1 }),
  });
  return (await res.json()) as { erred?: boolean; b?: unknown };
}

// The journal's entries, one per visibility unmarked (o) and marked private (p), written by the writer
// (who holds Research, which the module's create rule asks); the grantee holds read on all eight.
const JOURNAL: Record<Who, Record<Visibility, '' | 'o' | 'op'>> = {
  admin: { PUBLIC: 'op', COMMUNITY: 'op', PROTECTED: 'op', PRIVATE: 'op' },
  writer: { PUBLIC: 'op', COMMUNITY: 'op', PROTECTED: 'op', PRIVATE: 'op' },
  reader: { PUBLIC: 'o', COMMUNITY: 'o', PROTECTED: '', PRIVATE: '' },
  outsider: { PUBLIC: 'o', COMMUNITY: 'o', PROTECTED: '', PRIVATE: '' },
  grantee: { PUBLIC: 'o', COMMUNITY: 'o', PROTECTED: 'o', PRIVATE: 'o' },
  anonymous: { PUBLIC: 'o', COMMUNITY: '', PROTECTED: '', PRIVATE: '' },
};
type Mark = 'o' | 'p';
const entries = {} as Record<`${Visibility}-${Mark}`, Item>;
const entryCases = VISIBILITIES.flatMap((v) => (['o', 'p'] as const).map((m) => [v, m] as const));
const journalReadable = (who: Who): string[] =>
  entryCases.filter(([v, m]) => JOURNAL[who][v].includes(m)).map(([v, m]) => entries[`${v}-${m}`].$id);

const call = (who: Who, o: string, b?: unknown) => (who === 'anonymous' ? anonymous(o, b) : users[who].client.request(o, b));
const expected = (who: Who, v: Visibility, what: 'read' | 'update') => (what === 'read' ? MATRIX[who][v] !== '-' : MATRIX[who][v] === 'U');
const cases = (Object.keys(MATRIX) as Who[]).flatMap((who) => VISIBILITIES.map((v) => [who, v] as const));

beforeAll(async () => {
  srv = await startTestServer();
  users.admin = await connectAdmin(srv);
  const a = users.admin.client;
  const owner = await a.call<Item>('create/Organization', { displayName: 'Owner Nation', type: 'COMMUNITY' });
  const other = await a.call<Item>('create/Organization', { displayName: 'Other Nation', type: 'COMMUNITY' });
  orgIds.owner = owner.$id;
  orgIds.other = other.$id;
  for (const who of ['writer', 'reader', 'outsider', 'grantee'] as const) users[who] = await buildUser(srv, { name: who });
  await a.call('act/setMembership', { userId: users.writer.id, orgId: owner.$id, capabilities: { write: true } });
  await a.call('act/setMembership', { userId: users.reader.id, orgId: owner.$id, capabilities: {} });
  await a.call('act/setMembership', { userId: users.outsider.id, orgId: other.$id, capabilities: { write: true } });
  for (const v of VISIBILITIES) {
    items[v] = await a.call<Item>('create/LOVValue', { list: 'MATRIX', key: v, t: { en: v }, owner: { id: owner.$id }, $access: v });
  }
  await a.call('act/grant', { id: items.PRIVATE.$id, grantee: users.grantee.id, actions: ['read', 'update'] });
  await a.call('act/setCapabilities', { userId: users.writer.id, capabilities: { Research: true } });
  // Memberships reach open sockets through a refresh; wait until each session sees its organisation.
  for (const who of ['writer', 'reader'] as const) {
    for (let i = 0; i < 50 && (await users[who].client.request(`read/${items.PROTECTED.$id}`)).erred; i++)
      await new Promise((r) => setTimeout(r, 50));
  }
  const entry = (v: Visibility, m: Mark) => ({ title: `${v} ${m}`, date: '2026-04-20', $access: v, private: m === 'p' });
  // Capabilities too reach the writer's socket through a refresh.
  let made = await users.writer.client.request('create/JournalEntry', entry('PUBLIC', 'o'));
  for (let i = 0; i < 50 && made.erred; i++) {
    await new Promise((r) => setTimeout(r, 50));
    made = await users.writer.client.request('create/JournalEntry', entry('PUBLIC', 'o'));
  }
  entries['PUBLIC-o'] = made.b as Item;
  for (const [v, m] of entryCases.filter(([v, m]) => v !== 'PUBLIC' || m !== 'o'))
    entries[`${v}-${m}`] = await users.writer.client.call<Item>('create/JournalEntry', entry(v, m));
  for (const [v, m] of entryCases)
    await a.call('act/grant', { id: entries[`${v}-${m}`].$id, grantee: users.grantee.id, actions: ['read'] });
});
afterAll(async () => {
  for (const u of Object.values(users)) u.client.close();
  await srv.stop();
});

test.each(cases)('%s read of a %s item', async (who, v) => {
  const reply = await call(who, `read/${items[v].$id}`);
  if (expected(who, v, 'read')) expect(reply).toMatchObject({ b: { $id: items[v].$id } });
  else expect(reply).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
});

test.each(Object.keys(MATRIX) as Who[])('%s: readMany includes exactly the readable items', async (who) => {
  const reply = await call(
    who,
    'readMany/object',
    VISIBILITIES.map((v) => items[v].$id),
  );
  const want = VISIBILITIES.filter((v) => expected(who, v, 'read')).map((v) => items[v].$id);
  expect(Object.keys(reply.b as object).sort()).toEqual(want.sort());
});

test.each(Object.keys(MATRIX) as Who[])('%s: search answers exactly the readable items, and counts only them', async (who) => {
  const reply = await call(who, 'search/ids', { must: { _: 'LOVValue', 'ft-list': 'MATRIX' }, facets: ['key'], max: 50 });
  const want = VISIBILITIES.filter((v) => expected(who, v, 'read'));
  const body = reply.b as { ids: string[]; total: number; facets: Record<string, unknown> };
  expect([...body.ids].sort()).toEqual(want.map((v) => items[v].$id).sort());
  expect(body.total).toBe(want.length);
  const buckets = (body.facets.key ?? []) as { value?: unknown; key?: unknown; count: number }[];
  expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(want.length);
  expect(JSON.stringify(body.facets)).not.toMatch(
    new RegExp(
      VISIBILITIES.filter((v) => !want.includes(v))
        .map((v) => `"${v}"`)
        .join('|') || '^$',
    ),
  );
});

test.each(cases.filter(([who]) => who !== 'anonymous'))('%s isAllowed on a %s item', async (who, v) => {
  const reply = await call(who, 'act/isAllowed', { id: items[v].$id, actions: ['read', 'update'] });
  expect((reply.b as { allowed: object }).allowed).toEqual({ read: expected(who, v, 'read'), update: expected(who, v, 'update') });
});

test.each(cases)('%s update of a %s item', async (who, v) => {
  const current = await users.admin.client.call<Item>(`read/${items[v].$id}`);
  const reply = await call(who, 'update', { $id: current.$id, _u: current._u, t: { en: `${v} by ${who}` } });
  const after = await users.admin.client.call<Item>(`read/${items[v].$id}`);
  if (expected(who, v, 'update')) {
    expect(reply.erred).toBeFalsy();
    expect(after.t).toEqual({ en: `${v} by ${who}` });
  } else {
    expect(reply).toMatchObject({ erred: true });
    expect(after._u).toBe(current._u);
  }
});

test('watch pushes reach exactly the users who may read each item', async () => {
  const watchers = ['writer', 'reader', 'outsider', 'grantee'] as const;
  for (const who of watchers) await users[who].client.call('addWatch/LOVValue-0', { list: 'MATRIX' });
  for (const v of VISIBILITIES) {
    const current = await users.admin.client.call<Item>(`read/${items[v].$id}`);
    await users.admin.client.call('update', { $id: current.$id, _u: current._u, t: { en: `${v} pushed` } });
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const who of watchers) {
    await users[who].client.call('ping');
    const pushed = new Set(
      users[who].client.pushes
        .filter((f) => f.o === 'item/update' && ((f.b as Item).t as { en: string }).en.endsWith('pushed'))
        .map((f) => (f.b as Item).key as string),
    );
    expect([...pushed].sort()).toEqual(VISIBILITIES.filter((v) => expected(who, v, 'read')).sort());
  }
});

// Contacts are personal information (docs/permissions.md): by default (PROTECTED) the members of the
// person's organisations read them, with their creator, grantees and administrators; a signed-in user
// with no membership does not. Changing stays with the creator, grantees and administrators.
describe('contacts: who reads the people of an organisation', () => {
  type Who2 = Exclude<Who, 'grantee'> | 'nobody';
  type ContactCase = 'ours' | 'shared' | 'loose' | 'writers';
  // ours: related to the owner organisation; shared: to both; loose: to none; writers: made by the writer, to none.
  const READS: Record<Who2, readonly ContactCase[]> = {
    admin: ['ours', 'shared', 'loose', 'writers'],
    writer: ['ours', 'shared', 'writers'],
    reader: ['ours', 'shared'],
    outsider: ['shared'],
    nobody: [],
    anonymous: [],
  };
  const UPDATES: Record<Who2, readonly ContactCase[]> = {
    admin: ['ours', 'shared', 'loose', 'writers'],
    writer: ['writers'],
    reader: [],
    outsider: [],
    nobody: [],
    anonymous: [],
  };
  const contacts = {} as Record<ContactCase, Item>;
  let nobody: TestUser;
  const ask = (who: Who2, o: string, b?: unknown) => (who === 'nobody' ? nobody.client.request(o, b) : call(who, o, b));
  const ids = (cases: readonly ContactCase[]) => cases.map((c) => contacts[c].$id).sort();

  beforeAll(async () => {
    const a = users.admin.client;
    const { owner, other } = orgIds;
    nobody = await buildUser(srv, { name: 'nobody' });
    contacts.ours = await a.call<Item>('create/Contact', { firstName: 'Ours', lastName: 'Matrixperson', _related: [{ id: owner }] });
    contacts.shared = await a.call<Item>('create/Contact', {
      firstName: 'Shared',
      lastName: 'Matrixperson',
      email: 'shared@matrix.example',
      _related: [{ id: other }, { id: owner }],
    });
    contacts.loose = await a.call<Item>('create/Contact', { firstName: 'Loose', lastName: 'Matrixperson' });
    contacts.writers = await users.writer.client.call<Item>('create/Contact', { firstName: 'Writers', lastName: 'Matrixperson' });
  });
  afterAll(() => nobody?.client.close());

  test('a new contact is PROTECTED', () => {
    for (const c of Object.values(contacts)) expect(c.$access).toBe('PROTECTED');
  });

  test.each(Object.keys(READS) as Who2[])('%s reads, finds and is allowed exactly the contacts of their organisations', async (who) => {
    const want = ids(READS[who]);
    const single: string[] = [];
    for (const c of Object.values(contacts)) {
      const reply = await ask(who, `read/${c.$id}`);
      if (!reply.erred) single.push(c.$id);
      else expect(reply).toMatchObject({ b: { userMessage: 'notAllowed' } });
    }
    expect(single.sort()).toEqual(want);
    const many = await ask(
      who,
      'readMany/object',
      Object.values(contacts).map((c) => c.$id),
    );
    expect(Object.keys(many.b as object).sort()).toEqual(want);
    const found = await ask(who, 'search/ids', { must: { _: 'Contact', 'ft-lastName': 'Matrixperson' }, facets: ['_related'], max: 50 });
    const body = found.b as { ids: string[]; total: number } | undefined;
    if (who === 'anonymous') expect(body?.ids ?? []).toEqual([]);
    else {
      expect([...body!.ids].sort()).toEqual(want);
      expect(body!.total).toBe(want.length);
    }
    const general = await ask(who, 'search/ids', { must: { q: 'shared@matrix.example' }, max: 50 });
    const hits = (general.b as { ids?: string[] } | undefined)?.ids ?? [];
    expect(hits.includes(contacts.shared.$id)).toBe(READS[who].includes('shared'));
    if (who === 'anonymous') return;
    for (const [name, c] of Object.entries(contacts) as [ContactCase, Item][]) {
      const allowed = (await ask(who, 'act/isAllowed', { id: c.$id, actions: ['read', 'update'] })).b as { allowed: object };
      expect([name, allowed.allowed]).toEqual([name, { read: READS[who].includes(name), update: UPDATES[who].includes(name) }]);
    }
  });
});

describe("a module's read rule: the single-item and the SQL forms agree", () => {
  test.each(Object.keys(MATRIX) as Who[])('%s reads, readMany, searches and is allowed exactly the same journal entries', async (who) => {
    const want = journalReadable(who).sort();
    const single: string[] = [];
    for (const [v, m] of entryCases) {
      const id = entries[`${v}-${m}`].$id;
      const reply = await call(who, `read/${id}`);
      if (!reply.erred) single.push(id);
      else expect(reply).toMatchObject({ b: { userMessage: 'notAllowed' } });
      if (who !== 'anonymous') {
        const allowed = await call(who, 'act/isAllowed', { id, actions: ['read'] });
        expect((allowed.b as { allowed: { read: boolean } }).allowed.read).toBe(want.includes(id));
      }
    }
    expect(single.sort()).toEqual(want);
    // One statement over both kinds of type: the generic rule for LOVValue, the journal's for its entries.
    const many = await call(who, 'readMany/object', [...entryCases.map(([v, m]) => entries[`${v}-${m}`].$id), items.PUBLIC.$id]);
    expect(Object.keys(many.b as object).sort()).toEqual([...want, items.PUBLIC.$id].sort());
    const typed = await call(who, 'search/ids', { must: { _: 'JournalEntry' }, facets: ['title'], max: 50 });
    const body = typed.b as { ids: string[]; total: number; facets: Record<string, { count: number }[]> };
    expect([...body.ids].sort()).toEqual(want);
    expect(body.total).toBe(want.length);
    expect((body.facets.title ?? []).reduce((n, b) => n + b.count, 0)).toBe(want.length);
    const general = await call(who, 'search/ids', { ids: entryCases.map(([v, m]) => entries[`${v}-${m}`].$id), max: 50 });
    expect([...(general.b as { ids: string[] }).ids].sort()).toEqual(want);
  });
});

test('a grant withdrawn stops the grantee at once', async () => {
  const { grantee, admin } = users;
  expect((await grantee.client.request(`read/${items.PRIVATE.$id}`)).erred).toBeFalsy();
  await admin.client.call('act/grant', { id: items.PRIVATE.$id, grantee: grantee.id, actions: [] });
  expect(await grantee.client.request(`read/${items.PRIVATE.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  await admin.client.call('act/grant', { id: items.PRIVATE.$id, grantee: grantee.id, actions: ['read', 'update'] });
});

test('only those who may change an item see and change its grants', async () => {
  const { reader, admin, grantee } = users;
  expect(await reader.client.request('act/grant', { id: items.PROTECTED.$id, grantee: reader.id, actions: ['update'] })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  const seen = await admin.client.call<{ result: Record<string, Record<string, { grantee: string; actions: string[] }[]>> }>(
    'act/getGrantedBy',
    { grantsFor: { type: 'LOVValue', ids: [items.PRIVATE.$id, items.PUBLIC.$id] } },
  );
  expect(seen.result[items.PRIVATE.$id]).toEqual({ [admin.id]: [{ grantee: grantee.id, actions: ['read', 'update'] }] });
  const notSeen = await reader.client.call<{ result: object }>('act/getGrantedBy', {
    grantsFor: { type: 'LOVValue', ids: [items.PROTECTED.$id] },
  });
  expect(notSeen.result).toEqual({});
});

test('a member cannot create items owned by an organisation they do not write for', async () => {
  const owner = items.PUBLIC.owner as { id: string };
  expect(await users.reader.client.request('create/LOVValue', { list: 'X', key: 'Y', t: { en: 'y' }, owner })).toMatchObject({
    erred: true,
    b: { userMessage: 'notAllowed' },
  });
  expect((await users.writer.client.request('create/LOVValue', { list: 'X', key: 'Y', t: { en: 'y' }, owner })).erred).toBeFalsy();
});

// Rights on lists of values (docs/permissions.md): the journal's categories need create on JournalEntry
// in the value's owner (Research and write there), whatever the membership or grants otherwise allow.
const CATEGORIES: Record<Who, boolean> = { admin: true, writer: true, reader: false, outsider: false, grantee: false, anonymous: false };

test.each(Object.keys(CATEGORIES) as Who[])(
  "%s: creates and changes the owner's JOURNAL_CATEGORIES values only with create on JournalEntry there, as act/lovRights and isAllowed say",
  async (who) => {
    const owner = items.PUBLIC.owner as { id: string };
    const body = { list: 'JOURNAL_CATEGORIES', key: `K_${who.toUpperCase()}`, t: { en: who }, owner };
    expect(!(await call(who, 'create/LOVValue', body)).erred).toBe(CATEGORIES[who]);
    const mine = await users.admin.client.call<Item>('create/LOVValue', { ...body, key: `A_${who.toUpperCase()}`, $access: 'COMMUNITY' });
    expect(!(await call(who, 'update', { $id: mine.$id, _u: mine._u, t: { en: 'changed' } })).erred).toBe(CATEGORIES[who]);
    expect((await users.admin.client.call<Item>(`read/${mine.$id}`)).t).toEqual(CATEGORIES[who] ? { en: 'changed' } : { en: who });
    if (who === 'anonymous') return;
    const rights = (await call(who, 'act/lovRights', { owner: owner.id })).b as LovRights;
    expect(rights.lists.JOURNAL_CATEGORIES).toBe(CATEGORIES[who]);
    const allowed = (await call(who, 'act/isAllowed', { id: mine.$id, actions: ['update', 'delete'] })).b as { allowed: object };
    expect(allowed.allowed).toEqual({ update: CATEGORIES[who], delete: CATEGORIES[who] });
  },
);

test('filterByPerm answers the chain items a subject may read', async () => {
  const chain = VISIBILITIES.map((v) => items[v].$id);
  const mine = await users.outsider.client.call<{ results: string[] }>('act/filterByPerm', { chain });
  expect(mine.results).toEqual([items.PUBLIC.$id, items.COMMUNITY.$id]);
  const theirs = await users.admin.client.call<{ results: string[] }>('act/filterByPerm', { subject: users.grantee.id, chain });
  expect(theirs.results).toEqual([items.PUBLIC.$id, items.COMMUNITY.$id, items.PRIVATE.$id]);
  expect(await users.outsider.client.request('act/filterByPerm', { subject: users.grantee.id, chain })).toMatchObject({ erred: true });
});

test('rolesAvailable answers the capabilities and the membership right, sorted', async () => {
  const roles = await users.reader.client.call<string[]>('act/rolesAvailable');
  expect(roles).toEqual([...roles].sort((a, b) => a.localeCompare(b)));
  expect(roles).toEqual(expect.arrayContaining(['Belongings', 'ConsultRespond', 'Core', 'Research', 'write']));
  expect((await anonymous('act/rolesAvailable')).erred).toBe(true);
});

test("isAllowed takes complete ids only, and applyGrants is off for the user's own User and Contact", async () => {
  const { grantee, admin } = users;
  expect(await grantee.client.request('act/isAllowed', { id: 'LOVValue-0', actions: ['read'] })).toMatchObject({
    erred: true,
    b: { userMessage: 'invalidId' },
  });
  const own = await grantee.client.call<{ applyGrants: boolean }>('act/isAllowed', { id: grantee.id, actions: ['read', 'update'] });
  expect(own).toEqual({ allowed: { read: true, update: true }, applyGrants: false });
  const contact = await admin.client.call<Item>('create/Contact', { lastName: 'Grantee Self', $access: 'COMMUNITY' });
  await admin.client.call('act/grant', { id: contact.$id, grantee: grantee.id, actions: ['read', 'update'] });
  expect((await grantee.client.call<{ applyGrants: boolean }>('act/isAllowed', { id: contact.$id, actions: ['update'] })).applyGrants).toBe(
    true,
  );
  const me = await admin.client.call<Item>(`read/${grantee.id}`);
  await admin.client.call('update', { $id: grantee.id, _u: me._u, contact: { id: contact.$id } });
  expect((await grantee.client.call<{ applyGrants: boolean }>('act/isAllowed', { id: contact.$id, actions: ['update'] })).applyGrants).toBe(
    false,
  );
  expect(await grantee.client.call('act/isAllowed', { id: 'vgn-dashboard', actions: ['read', 'update'] })).toEqual({
    allowed: { read: true, update: true },
    applyGrants: false,
  });
});

// The consultation module (issue 14): a community's response is read by that community's members, the
// site's responders and administrators only — not another community, not a grantee, whatever its
// visibility — through read, readMany, isAllowed, typed and general search, facets and watch pushes;
// the consultation itself by the members of the communities it was distributed to.
describe('consultation responses: each community reads only its own', () => {
  type Side = 'owner' | 'other';
  const READS: Record<Who, readonly Side[]> = {
    admin: ['owner', 'other'],
    writer: ['owner'],
    reader: ['owner'],
    outsider: ['other'],
    grantee: [],
    anonymous: [],
  };
  const responses = {} as Record<Side, Item>;
  let consultation: Item;
  const want = (who: Who) => READS[who].map((s) => responses[s].$id).sort();

  beforeAll(async () => {
    const a = users.admin.client;
    const proponent = await a.call<Item>('create/Organization', { displayName: 'Matrix Mining', type: 'INDUSTRY' });
    const person = await a.call<Item>('create/Contact', { lastName: 'Matrixminer', _related: [{ id: proponent.$id }] });
    let c = await a.call<Item>('create/Consultation', {
      owner: { id: proponent.$id },
      projectName: 'Matrix mine',
      region: 'NORTH',
      stream: 'NORMAL',
      projectType: 'MINING',
      primaryOrg: { id: proponent.$id },
      primaryContacts: [{ id: person.$id }],
      requestedResponseDate: '2026-10-01',
      projectStartDt: '2026-11-01',
      projectDescription: 'An open pit.',
      locationDescription: 'Matrix valley.',
    });
    for (const event of ['consultation.submit', 'consultation.assign']) c = await a.call<Item>(`transition/${c.$id}`, { event, _u: c._u });
    const { responses: ids } = await a.call<{ responses: string[] }>('act/consultDistribute', {
      consultationId: c.$id,
      communities: [orgIds.owner, orgIds.other],
    });
    for (const id of ids) {
      const r = await a.call<Item>(`read/${id}`);
      responses[(r.owner as { id: string }).id === orgIds.owner ? 'owner' : 'other'] = r;
      // Neither a wider visibility nor a grant lets anyone else in.
      await a.call('update', { $id: id, _u: r._u, $access: 'COMMUNITY' });
      await a.call('act/grant', { id, grantee: users.grantee.id, actions: ['read'] });
    }
    consultation = await a.call<Item>(`read/${c.$id}`);
  });

  test.each(Object.keys(READS) as Who[])('%s reads, finds, facets and is allowed exactly their own responses', async (who) => {
    const single: string[] = [];
    for (const r of Object.values(responses)) {
      const reply = await call(who, `read/${r.$id}`);
      if (!reply.erred) single.push(r.$id);
      else expect(reply).toMatchObject({ b: { userMessage: 'notAllowed' } });
      if (who !== 'anonymous') {
        const allowed = await call(who, 'act/isAllowed', { id: r.$id, actions: ['read'] });
        expect((allowed.b as { allowed: { read: boolean } }).allowed.read).toBe(want(who).includes(r.$id));
      }
    }
    expect(single.sort()).toEqual(want(who));
    const many = await call(who, 'readMany/object', [responses.owner.$id, responses.other.$id]);
    expect(Object.keys((many.b as object) ?? {}).sort()).toEqual(want(who));
    const typed = await call(who, 'search/ids', {
      must: { _: 'ConsultResponse', 'ft-state': 'DRAFT' },
      facets: ['state', 'region'],
      max: 50,
    });
    const body = typed.b as { ids?: string[]; facets?: Record<string, { count: number }[]> } | undefined;
    expect([...(body?.ids ?? [])].sort()).toEqual(want(who));
    // (The community facet is counted for administrators alone: consultScreens.test.ts.)
    expect((body?.facets?.state ?? []).reduce((n, b) => n + b.count, 0)).toBe(want(who).length);
    const general = await call(who, 'search/ids', { must: { q: 'Matrix mine' }, max: 50 });
    const hits = (general.b as { ids?: string[] } | undefined)?.ids ?? [];
    expect(hits.filter((id) => id.startsWith('ConsultResponse-')).sort()).toEqual(want(who));
    // The consultation: its communities' members read it; a grant on a response does not open it.
    const c = await call(who, `read/${consultation.$id}`);
    expect(!c.erred).toBe(who !== 'anonymous' && who !== 'grantee');
  });

  // A search of one or a few types reads through those types' rules alone (scopedReadPredicate): it
  // must find exactly what reading each item allows, ruled types (responses, consultations) and not.
  test.each(Object.keys(READS) as Who[])('%s finds in a search of one type, and of several, exactly what it reads', async (who) => {
    const candidates = [responses.owner.$id, responses.other.$id, consultation.$id, ...VISIBILITIES.map((v) => items[v].$id)];
    const readable: string[] = [];
    for (const id of candidates) if (!(await call(who, `read/${id}`)).erred) readable.push(id);
    const idsOf = (reply: { b?: unknown }) => [...((reply.b as { ids?: string[] } | undefined)?.ids ?? [])].sort();
    const several = await call(who, 'search/ids', {
      must: { _: ['ConsultResponse', 'Consultation', 'LOVValue'], id: candidates },
      max: 50,
    });
    expect(idsOf(several)).toEqual(readable.sort());
    const one = await call(who, 'search/ids', {
      must: { _: 'ConsultResponse', id: candidates },
      sort: [{ key: 'created', order: 'desc' }],
    });
    expect(idsOf(one)).toEqual(want(who));
  });

  test('watch pushes of responses reach only their community (and administrators)', async () => {
    const watchers = ['writer', 'reader', 'outsider', 'grantee'] as const;
    for (const who of watchers) await users[who].client.call('addWatch/ConsultResponse-0', {});
    // A change of the consultation rewrites both responses' copies.
    const c = await users.admin.client.call<Item>(`read/${consultation.$id}`);
    await users.admin.client.call('update', { $id: c.$id, _u: c._u, projectName: 'Matrix mine pushed' });
    await new Promise((r) => setTimeout(r, 500));
    for (const who of watchers) {
      await users[who].client.call('ping');
      const pushed = new Set(
        users[who].client.pushes
          .filter(
            (f) => f.o === 'item/update' && (f.b as Item)._t === 'ConsultResponse' && (f.b as Item).projectName === 'Matrix mine pushed',
          )
          .map((f) => (f.b as Item).$id),
      );
      expect([who, [...pushed].sort()]).toEqual([who, want(who)]);
    }
  });
});

// The conversations module (issue 15): a thread and its messages are read by its participants' users,
// whoever started it, the members of its organisation (PROTECTED) and administrators; its SQL form
// (readMany, search) answers exactly what reading each one allows.
describe('conversations: participants, starter and organisation read a thread and its messages', () => {
  type Kind = 'owned' | 'unowned';
  const READS: Record<Who, readonly Kind[]> = {
    admin: ['owned', 'unowned'],
    writer: ['owned', 'unowned'],
    reader: ['owned'],
    outsider: ['owned'],
    grantee: [],
    anonymous: [],
  };
  const threads = {} as Record<Kind, { threadId: string; messageId: string }>;
  const want = (who: Who, what: 'threadId' | 'messageId') => READS[who].map((k) => threads[k][what]).sort();

  beforeAll(async () => {
    const a = users.admin.client;
    // The outsider takes part through their person record.
    const person = await a.call<Item>('create/Contact', { lastName: 'Matrixparticipant' });
    const me = await a.call<Item>(`read/${users.outsider.id}`);
    const refreshed = users.outsider.client.nextPush((f) => f.o === 'authed');
    await a.call('update', { $id: users.outsider.id, _u: me._u, contact: { id: person.$id } });
    await refreshed;
    threads.owned = await a.call('act/conversationStart', {
      subject: 'Matrix owned thread',
      participants: [person.$id],
      owner: orgIds.owner,
      body: '<p>Matrix owned</p>',
    });
    threads.unowned = await users.writer.client.call('act/conversationStart', {
      subject: 'Matrix unowned thread',
      participants: [],
      body: '<p>Matrix unowned</p>',
    });
  });

  test.each(Object.keys(READS) as Who[])(
    '%s reads, readMany, searches and is allowed exactly the same threads and messages',
    async (who) => {
      for (const what of ['threadId', 'messageId'] as const) {
        const ids = Object.values(threads).map((t) => t[what]);
        const single: string[] = [];
        for (const id of ids) {
          const reply = await call(who, `read/${id}`);
          if (!reply.erred) single.push(id);
          if (who !== 'anonymous') {
            const allowed = await call(who, 'act/isAllowed', { id, actions: ['read'] });
            expect((allowed.b as { allowed: { read: boolean } }).allowed.read).toBe(!reply.erred);
          }
        }
        expect([what, single.sort()]).toEqual([what, want(who, what)]);
        const many = await call(who, 'readMany/object', ids);
        expect([what, Object.keys((many.b as object) ?? {}).sort()]).toEqual([what, want(who, what)]);
        const found = await call(who, 'search/ids', { must: { _: what === 'threadId' ? 'Thread' : 'Message', id: ids }, max: 50 });
        expect([what, [...((found.b as { ids?: string[] } | undefined)?.ids ?? [])].sort()]).toEqual([what, want(who, what)]);
      }
    },
  );
});

describe('workflow templates: their organisation and those who run workflows read them, workflow admins keep them', () => {
  type Side = 'owner' | 'other';
  type Extra = 'siteRunner' | 'keeper';
  const READS: Record<Who | Extra, readonly Side[]> = {
    admin: ['owner', 'other'],
    writer: ['owner'],
    reader: ['owner'],
    outsider: ['other'],
    // A grant to read counts, as for any item of the generic rule.
    grantee: ['owner', 'other'],
    anonymous: [],
    siteRunner: ['owner', 'other'],
    keeper: ['owner'],
  };
  /** Who creates and changes the owner's templates: administrators and the owner's workflow admins (not its writers). */
  const KEEPS: readonly (Who | Extra)[] = ['admin', 'keeper'];
  const extra = {} as Record<Extra, TestUser>;
  const templates = {} as Record<Side, Item>;
  const ask = (who: Who | Extra, o: string, b?: unknown) =>
    who === 'siteRunner' || who === 'keeper' ? extra[who].client.request(o, b) : call(who, o, b);
  const want = (who: Who | Extra) => READS[who].map((s) => templates[s].$id).sort();
  const body = (owner: string, label: string) => ({ label, owner: { id: owner }, steps: [{ kind: 'RWF_SIMPLE', label: 'Read it' }] });

  beforeAll(async () => {
    const a = users.admin.client;
    extra.siteRunner = await buildUser(srv, { name: 'siteRunner' });
    extra.keeper = await buildUser(srv, { name: 'keeper' });
    await a.call('act/setCapabilities', { userId: extra.siteRunner.id, capabilities: { ResponderWorkflow: true } });
    await a.call('act/setMembership', { userId: extra.keeper.id, orgId: orgIds.owner, capabilities: { WorkflowAdmin: true } });
    templates.owner = await a.call<Item>('create/Workflow', body(orgIds.owner, 'Matrix owner process'));
    templates.other = await a.call<Item>('create/Workflow', body(orgIds.other, 'Matrix other process'));
    for (const t of Object.values(templates)) await a.call('act/grant', { id: t.$id, grantee: users.grantee.id, actions: ['read'] });
    // Rights reach open sockets through a refresh.
    for (const who of ['siteRunner', 'keeper'] as const)
      for (let i = 0; i < 100 && (await ask(who, `read/${templates.owner.$id}`)).erred; i++) await new Promise((r) => setTimeout(r, 50));
  });

  test.each(Object.keys(READS) as (Who | Extra)[])('%s reads and finds exactly the templates the rules give them', async (who) => {
    const single: string[] = [];
    for (const t of Object.values(templates)) if (!(await ask(who, `read/${t.$id}`)).erred) single.push(t.$id);
    expect(single.sort()).toEqual(want(who));
    if (who === 'anonymous') return;
    const found = await ask(who, 'search/ids', { must: { _: 'Workflow', 'fw-label': 'Matrix*' }, max: 50 });
    expect(((found.b as { ids: string[] }).ids ?? []).sort()).toEqual(want(who));
  });

  test.each(Object.keys(READS).filter((w) => w !== 'anonymous') as (Who | Extra)[])(
    "%s creates and changes the owner's templates only as a workflow admin there",
    async (who) => {
      const made = await ask(who, 'create/Workflow', body(orgIds.owner, `Matrix by ${who}`));
      expect(!made.erred).toBe(KEEPS.includes(who));
      const current = await users.admin.client.call<Item>(`read/${templates.owner.$id}`);
      const changed = await ask(who, 'update', { $id: current.$id, _u: current._u, label: `Matrix owner process (${who})` });
      expect(!changed.erred).toBe(KEEPS.includes(who));
    },
  );
});

// The letters module (issue 15): a community's letter templates and response letters are read as its
// responses are (its members, the site's responders, administrators; never a grantee or another
// community), single reads and searches alike; templates are kept by those who may update the
// community's responses; letters are written only through the module's operations.
describe('response letters: each community reads and keeps only its own', () => {
  type Side = 'owner' | 'other';
  const READS: Record<Who, readonly Side[]> = {
    admin: ['owner', 'other'],
    writer: ['owner'],
    reader: ['owner'],
    outsider: ['other'],
    grantee: [],
    anonymous: [],
  };
  /** Who keeps the owner's templates: whoever may update its responses (administrators, its writers). */
  const KEEPS: readonly Who[] = ['admin', 'writer'];
  const templates = {} as Record<Side, Item>;
  const letters = {} as Record<Side, string>;
  const want = (who: Who, of: Record<Side, string>) => READS[who].map((s) => of[s]).sort();
  const templateIds = () => ({ owner: templates.owner.$id, other: templates.other.$id });
  const body = (owner: string, subject: string) => ({
    owner: { id: owner },
    letter: 'MATRIX',
    subject,
    body: '<p>To {{community.name}}</p>',
  });

  beforeAll(async () => {
    const a = users.admin.client;
    const proponent = await a.call<Item>('create/Organization', { displayName: 'Matrix Letters Ltd', type: 'INDUSTRY' });
    const person = await a.call<Item>('create/Contact', {
      lastName: 'Lettermatrix',
      email: 'lm@matrix.example',
      _related: [{ id: proponent.$id }],
    });
    let c = await a.call<Item>('create/Consultation', {
      owner: { id: proponent.$id },
      projectName: 'Matrix letters road',
      region: 'NORTH',
      stream: 'NORMAL',
      projectType: 'TRANSPORT',
      primaryOrg: { id: proponent.$id },
      primaryContacts: [{ id: person.$id }],
      requestedResponseDate: '2026-10-01',
      projectStartDt: '2026-11-01',
      projectDescription: 'A road.',
      locationDescription: 'Matrix valley.',
    });
    for (const event of ['consultation.submit', 'consultation.assign']) c = await a.call<Item>(`transition/${c.$id}`, { event, _u: c._u });
    const { responses } = await a.call<{ responses: string[] }>('act/consultDistribute', {
      consultationId: c.$id,
      communities: [orgIds.owner, orgIds.other],
    });
    for (const [side, org] of [
      ['owner', orgIds.owner],
      ['other', orgIds.other],
    ] as const) {
      await a.call('create/LOVValue', {
        list: 'RLT_LETTERS',
        key: 'MATRIX',
        t: { en: 'Matrix letter' },
        owner: { id: org },
        state: 'ACTIVE',
      });
      templates[side] = await a.call<Item>('create/LetterTemplate', body(org, `Matrix ${side} letter`));
      await a.call('act/grant', { id: templates[side].$id, grantee: users.grantee.id, actions: ['read'] });
      const responseId = (await Promise.all(responses.map((id) => a.call<Item>(`read/${id}`)))).find(
        (r) => (r.owner as { id: string }).id === org,
      )!.$id;
      ({ letterId: letters[side] } = await a.call<{ letterId: string }>('act/letterCreate', {
        responseId,
        templateId: templates[side].$id,
      }));
      // A letter takes no grants (changing them is an update, which only the module's operations make).
      expect(
        (await users.admin.client.request('act/grant', { id: letters[side], grantee: users.grantee.id, actions: ['read'] })).erred,
      ).toBe(true);
    }
  });

  test.each(Object.keys(READS) as Who[])('%s reads and finds exactly their community’s templates and letters', async (who) => {
    for (const [type, of] of [
      ['LetterTemplate', templateIds()],
      ['ResponseLetter', letters],
    ] as const) {
      const single: string[] = [];
      for (const id of Object.values(of)) if (!(await call(who, `read/${id}`)).erred) single.push(id);
      expect([type, single.sort()]).toEqual([type, want(who, of)]);
      if (who === 'anonymous') continue;
      const found = await call(who, 'search/ids', { must: { _: type, 'fw-subject': 'Matrix*' }, max: 50 });
      expect([type, [...((found.b as { ids?: string[] }).ids ?? [])].sort()]).toEqual([type, want(who, of)]);
    }
  });

  test.each(Object.keys(READS).filter((w) => w !== 'anonymous') as Who[])(
    "%s keeps the owner's templates only with the right to update its responses, and never writes a letter by hand",
    async (who) => {
      const current = await users.admin.client.call<Item>(`read/${templates.owner.$id}`);
      const changed = await call(who, 'update', { $id: current.$id, _u: current._u, subject: `Matrix owner letter (${who})` });
      expect(!changed.erred).toBe(KEEPS.includes(who));
      const allowed = await call(who, 'act/isAllowed', { id: templates.owner.$id, actions: ['update'] });
      expect((allowed.b as { allowed?: { update: boolean } }).allowed?.update ?? false).toBe(KEEPS.includes(who));
      const letter = await users.admin.client.call<Item>(`read/${letters.owner}`);
      expect((await call(who, 'update', { $id: letter.$id, _u: letter._u, subject: 'By hand' })).erred).toBe(true);
    },
  );
});

// The spatial module (issue 17): collections, places and GIS files are read by the generic rule, and
// so are their map features (act/streamFeatures) — a place never reaches whoever may not read it, in
// a single read, a search or a stream. They are created by holders of Spatial among those who may
// create the owner's items (a writer without it may not), and changed by the generic rule.
describe('spatial: places are read as the generic rule says, through every path; created with Spatial', () => {
  type Extra = 'mapper';
  const places = {} as Record<Visibility, Item>;
  let collection: Item;
  let file: Item;
  const extra = {} as Record<Extra, TestUser>;
  const ask = (who: Who | Extra, o: string, b?: unknown) => (who === 'mapper' ? extra.mapper.client.request(o, b) : call(who, o, b));
  const readable = (who: Who | Extra): string[] =>
    VISIBILITIES.filter((v) => (who === 'mapper' ? MATRIX.reader[v] !== '-' : expected(who, v, 'read')))
      .map((v) => places[v].$id)
      .sort();
  const CREATES: readonly (Who | Extra)[] = ['admin', 'mapper'];

  beforeAll(async () => {
    const a = users.admin.client;
    extra.mapper = await buildUser(srv, { name: 'mapper' });
    await a.call('act/setMembership', { userId: extra.mapper.id, orgId: orgIds.owner, capabilities: { write: true, Spatial: true } });
    collection = await a.call<Item>('create/SpatialCollection', { label: 'Matrix places', owner: { id: orgIds.owner }, $access: 'PUBLIC' });
    file = await a.call<Item>('create/GISCollection', {
      name: 'matrix.kml',
      kind: 'KML',
      containedAs: { id: collection.$id },
      owner: { id: orgIds.owner },
      $access: 'PUBLIC',
    });
    for (const v of VISIBILITIES) {
      places[v] = await a.call<Item>('create/SpatialFeature', {
        label: `Matrix place ${v}`,
        owner: { id: orgIds.owner },
        collection: { id: collection.$id },
        importedVia: { id: file.$id },
        geometry: { type: 'Point', coordinates: [-100, 55] },
        $access: v,
      });
    }
    await a.call('act/grant', { id: places.PRIVATE.$id, grantee: users.grantee.id, actions: ['read', 'update'] });
    for (let i = 0; i < 100 && (await ask('mapper', `read/${places.PROTECTED.$id}`)).erred; i++)
      await new Promise((r) => setTimeout(r, 50));
  });

  test.each([...(Object.keys(MATRIX) as Who[]), 'mapper' as const])(
    '%s reads, finds and is streamed exactly the places they may read',
    async (who) => {
      const single: string[] = [];
      for (const v of VISIBILITIES) if (!(await ask(who, `read/${places[v].$id}`)).erred) single.push(places[v].$id);
      expect(single.sort()).toEqual(readable(who));
      if (who === 'anonymous') {
        expect((await ask(who, 'act/streamFeatures', { relatedIDs: [collection.$id] })).erred).toBe(true);
        return;
      }
      const found = await ask(who, 'search/ids', { must: { _: 'SpatialFeature', 'fw-label': 'Matrix*' }, max: 50 });
      expect([...((found.b as { ids?: string[] }).ids ?? [])].sort()).toEqual(readable(who));
      for (const relatedIDs of [[collection.$id], [file.$id], VISIBILITIES.map((v) => places[v].$id)]) {
        const streamed = await ask(who, 'act/streamFeatures', { relatedIDs });
        expect((streamed.b as { rel: string }[]).map((f) => f.rel).sort()).toEqual(readable(who));
      }
    },
  );

  test.each([...(Object.keys(MATRIX) as Who[]), 'mapper' as const].filter((w) => w !== 'anonymous'))(
    '%s creates collections and places for the owner only with Spatial there',
    async (who) => {
      const made = await ask(who, 'create/SpatialCollection', { label: `Matrix by ${who}`, owner: { id: orgIds.owner } });
      expect(!made.erred).toBe(CREATES.includes(who));
      const place = await ask(who, 'create/SpatialFeature', { label: `Matrix by ${who}`, owner: { id: orgIds.owner } });
      expect(!place.erred).toBe(CREATES.includes(who));
    },
  );
});
