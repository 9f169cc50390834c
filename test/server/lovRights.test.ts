/**
 * Rights on lists of values (spec 001 §6, docs/permissions.md): a module declares beside its list the
 * right needed to edit an organisation's values of it. The example journal's JOURNAL_CATEGORIES need
 * create on JournalEntry (Research and write in the owner, or an administrator); the orgs module's
 * comm-log lists need create on CommLog. Refusals are notAllowed and write nothing. On both drivers.
 */
import type { LovRights } from '../../src/shared/items/LovRights';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

const CATEGORIES = 'JOURNAL_CATEGORIES';
let srv: RunningServer;
let admin: TestUser;
/** Writes for the organisation and holds Research: may create its journal entries, so edits its categories. */
let researcher: TestUser;
/** Writes for the organisation without Research. */
let writer: TestUser;
/** A member without write. */
let reader: TestUser;
let org: Item;
let other: Item;

const refusal = (reply: { erred?: boolean; b?: unknown }): string | undefined =>
  reply.erred ? (reply.b as { userMessage: string }).userMessage : undefined;
const value = (list: string, key: string, owner: Item | null): Record<string, unknown> => ({
  list,
  key,
  t: { en: key },
  state: 'ACTIVE',
  ...(owner ? { owner: { id: owner.$id } } : {}),
});
/** Every stored value of `list` (archived too), as the administrator finds them. */
async function stored(list: string): Promise<Item[]> {
  const { ids } = await admin.client.call<{ ids: string[] }>('search/ids', { must: { _: 'LOVValue', 'ft-list': list }, max: 500 });
  if (ids.length === 0) return [];
  const values = Object.values(await admin.client.call<Record<string, Item>>('readMany/object', ids));
  return values.filter((v) => v.list === list).sort((a, b) => a.$id.localeCompare(b.$id));
}
const rightsOf = (user: TestUser, owner: Item | null): Promise<LovRights> =>
  user.client.call<LovRights>('act/lovRights', owner ? { owner: owner.$id } : {});

/** Waits until `user`'s socket knows their changed rights: act/lovRights answers `held` for the categories. */
async function until(user: TestUser, held: boolean): Promise<void> {
  // Up to 15 s: the socket reloads the rights when the server hears the change, later on a loaded machine.
  for (let i = 0; i < 300; i++) {
    if ((await rightsOf(user, org)).lists[CATEGORIES] === held) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${user.id}'s rights never became ${String(held)}`);
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Riverbend Nation', type: 'COMMUNITY' });
  other = await admin.client.call<Item>('create/Organization', { displayName: 'Coastal Mining', type: 'INDUSTRY' });
  researcher = await buildUser(srv, { name: 'Rae Researcher' });
  writer = await buildUser(srv, { name: 'Wes Writer' });
  reader = await buildUser(srv, { name: 'Rob Reader' });
  await admin.client.call('act/setCapabilities', { userId: researcher.id, capabilities: { Research: true } });
  await admin.client.call('act/setMembership', { userId: researcher.id, orgId: org.$id, capabilities: { write: true } });
  await admin.client.call('act/setMembership', { userId: writer.id, orgId: org.$id, capabilities: { write: true } });
  await admin.client.call('act/setMembership', { userId: reader.id, orgId: org.$id, capabilities: {} });
  await until(researcher, true);
});
afterAll(async () => {
  for (const u of [researcher, writer, reader, admin]) u?.client.close();
  await srv.stop();
});

