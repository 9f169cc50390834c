import * as tus from 'tus-js-client';
import { LOV_OTHER_MARKER } from '../../src/shared/constants';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

/**
 * A file on an item is read by exactly who may read the item (issue 16): organisations, contacts,
 * meetings and communication logs carry files, uploaded before the item exists or onto it.
 */
let srv: RunningServer;
let admin: TestUser;
let writer: TestUser;
let member: TestUser;
let outsider: TestUser;
let org: Item;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const status = async (path: string, who?: TestUser): Promise<number> =>
  (await fetch(`${srv.url}${path}`, { headers: who ? bearer(who.token) : {} })).status;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Uploads `data` as `user`, related to `item` when given; answers the Attachment id. */
function upload(user: TestUser, filename: string, item?: Item, relProp = 'attachments'): Promise<string> {
  return new Promise((resolve, reject) => {
    const metadata: Record<string, string> = { filename, relProp };
    if (item) Object.assign(metadata, { relType: item._t, relIndex: String(item._i) });
    const u = new tus.Upload(pdf, {
      endpoint: `${srv.url}/api/upload`,
      headers: bearer(user.token),
      metadata,
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('x-kk-attachment-id') ?? ''),
    });
    u.start();
  });
}

/** The ATT value entry of Attachment `id`, as the field makes it from the Attachment. */
async function entry(user: TestUser, id: string): Promise<Record<string, unknown>> {
  const a = await user.client.call<Item>(`read/${id}`);
  return { id, uppyID: a.uppyID, originalName: a.originalName, size: a.size, kind: a.kind, filetype: a.filetype };
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  [writer, member, outsider] = await Promise.all([buildUser(srv), buildUser(srv), buildUser(srv)]);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Cedar Lake Nation', type: 'COMMUNITY' });
  await admin.client.call('act/setMembership', { userId: writer.id, orgId: org.$id, capabilities: { write: true } });
  await admin.client.call('act/setMembership', { userId: member.id, orgId: org.$id, capabilities: {} });
});
afterAll(async () => {
  for (const u of [admin, writer, member, outsider]) u?.client.close();
  await srv.stop();
});

test('a file uploaded while a meeting is created belongs to the meeting, and its readers read it', async () => {
  const id = await upload(writer, 'agenda.pdf');
  // Before the meeting exists only its uploader reads the file.
  expect(await status(`/attachment/${id}`, member)).toBe(404);
  const meeting = await writer.client.call<Item>('create/Meeting', {
    owner: { id: org.$id },
    summary: 'Spring gathering',
    date: '2026-05-01',
    meetingTypes: [LOV_OTHER_MARKER],
    attachments: [await entry(writer, id)],
  });
  expect(await writer.client.call<Item>(`read/${id}`)).toMatchObject({ relType: 'Meeting', relIndex: meeting._i, relProp: 'attachments' });
  expect(await status(`/attachment/${id}`, member)).toBe(200);
  expect(await status(`/attachment/${id}`, outsider)).toBe(404);
  expect(await status(`/attachment/${id}`)).toBe(404);
});

test("no one links another person's file, or a file of another item, to their own item", async () => {
  const mine = await upload(member, 'mine.pdf');
  const onOrg = await upload(admin, 'charter.pdf', org);
  const log = await writer.client.call<Item>('create/CommLog', {
    owner: { id: org.$id },
    subject: 'Letter about the road',
    date: '2026-04-02',
    type: LOV_OTHER_MARKER,
    direction: LOV_OTHER_MARKER,
    attachments: [await entry(member, mine), await entry(admin, onOrg)],
  });
  expect(await member.client.call<Item>(`read/${mine}`)).not.toHaveProperty('relType');
  expect(await admin.client.call<Item>(`read/${onOrg}`)).toMatchObject({ relType: 'Organization', relIndex: org._i });
  expect(log.$id).toMatch(/^CommLog-/);
});

test("an organisation's files are read by everyone who reads it; one taken out of the field goes to the trash", async () => {
  const logo = await upload(admin, 'logo.pdf', org);
  const minutes = await upload(admin, 'minutes.pdf', org);
  const current = await admin.client.call<Item>(`read/${org.$id}`);
  const updated = await admin.client.call<Item>('update', {
    $id: org.$id,
    _u: current._u,
    attachments: [await entry(admin, logo), await entry(admin, minutes)],
  });
  expect(await status(`/attachment/${logo}`, outsider)).toBe(200);
  const removed = await admin.client.call<Item>('update', { $id: org.$id, _u: updated._u, attachments: [await entry(admin, logo)] });
  expect(await admin.client.call<Item>(`read/${minutes}`)).toMatchObject({ trashed: true });
  expect(await admin.client.call<Item>(`read/${logo}`)).not.toHaveProperty('trashed');
  // A file uploaded onto the item is not taken for a removed one when someone else saves another change meanwhile.
  const fresh = await upload(admin, 'fresh.pdf', org);
  const renamed = await admin.client.call<Item>('update', { $id: org.$id, _u: removed._u, legalName: 'Cedar Lake First Nation' });
  expect(await admin.client.call<Item>(`read/${fresh}`)).not.toHaveProperty('trashed');
  // Put back in the field, a file leaves the trash.
  await admin.client.call('update', {
    $id: org.$id,
    _u: renamed._u,
    attachments: [await entry(admin, logo), await entry(admin, minutes), await entry(admin, fresh)],
  });
  expect(await admin.client.call<Item>(`read/${minutes}`)).not.toHaveProperty('trashed');
});

test("a contact's files follow the contact's visibility", async () => {
  const contact = await writer.client.call<Item>('create/Contact', { lastName: 'Moose', _related: [{ id: org.$id }] });
  const cv = await upload(writer, 'letter.pdf', contact);
  expect(await status(`/attachment/${cv}`, member)).toBe(200);
  expect(await status(`/attachment/${cv}`, outsider)).toBe(404);
  const shared = await writer.client.call<Item>('update', { $id: contact.$id, _u: contact._u, $access: 'COMMUNITY' });
  expect(await status(`/attachment/${cv}`, outsider)).toBe(200);
  await writer.client.call(`delete/${shared.$id}`);
  expect(await status(`/attachment/${cv}`, writer)).toBe(404);
});

test('no one creates an Attachment without its file, administrators included; a create form is not offered', async () => {
  for (const who of [admin, writer]) {
    expect(await who.client.request('create/Attachment', { originalName: 'empty.pdf' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
  }
  expect(await writer.client.call('act/isAllowed', { id: 'Attachment-0', actions: ['create'] })).toMatchObject({
    allowed: { create: false },
  });
});
