import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let org: Item;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Riverbend Nation', type: 'COMMUNITY' });
  const lov = (key: string, t: Record<string, string>, extra: Record<string, unknown> = {}) =>
    admin.client.call('create/LOVValue', { list: 'FIELD_TEST_REGIONS', key, t, $access: 'PUBLIC', ...extra });
  await lov('NORTH', { en: 'North', fr: 'Nord' });
  await lov('SOUTH', { en: 'South' }, { owner: { id: org.$id } });
  await lov('WEST', { en: 'West' }, { state: 'ARCHIVED' });
  await admin.client.call('create/LOVValue', { list: 'FIELD_TEST_REGIONS', key: 'HIDDEN', t: { en: 'Hidden' }, $access: 'PRIVATE' });
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

describe('act/lov', () => {
  test('answers what GET /lov answers for the same list, locale and owner', async () => {
    const stranger = await buildUser(srv);
    for (const path of ['fr/FIELD_TEST_REGIONS', `en/FIELD_TEST_REGIONS/${org.$id}`]) {
      const [locale, list, owner] = path.split('/');
      const http = await (await fetch(`${srv.url}/lov/${path}`, { headers: { authorization: `Bearer ${stranger.token}` } })).json();
      const op = await stranger.client.call('act/lov', { list, locale, ...(owner ? { owner } : {}) });
      expect(op).toEqual(http);
    }
    expect(await stranger.client.call('act/lov', { list: 'FIELD_TEST_REGIONS', locale: 'fr' })).toEqual({
      _: [expect.objectContaining({ key: 'NORTH', label: 'Nord' })],
      [org.$id]: [expect.objectContaining({ key: 'SOUTH', label: 'South' })],
    });
    stranger.client.close();
  });

  test('archived values only on request, marked as such', async () => {
    const all = await admin.client.call<Record<string, { key: string; state?: string }[]>>('act/lov', {
      list: 'FIELD_TEST_REGIONS',
      locale: 'en',
      includeArchived: true,
    });
    expect(all._!.map((v) => [v.key, v.state])).toEqual([
      ['HIDDEN', 'ACTIVE'],
      ['NORTH', 'ACTIVE'],
      ['WEST', 'ARCHIVED'],
    ]);
  });

  test('refuses bad list names, locales and owners', async () => {
    for (const body of [
      { list: 'bad-name', locale: 'en' },
      { list: 'FIELD_TEST_REGIONS', locale: 'english!' },
      { list: 'FIELD_TEST_REGIONS', locale: 'en', owner: 'Contact-1' },
    ]) {
      expect(await admin.client.request('act/lov', body)).toMatchObject({ erred: true });
    }
  });
});

describe('act/blockedContacts', () => {
  test('answers the contacts of blocked users among those asked, and only readable ones', async () => {
    const blockedContact = await admin.client.call<Item>('create/Contact', { lastName: 'Blocked', _related: [{ id: org.$id }] });
    const freeContact = await admin.client.call<Item>('create/Contact', { lastName: 'Free', _related: [{ id: org.$id }] });
    const userId = await srv.server.services.accounts.createUser({
      name: 'Blocked User',
      email: `blocked.${process.pid}@test.example`,
      password: 'a long enough password',
      contact: blockedContact.$id,
    });
    await admin.client.call('act/blockUser', { userId, blocked: true });
    expect(await admin.client.call('act/blockedContacts', { ids: [blockedContact.$id, freeContact.$id] })).toEqual({
      blocked: [blockedContact.$id],
    });
    const stranger = await buildUser(srv);
    expect(await stranger.client.call('act/blockedContacts', { ids: [blockedContact.$id] })).toEqual({ blocked: [] });
    stranger.client.close();
  });
});

describe('rich text on write', () => {
  test('HTM values keep only the allowed tags and link schemes', async () => {
    const dirty =
      '<h2>Notes</h2><p onclick="x()">Met <b>Mary</b> <i>today</i><script>alert(1)</script></p>' +
      '<ul><li><a href="javascript:alert(1)">bad</a></li><li><a href="https://example.org" target="_blank">good</a></li></ul><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>';
    const log = await admin.client.call<Item>('create/CommLog', {
      owner: { id: org.$id },
      subject: 'Call',
      date: '2026-04-02',
      type: '__other__',
      direction: '__other__',
      notes: dirty,
    });
    const clean =
      '<h2>Notes</h2><p>Met <strong>Mary</strong> <em>today</em></p><ul><li><a>bad</a></li><li><a href="https://example.org">good</a></li></ul>';
    expect(log.notes).toBe(clean);
    const updated = await admin.client.call<Item>('update', {
      $id: log.$id,
      _u: log._u,
      notes: '<blockquote>ok</blockquote><style>p{}</style><a href="mailto:a@b.c">m</a>',
    });
    expect(updated.notes).toBe('<blockquote>ok</blockquote><a href="mailto:a@b.c">m</a>');
    expect((await admin.client.call<Item>(`read/${log.$id}`)).notes).toBe(updated.notes);
  });
});
