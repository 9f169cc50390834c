import type { Item } from '../../src/shared/items/types';
import type { SearchQuery, SearchReply } from '../../src/shared/search';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

/** Free text finds an item by its e-mail domains and by the labels of the items it points at (issue 16, problem 5). */
let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;
let lakeview: Item;
let anna: Item;
let ben: Item;

const search = (u: TestUser, q: SearchQuery) => u.client.call<SearchReply>('search/ids', q);
const found = async (u: TestUser, text: string) => (await search(u, { must: { q: text }, max: 50 })).ids.sort();

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  alice = await buildUser(srv, { name: 'Alice Finder' });
  lakeview = await admin.client.call<Item>('create/Organization', { displayName: 'Lakeview Quillwater Nation', type: 'COMMUNITY' });
  anna = await admin.client.call<Item>('create/Contact', {
    firstName: 'Anna',
    lastName: 'Birchbark',
    email: 'anna@lakeviewquill.ca',
    $access: 'COMMUNITY',
  });
  ben = await admin.client.call<Item>('create/Contact', {
    firstName: 'Ben',
    lastName: 'Stonefield',
    _related: [{ id: lakeview.$id }],
    $access: 'COMMUNITY',
  });
});
afterAll(async () => {
  for (const u of [admin, alice]) u?.client.close();
  await srv.stop();
});

describe('e-mail domains', () => {
  test('the whole domain and its first part find the person with that address', async () => {
    expect(await found(alice, 'lakeviewquill.ca')).toEqual([anna.$id]);
    expect(await found(alice, 'lakeviewquill')).toEqual([anna.$id]);
    expect(await found(alice, 'anna lakeviewqu')).toEqual([anna.$id]);
  });

  test('a changed address is searched by its new domain only', async () => {
    const before = await admin.client.call<Item>(`read/${anna.$id}`);
    await admin.client.call<Item>('update', { $id: anna.$id, _u: before._u, email: 'anna@riverside-lodge.org' });
    expect(await found(alice, 'lakeviewquill')).toEqual([]);
    expect(await found(alice, 'riverside')).toEqual([anna.$id]);
    expect(await found(alice, 'lodge')).toEqual([anna.$id]);
  });
});

describe('labels of related items', () => {
  test("the organisation's name finds its people as well as itself", async () => {
    expect(await found(admin, 'quillwater')).toEqual([lakeview.$id, ben.$id].sort());
    expect(await found(alice, 'stonefield quillwater')).toEqual([ben.$id]);
  });

  test('renaming the organisation searches its people by the new name, in the same write', async () => {
    const org = await admin.client.call<Item>(`read/${lakeview.$id}`);
    await admin.client.call<Item>('update', { $id: lakeview.$id, _u: org._u, displayName: 'Lakeview Sandpiper Nation' });
    expect(await found(alice, 'quillwater')).toEqual([]);
    expect(await found(alice, 'sandpiper')).toEqual([lakeview.$id, ben.$id].sort());
  });

  test('a relation removed or added changes what finds the person', async () => {
    const other = await admin.client.call<Item>('create/Organization', { displayName: 'Moosehide Council', type: 'COMMUNITY' });
    const person = await admin.client.call<Item>(`read/${ben.$id}`);
    await admin.client.call<Item>('update', { $id: ben.$id, _u: person._u, _related: [{ id: other.$id }] });
    expect(await found(alice, 'sandpiper')).toEqual([lakeview.$id]);
    expect(await found(alice, 'moosehide')).toEqual([other.$id, ben.$id].sort());
  });

  test('an update that changes neither relations nor addresses keeps both searchable, and renames still reach it', async () => {
    const org = await admin.client.call<Item>('create/Organization', { displayName: 'Tamarack Circle', type: 'COMMUNITY' });
    const dana = await admin.client.call<Item>('create/Contact', {
      firstName: 'Dana',
      lastName: 'Kettle',
      email: 'dana@kettlehall.org',
      _related: [{ id: org.$id }],
      $access: 'COMMUNITY',
    });
    await admin.client.call<Item>('update', { $id: dana.$id, _u: dana._u, firstName: 'Danielle' });
    expect(await found(alice, 'danielle tamarack')).toEqual([dana.$id]);
    expect(await found(alice, 'danielle kettlehall')).toEqual([dana.$id]);
    await admin.client.call<Item>('update', { $id: org.$id, _u: org._u, displayName: 'Larchwood Circle' });
    expect(await found(alice, 'danielle larchwood')).toEqual([dana.$id]);
    expect(await found(alice, 'danielle tamarack')).toEqual([]);
  });

  test('an item that points at an id before it exists is found by that item’s label once it is created', async () => {
    const last = await admin.client.call<Item>('create/Organization', { displayName: 'Cattail Office', type: 'COMMUNITY' });
    const nextId = `Organization-${Number(last.$id.split('-')[1]) + 1}`;
    const erin = await admin.client.call<Item>('create/Contact', {
      firstName: 'Erin',
      lastName: 'Foxglove',
      _related: [{ id: nextId }],
      $access: 'COMMUNITY',
    });
    const created = await admin.client.call<Item>('create/Organization', { displayName: 'Wolfberry Nation', type: 'COMMUNITY' });
    expect(created.$id).toBe(nextId);
    expect(await found(alice, 'wolfberry')).toEqual([created.$id, erin.$id].sort());
  });

  test('the label of a private item is never searched through the items that point at it', async () => {
    const secret = await admin.client.call<Item>('create/Organization', {
      displayName: 'Hushwillow Trust',
      type: 'COMMUNITY',
      $access: 'PRIVATE',
    });
    const carol = await admin.client.call<Item>('create/Contact', {
      firstName: 'Carol',
      lastName: 'Pinecone',
      _related: [{ id: secret.$id }],
      $access: 'COMMUNITY',
    });
    expect(await found(alice, 'hushwillow')).toEqual([]);
    // Made visible, its name finds the people who point at it.
    const org = await admin.client.call<Item>(`read/${secret.$id}`);
    await admin.client.call<Item>('update', { $id: secret.$id, _u: org._u, $access: 'COMMUNITY' });
    expect(await found(alice, 'hushwillow')).toEqual([secret.$id, carol.$id].sort());
  });
});
