import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  alice = await buildUser(srv, { name: 'Alice Example' });
  bob = await buildUser(srv, { name: 'Bob Example' });
});
afterAll(async () => {
  for (const u of [admin, alice, bob]) u?.client.close();
  await srv.stop();
});

describe('create', () => {
  test('answers the created item with its id, index, counter and creation info', async () => {
    const before = Date.now();
    const item = await alice.client.call<Item>('create/Contact', { firstName: 'Rosa', lastName: 'Sinclair', email: 'rosa@example.org' });
    expect(item.$id).toMatch(/^Contact-\d+$/);
    expect(item).toMatchObject({ _t: 'Contact', _u: 1, firstName: 'Rosa', lastName: 'Sinclair', $access: 'PROTECTED' });
    expect(item._i).toBe(Number(item.$id.split('-')[1]));
    expect(item._c.by).toBe(alice.id);
    expect(Date.parse(item._c.ts)).toBeGreaterThanOrEqual(before - 1000);
    expect(item.$labels[item.$id]).toBe('Rosa Sinclair');
  });

  test('indexes count up per type', async () => {
    const a = await alice.client.call<Item>('create/Contact', { lastName: 'One' });
    const b = await alice.client.call<Item>('create/Contact', { lastName: 'Two' });
    expect(b._i).toBe(a._i + 1);
  });

  test('an unknown type is refused', async () => {
    expect(await alice.client.request('create/Spaceship', { name: 'x' })).toMatchObject({ erred: true, b: { userMessage: 'unknownType' } });
  });

  test('invalid properties are refused with the form-rule key of each, and nothing is stored', async () => {
    const reply = await alice.client.request('create/Contact', {
      lastName: '   ',
      email: 'not-an-email',
      officePhone: '12',
      colour: 'red',
    });
    expect(reply).toMatchObject({
      erred: true,
      b: {
        userMessage: 'validationFailed',
        fields: {
          lastName: 'errors.notBlank',
          email: 'errors.invalidEmail',
          officePhone: 'errors.invalidPhone',
          colour: 'errors.unknownProperty',
        },
      },
    });
    const next = await alice.client.call<Item>('create/Contact', { lastName: 'After' });
    const prev = await alice.client.request(`read/Contact-${next._i - 1}`);
    expect((prev.b as Item).lastName).not.toBe('   ');
  });

  test('a required property must be there', async () => {
    expect(await alice.client.request('create/Contact', { firstName: 'No last name' })).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed', fields: { lastName: 'errors.required' } },
    });
  });

  test('types only administrators create are refused to others', async () => {
    expect(await alice.client.request('create/Organization', { displayName: 'Alice Co', type: 'OTHER' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
    const org = await admin.client.call<Item>('create/Organization', {
      displayName: 'River Valley Council',
      type: 'COMMUNITY',
      website: 'https://rv.example.org',
    });
    expect(org).toMatchObject({ _t: 'Organization', $access: 'COMMUNITY' });
    expect(await admin.client.request('create/Organization', { displayName: 'Bad', type: 'PIRATES', website: 'ftp://x' })).toMatchObject({
      erred: true,
      b: { fields: { type: 'errors.invalidValue', website: 'errors.invalidURL' } },
    });
  });
});

describe('read', () => {
  test('read answers the item; an unknown id is refused as an unreadable one is (issue 19, finding 8)', async () => {
    const created = await alice.client.call<Item>('create/Contact', { lastName: 'Readable' });
    expect(await alice.client.call<Item>(`read/${created.$id}`)).toEqual(created);
    expect(await alice.client.request('read/Contact-999999')).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  });

  test("another user's PROTECTED item is notAllowed; readAllowed answers null instead", async () => {
    const mine = await alice.client.call<Item>('create/Contact', { lastName: 'Private Matter' });
    expect(await bob.client.request(`read/${mine.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    expect(await bob.client.call(`readAllowed/${mine.$id}`)).toBeNull();
    expect(await bob.client.call('readAllowed/Contact-999999')).toBeNull();
    expect((await alice.client.call<Item>(`readAllowed/${mine.$id}`)).$id).toBe(mine.$id);
    expect((await admin.client.call<Item>(`read/${mine.$id}`)).$id).toBe(mine.$id);
  });

  test('a COMMUNITY item is readable by every signed-in user', async () => {
    const shared = await alice.client.call<Item>('create/Contact', { lastName: 'Shared', $access: 'COMMUNITY' });
    expect((await bob.client.call<Item>(`read/${shared.$id}`)).lastName).toBe('Shared');
  });

  test('readMany answers only the items the user may read, filtered in the query', async () => {
    const a = await alice.client.call<Item>('create/Contact', { lastName: 'Many A' });
    const b = await alice.client.call<Item>('create/Contact', { lastName: 'Many B', $access: 'COMMUNITY' });
    const c = await bob.client.call<Item>('create/Contact', { lastName: 'Many C' });
    const ids = [a.$id, b.$id, c.$id, 'Contact-999999'];
    expect(Object.keys(await alice.client.call<Record<string, Item>>('readMany/object', ids)).sort()).toEqual([a.$id, b.$id].sort());
    expect(Object.keys(await bob.client.call<Record<string, Item>>('readMany/object', ids)).sort()).toEqual([b.$id, c.$id].sort());
    expect(Object.keys(await admin.client.call<Record<string, Item>>('readMany/object', ids)).sort()).toEqual([a.$id, b.$id, c.$id].sort());
    expect(await alice.client.request('readMany/object', ['Contact-1', 'bad id'])).toMatchObject({
      erred: true,
      b: { userMessage: 'invalidId' },
    });
  });

  test('label answers the label of a readable item', async () => {
    const org = await admin.client.call<Item>('create/Organization', { displayName: 'Label Test Nation', type: 'COMMUNITY' });
    expect(await bob.client.call(`label/${org.$id}`)).toBe('Label Test Nation');
    const mine = await alice.client.call<Item>('create/Contact', { firstName: 'Hidden', lastName: 'Label' });
    expect(await bob.client.request(`label/${mine.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  });

  test('$labels carry the labels of related items the reader may see', async () => {
    const org = await admin.client.call<Item>('create/Organization', { displayName: 'Cedar Lake Nation', type: 'COMMUNITY' });
    const contact = await alice.client.call<Item>('create/Contact', {
      lastName: 'Related',
      _related: [{ id: org.$id }],
      $access: 'COMMUNITY',
    });
    // The creator's own User item is among what the reader (here the creator) may see.
    expect(contact.$labels).toEqual({ [contact.$id]: 'Related', [org.$id]: 'Cedar Lake Nation', [alice.id]: alice.session.name });
  });
});

describe('update', () => {
  test('update replaces given properties, removes nulls, and counts _u up', async () => {
    const item = await alice.client.call<Item>('create/Contact', { firstName: 'Old', lastName: 'Name', middleName: 'M' });
    const updated = await alice.client.call<Item>('update', { ...item, firstName: 'New', middleName: null });
    expect(updated).toMatchObject({ $id: item.$id, _u: 2, firstName: 'New', lastName: 'Name' });
    expect(updated.middleName).toBeUndefined();
    expect((await alice.client.call<Item>(`read/${item.$id}`))._u).toBe(2);
  });

  test('a stale _u is refused with staleUpdate and nothing is overwritten', async () => {
    const item = await alice.client.call<Item>('create/Contact', { lastName: 'Concurrent' });
    await alice.client.call('update', { $id: item.$id, _u: 1, lastName: 'First writer' });
    const stale = await alice.client.request('update', { $id: item.$id, _u: 1, lastName: 'Second writer' });
    expect(stale).toMatchObject({ erred: true, b: { userMessage: 'staleUpdate' } });
    expect(await alice.client.call<Item>(`read/${item.$id}`)).toMatchObject({ _u: 2, lastName: 'First writer' });
  });

  test('concurrent updates from the same _u: exactly one wins', async () => {
    const item = await alice.client.call<Item>('create/Contact', { lastName: 'Race' });
    const replies = await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => alice.client.request('update', { $id: item.$id, _u: 1, lastName: `Writer ${n}` })),
    );
    expect(replies.filter((r) => !r.erred)).toHaveLength(1);
    expect(replies.filter((r) => r.erred).every((r) => (r.b as { userMessage: string }).userMessage === 'staleUpdate')).toBe(true);
    expect((await alice.client.call<Item>(`read/${item.$id}`))._u).toBe(2);
  });

  test('an invalid update is refused and the item stays as it was', async () => {
    const item = await alice.client.call<Item>('create/Contact', { lastName: 'Valid', email: 'valid@example.org' });
    const reply = await alice.client.request('update', { $id: item.$id, _u: 1, email: 'broken', lastName: '' });
    expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { email: 'errors.invalidEmail' } } });
    expect(await alice.client.call<Item>(`read/${item.$id}`)).toMatchObject({ _u: 1, email: 'valid@example.org', lastName: 'Valid' });
    const timeline = await alice.client.call<unknown[]>(`timeline/${item.$id}`);
    expect(timeline).toHaveLength(1);
  });

  test("another user's item cannot be updated, even a readable one", async () => {
    const shared = await alice.client.call<Item>('create/Contact', { lastName: 'Read Only For Bob', $access: 'COMMUNITY' });
    expect(await bob.client.request('update', { ...shared, lastName: 'Bob was here' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
    expect((await bob.client.call<Item>(`read/${shared.$id}`)).lastName).toBe('Read Only For Bob');
  });

  test('a user may change their own User item, but not its read-only e-mail', async () => {
    const me = await alice.client.call<Item>(`read/${alice.id}`);
    const changed = await alice.client.call<Item>('update', { $id: alice.id, _u: me._u, dark: true, multiColumns: true });
    expect(changed).toMatchObject({ dark: true, multiColumns: true });
    expect(await alice.client.request('update', { $id: alice.id, _u: changed._u, email: 'other@example.org' })).toMatchObject({
      erred: true,
      b: { fields: { email: 'errors.readOnly' } },
    });
    expect(await bob.client.request('update', { $id: alice.id, _u: changed._u, name: 'Hijack' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
  });
});

describe('delete and the timeline', () => {
  test('a deleted item stays readable with $deleted, and cannot be updated', async () => {
    const item = await alice.client.call<Item>('create/Contact', { lastName: 'Soon Gone' });
    expect(await bob.client.request(`delete/${item.$id}`, { _u: 1 })).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    const deleted = await alice.client.call<Item>(`delete/${item.$id}`, { _u: 1 });
    expect(deleted).toMatchObject({ $deleted: true, _u: 2 });
    expect(await alice.client.call<Item>(`read/${item.$id}`)).toMatchObject({ $deleted: true });
    expect(await alice.client.request('update', { $id: item.$id, _u: 2, lastName: 'Back' })).toMatchObject({
      erred: true,
      b: { userMessage: 'itemDeleted' },
    });
  });

  test('every change appends an event to the timeline, with who made it', async () => {
    const item = await alice.client.call<Item>('create/Contact', { lastName: 'History', $access: 'COMMUNITY' });
    await alice.client.call('update', { $id: item.$id, _u: 1, firstName: 'Long' });
    await alice.client.call(`delete/${item.$id}`, {});
    const events = await bob.client.call<{ kind: string; u: number; by: string; changed: string[] }[]>(`timeline/${item.$id}`);
    expect(events.map((e) => [e.kind, e.u, e.by])).toEqual([
      ['created', 1, alice.id],
      ['updated', 2, alice.id],
      ['deleted', 3, alice.id],
    ]);
    expect(events[1]!.changed).toEqual(['firstName']);
  });
});