describe('a list whose values need create on JournalEntry', () => {
  it('is edited by a member holding the right: add, translate, archive, delete', async () => {
    const made = await researcher.client.call<Item>('create/LOVValue', value(CATEGORIES, 'BIRDS', org));
    expect(made).toMatchObject({ list: CATEGORIES, key: 'BIRDS', owner: { id: org.$id } });
    const translated = await researcher.client.call<Item>('update', { $id: made.$id, _u: made._u, t: { en: 'Birds', fr: 'Oiseaux' } });
    expect(translated.t).toEqual({ en: 'Birds', fr: 'Oiseaux' });
    const archived = await researcher.client.call<Item>('update', { $id: made.$id, _u: translated._u, state: 'ARCHIVED' });
    expect(archived.state).toBe('ARCHIVED');
    expect((await researcher.client.request(`delete/${made.$id}`)).erred).toBeFalsy();
    expect((await stored(CATEGORIES)).map((v) => v.key)).not.toContain('BIRDS');
  });

  it('is refused to a writer without Research and to a member without write, with nothing written', async () => {
    const before = await stored(CATEGORIES);
    for (const who of [writer, reader]) {
      expect(refusal(await who.client.request('create/LOVValue', value(CATEGORIES, 'FISH', org)))).toBe('notAllowed');
    }
    expect(await stored(CATEGORIES)).toEqual(before);
    const made = await researcher.client.call<Item>('create/LOVValue', value(CATEGORIES, 'MAMMALS', org));
    expect(refusal(await writer.client.request('update', { $id: made.$id, _u: made._u, t: { en: 'Beasts' } }))).toBe('notAllowed');
    expect(refusal(await writer.client.request('update', { $id: made.$id, _u: made._u, state: 'ARCHIVED' }))).toBe('notAllowed');
    expect(refusal(await writer.client.request(`delete/${made.$id}`))).toBe('notAllowed');
    expect(await admin.client.call<Item>(`read/${made.$id}`)).toMatchObject({ _u: made._u, t: { en: 'MAMMALS' }, state: 'ACTIVE' });
    const asked = await writer.client.call<{ allowed: Record<string, boolean> }>('act/isAllowed', {
      id: made.$id,
      actions: ['update', 'delete'],
    });
    expect(asked.allowed).toEqual({ update: false, delete: false });
    const own = await researcher.client.call<{ allowed: Record<string, boolean> }>('act/isAllowed', { id: made.$id, actions: ['update'] });
    expect(own.allowed).toEqual({ update: true });
  });

  it('is edited by an administrator, the site-wide values by administrators only', async () => {
    const made = await admin.client.call<Item>('create/LOVValue', value(CATEGORIES, 'PLANTS', org));
    expect((await admin.client.call<Item>('update', { $id: made.$id, _u: made._u, state: 'ARCHIVED' })).state).toBe('ARCHIVED');
    const site = await admin.client.call<Item>('create/LOVValue', value(CATEGORIES, 'WEATHER', null));
    expect(refusal(await researcher.client.request('create/LOVValue', value(CATEGORIES, 'TRACKS', null)))).toBe('notAllowed');
    expect(refusal(await researcher.client.request('update', { $id: site.$id, _u: site._u, t: { en: 'Sky' } }))).toBe('notAllowed');
    expect((await stored(CATEGORIES)).map((v) => v.key)).not.toContain('TRACKS');
  });

  it('cannot be reached by moving a value from a free list, or to an organisation where the right is not held', async () => {
    const free = await writer.client.call<Item>('create/LOVValue', value('JOURNAL_FREE_NOTES', 'FISH', org));
    expect(refusal(await writer.client.request('update', { $id: free.$id, _u: free._u, list: CATEGORIES }))).toBe('notAllowed');
    expect(await admin.client.call<Item>(`read/${free.$id}`)).toMatchObject({ _u: free._u, list: 'JOURNAL_FREE_NOTES' });
    const mine = await researcher.client.call<Item>('create/LOVValue', value(CATEGORIES, 'INSECTS', org));
    expect(refusal(await researcher.client.request('update', { $id: mine.$id, _u: mine._u, owner: { id: other.$id } }))).toBe('notAllowed');
    expect(refusal(await researcher.client.request('update', { $id: mine.$id, _u: mine._u, owner: null }))).toBe('notAllowed');
    expect(await admin.client.call<Item>(`read/${mine.$id}`)).toMatchObject({ _u: mine._u, owner: { id: org.$id } });
  });

  it("stops at once for a creator who loses the right: being a value's creator is not enough", async () => {
    const mine = await researcher.client.call<Item>('create/LOVValue', value(CATEGORIES, 'LICHENS', org));
    await admin.client.call('act/setCapabilities', { userId: researcher.id, capabilities: {} });
    await until(researcher, false);
    expect(refusal(await researcher.client.request('update', { $id: mine.$id, _u: mine._u, t: { en: 'Moss' } }))).toBe('notAllowed');
    expect((await admin.client.call<Item>(`read/${mine.$id}`))._u).toBe(mine._u);
    await admin.client.call('act/setCapabilities', { userId: researcher.id, capabilities: { Research: true } });
    await until(researcher, true);
  });
});

describe('the lists the orgs module declares and the lists without a right', () => {
  it('comm-log types need create on CommLog: a writer of the owner adds them, a member without write does not', async () => {
    expect((await writer.client.call<Item>('create/LOVValue', value('ORG_COMMLOG_TYPES', 'SMOKE_SIGNAL', org))).key).toBe('SMOKE_SIGNAL');
    expect(refusal(await reader.client.request('create/LOVValue', value('ORG_COMMLOG_DIRECTIONS', 'SIDEWAYS', org)))).toBe('notAllowed');
    expect(refusal(await writer.client.request('create/LOVValue', value('ORG_MEETING_TYPES', 'FEAST', other)))).toBe('notAllowed');
    expect((await stored('ORG_COMMLOG_DIRECTIONS')).map((v) => v.key)).not.toContain('SIDEWAYS');
  });

  it('act/lovRights tells each caller which lists they may edit for an owner, as the server then decides', async () => {
    expect(await rightsOf(researcher, org)).toMatchObject({
      lists: { [CATEGORIES]: true, ORG_COMMLOG_TYPES: true, ORG_MEETING_TYPES: true },
      others: true,
    });
    expect(await rightsOf(writer, org)).toMatchObject({ lists: { [CATEGORIES]: false, ORG_COMMLOG_TYPES: true }, others: true });
    expect(await rightsOf(reader, org)).toMatchObject({ lists: { [CATEGORIES]: false, ORG_COMMLOG_TYPES: false }, others: false });
    expect(await rightsOf(researcher, null)).toMatchObject({ lists: { [CATEGORIES]: false, ORG_COMMLOG_TYPES: false } });
    expect(await rightsOf(admin, null)).toMatchObject({ lists: { [CATEGORIES]: true, ORG_COMMLOG_TYPES: true }, others: true });
    expect(refusal(await reader.client.request('act/lovRights', { owner: 'Contact-1' }))).toBe('validationFailed');
  });
});
