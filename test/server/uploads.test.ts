import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';
import { zipEntries } from '../support/zipEntries';

let srv: RunningServer;
let alice: TestUser;
let bob: TestUser;

const MAX_BYTES = 1_000_000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  srv = await startTestServer({ uploadMaxBytes: MAX_BYTES, imageMaxPixels: 2_000_000 });
  alice = await buildUser(srv);
  bob = await buildUser(srv);
});
afterAll(async () => {
  for (const u of [alice, bob]) u?.client.close();
  await srv.stop();
});

interface Uploaded {
  url: string;
  uppyID: string;
  attachmentId: string;
}

/** Uploads `data` with tus-js-client as `user`; answers the upload URL and the Attachment id. */
function upload(user: TestUser | null, data: Buffer, filename: string, options: Partial<tus.UploadOptions> = {}): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: user ? bearer(user.token) : {},
      metadata: { filename, filetype: 'application/x-declared-by-client' },
      retryDelays: [],
      ...options,
      onError: reject,
      onSuccess: ({ lastResponse }) => {
        const url = u.url!;
        resolve({ url, uppyID: url.split('/').pop()!, attachmentId: lastResponse.getHeader('x-kk-attachment-id') ?? '' });
      },
    });
    u.start();
  });
}

const statusOf = (e: unknown): number | undefined => (e as tus.DetailedError).originalResponse?.getStatus();
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${srv.url}${path}`, { headers });
const widthOf = async (res: Response) => (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;

let png: Buffer;
let photo: Uploaded;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const text = Buffer.from('Notes from the elders meeting, not a picture at all.\n');

function wav(): Buffer {
  const b = Buffer.alloc(44 + 800);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + 800, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(800, 40);
  return b;
}
const mp3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([3, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x00]),
  Buffer.alloc(400),
]);

beforeAll(async () => {
  png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  photo = await upload(alice, png, 'River camp.png');
});

describe('uploads', () => {
  test('a completed upload is an Attachment of its uploader with the server-decided fields', async () => {
    expect(photo.attachmentId).toMatch(/^Attachment-\d+$/);
    const item = await alice.client.call<Item>(`read/${photo.attachmentId}`);
    expect(item).toMatchObject({
      originalName: 'River camp.png',
      fileID: photo.uppyID,
      uppyID: photo.uppyID,
      filetype: 'image/png',
      size: png.length,
      kind: 'IMAGE',
      $access: 'PROTECTED',
      _c: { by: alice.id },
    });
  });

  test('the kind and type come from the content, never from the name or the declared type', async () => {
    const cases: [Buffer, string, string, string][] = [
      [text, 'notes.png', 'DOCUMENT', 'text/plain; charset=utf-8'],
      [pdf, 'report.bin', 'DOCUMENT', 'application/pdf'],
      [wav(), 'song.txt', 'AUDIO', 'audio/wav'],
      [mp3, 'story.mp3', 'AUDIO', 'audio/mpeg'],
      [Buffer.from([0, 1, 2, 3, 254, 255, 0, 7]), 'photo.jpg', 'OTHER', 'application/octet-stream'],
    ];
    for (const [data, name, kind, filetype] of cases) {
      const up = await upload(alice, data, name);
      expect(await alice.client.call<Item>(`read/${up.attachmentId}`)).toMatchObject({
        originalName: name,
        kind,
        filetype,
        size: data.length,
      });
    }
    const fake = await upload(alice, text, 'fake.png');
    const res = await get(`/attachment/${fake.attachmentId}`, bearer(alice.token));
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="fake.png"/);
    // Not an image: no variant is made from it, the file itself comes back.
    expect((await get(`/attachment/${fake.uppyID}?variant=small`, bearer(alice.token))).headers.get('content-type')).toBe(
      'text/plain; charset=utf-8',
    );
  });

  test('an interrupted upload resumes where it stopped, and only its uploader may resume it', async () => {
    const data = Buffer.alloc(300_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251;
    const url = await new Promise<string>((resolve, reject) => {
      const u: tus.Upload = new tus.Upload(data, {
        endpoint: `${srv.url}/api/upload`,
        headers: bearer(alice.token),
        metadata: { filename: 'long recording.raw' },
        chunkSize: 100_000,
        retryDelays: [],
        onError: reject,
        onChunkComplete: () => void u.abort().then(() => resolve(u.url!)),
      });
      u.start();
    });
    const head = (token: string) => fetch(url, { method: 'HEAD', headers: { ...bearer(token), 'tus-resumable': '1.0.0' } });
    expect((await head(alice.token)).headers.get('upload-offset')).toBe('100000');
    expect((await head(bob.token)).status).toBe(404);
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...bearer(bob.token),
        'tus-resumable': '1.0.0',
        'upload-offset': '100000',
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(100_000),
    });
    expect(patch.status).toBe(404);
    // tus-js-client, told the upload is not there, starts one of its own instead.
    expect((await upload(bob, data, 'x', { uploadUrl: url })).url).not.toBe(url);

    let firstOffset = -1;
    const resumed = await upload(alice, data, 'long recording.raw', {
      uploadUrl: url,
      chunkSize: 100_000,
      onProgress: (sent) => {
        if (firstOffset < 0) firstOffset = sent;
      },
    });
    expect(firstOffset).toBeGreaterThanOrEqual(100_000);
    expect(resumed.uppyID).toBe(url.split('/').pop());
    const res = await get(`/attachment/${resumed.attachmentId}/long%20recording.raw`, bearer(alice.token));
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
  });

  test('uploads over the size limit, anonymous ones and bad relations are refused', async () => {
    const tooBig = await upload(alice, Buffer.alloc(MAX_BYTES + 1), 'big.bin').catch((e: unknown) => statusOf(e));
    expect(tooBig).toBe(413);
    expect(await upload(null, text, 'anon.txt').catch((e: unknown) => statusOf(e))).toBe(401);
    const bobsContact = await bob.client.call<Item>('create/Contact', { lastName: 'Private' });
    const refused = await upload(alice, png, 'x.png', {
      metadata: { filename: 'x.png', relType: 'Contact', relIndex: String(bobsContact._i) },
    }).catch((e: unknown) => statusOf(e));
    expect(refused).toBe(403);
    expect(await upload(alice, text, '', { metadata: {} }).catch((e: unknown) => statusOf(e))).toBe(400);
  });
});

describe('attachment media and image variants', () => {
  test('by upload id an image answers its small variant; other variants and the original on request', async () => {
    const small = await get(`/attachment/${photo.uppyID}`, bearer(alice.token));
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(small.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await widthOf(small)).toBe(480);
    expect(await widthOf(await get(`/attachment/${photo.uppyID}?variant=thumb`, bearer(alice.token)))).toBe(160);
    expect(await widthOf(await get(`/item-uuid-image/${photo.uppyID}?variant=medium`, bearer(alice.token)))).toBe(1024);
    const original = await get(`/attachment/${photo.uppyID}?variant=original`, bearer(alice.token));
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
    expect((await get(`/attachment/${photo.uppyID}?variant=huge`, bearer(alice.token))).status).toBe(400);
    const byId = await get(`/attachment/${photo.attachmentId}/River%20camp.png?download`, bearer(alice.token));
    expect(byId.headers.get('content-type')).toBe('image/png');
    expect(byId.headers.get('content-disposition')).toBe(`attachment; filename="River camp.png"; filename*=UTF-8''River%20camp.png`);
    // Range requests, for seeking in audio and video.
    const part = await fetch(`${srv.url}/attachment/${photo.attachmentId}`, { headers: { ...bearer(alice.token), range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
  });

  test('an image over the pixel cap gets no variant, but its original is still served', async () => {
    const huge = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const up = await upload(alice, huge, 'huge.png');
    const res = await get(`/attachment/${up.uppyID}`, bearer(alice.token));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ userMessage: 'imageTooLarge' });
    expect((await get(`/attachment/${up.uppyID}?variant=original`, bearer(alice.token))).status).toBe(200);
  });

  test('every request checks the right to read the Attachment item', async () => {
    const path = `/attachment/${photo.uppyID}?variant=thumb`;
    expect((await get(path, bearer(bob.token))).status).toBe(404);
    expect((await get(`/attachment/${photo.attachmentId}`, bearer(bob.token))).status).toBe(404);
    expect((await get(path)).status).toBe(404);
    expect((await get(path, { cookie: `vgn-token=${alice.token}` })).status).toBe(200);
    const item = await alice.client.call<Item>(`read/${photo.attachmentId}`);
    const shared = await alice.client.call<Item>('update', { $id: item.$id, _u: item._u, $access: 'COMMUNITY' });
    expect((await get(path, bearer(bob.token))).status).toBe(200);
    await alice.client.call('update', { $id: shared.$id, _u: shared._u, $access: 'PROTECTED' });
    expect((await get(path, bearer(bob.token))).status).toBe(404);
  });

  test('an item image is its first readable image attachment', async () => {
    const contact = await alice.client.call<Item>('create/Contact', { lastName: 'Whitehorse' });
    expect((await get(`/item-id-image/${contact.$id}`, bearer(alice.token))).status).toBe(404);
    await upload(alice, pdf, 'cv.pdf', {
      metadata: { filename: 'cv.pdf', relType: 'Contact', relIndex: String(contact._i), relProp: 'files' },
    });
    const face = await upload(alice, png, 'face.png', {
      metadata: { filename: 'face.png', relType: 'Contact', relIndex: String(contact._i), relProp: 'photo' },
    });
    expect(await alice.client.call<Item>(`read/${face.attachmentId}`)).toMatchObject({
      relType: 'Contact',
      relIndex: contact._i,
      relProp: 'photo',
    });
    const res = await get(`/item-id-image/${contact.$id}?variant=thumb`, bearer(alice.token));
    expect(res.status).toBe(200);
    expect(await widthOf(res)).toBe(160);
    expect((await get(`/item-id-image/${face.attachmentId}`, bearer(alice.token))).status).toBe(200);
    expect((await get(`/item-id-image/${contact.$id}`, bearer(bob.token))).status).toBe(404);
    await alice.client.call(`delete/${face.attachmentId}`);
    expect((await get(`/item-id-image/${contact.$id}`, bearer(alice.token))).status).toBe(404);
    expect((await get(`/attachment/${face.uppyID}`, bearer(alice.token))).status).toBe(404);
  });
});

describe('attaching to an item needs the right to change it', () => {
  let admin: TestUser;
  let reader: TestUser;
  let writer: TestUser;
  let publicContact: Item;
  let orgValue: Item;
  const rel = (item: Item, filename: string) => ({ metadata: { filename, relType: item._t, relIndex: String(item._i), access: 'PUBLIC' } });
  /** The bytes `/item-id-image/{id}` serves (an anonymous caller unless `who`), or its status when it serves none. */
  const imageOf = async (item: Item, who?: TestUser): Promise<Buffer | number> => {
    const res = await get(`/item-id-image/${item.$id}?variant=original`, who ? bearer(who.token) : {});
    return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : res.status;
  };

  beforeAll(async () => {
    admin = await connectAdmin(srv);
    reader = await buildUser(srv);
    writer = await buildUser(srv);
    const org = await admin.client.call<Item>('create/Organization', { displayName: 'River Nation', type: 'COMMUNITY' });
    await admin.client.call('act/setMembership', { userId: reader.id, orgId: org.$id, capabilities: {} });
    await admin.client.call('act/setMembership', { userId: writer.id, orgId: org.$id, capabilities: { write: true } });
    publicContact = await admin.client.call<Item>('create/Contact', { lastName: 'Public', $access: 'PUBLIC' });
    orgValue = await admin.client.call<Item>('create/LOVValue', {
      list: 'UPLOAD_TEST',
      key: 'V',
      t: { en: 'V' },
      owner: { id: org.$id },
      $access: 'PROTECTED',
    });
    await upload(admin, png, 'portrait.png', rel(publicContact, 'portrait.png'));
  });
  afterAll(() => {
    for (const u of [admin, reader, writer]) u?.client.close();
  });

  test('a user who may only read an item cannot attach an image to it; its image stays as it was', async () => {
    const other = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    expect(await imageOf(publicContact)).toEqual(png);
    expect(await upload(reader, other, 'mine.png', rel(publicContact, 'mine.png')).catch((e: unknown) => statusOf(e))).toBe(403);
    expect(await upload(reader, other, 'mine.png', rel(orgValue, 'mine.png')).catch((e: unknown) => statusOf(e))).toBe(403);
    expect(await imageOf(publicContact)).toEqual(png);
    expect(await imageOf(orgValue, reader)).toBe(404);
    // Nor by pointing an image of their own at the item afterwards.
    const own = await upload(reader, other, 'own.png', { metadata: { filename: 'own.png', access: 'PUBLIC' } });
    const item = await reader.client.call<Item>(`read/${own.attachmentId}`);
    const moved = await reader.client.request('update', { $id: item.$id, _u: item._u, relType: 'Contact', relIndex: publicContact._i });
    expect(moved).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { relType: 'errors.readOnly' } } });
    const reassigned = await reader.client.request('update', { $id: item.$id, _u: item._u, relProp: 'photo' });
    expect(reassigned).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { relProp: 'errors.readOnly' } } });
    const made = await reader.client.request('create/Attachment', {
      originalName: 'x.png',
      relType: 'Contact',
      relIndex: publicContact._i,
    });
    expect(made).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    expect(await imageOf(publicContact)).toEqual(png);
  });

  test('a member who may change the item attaches an image to it', async () => {
    const up = await upload(writer, png, 'member.png', rel(orgValue, 'member.png'));
    expect(await writer.client.call<Item>(`read/${up.attachmentId}`)).toMatchObject({ relType: 'LOVValue', relIndex: orgValue._i });
    expect(await imageOf(orgValue, reader)).toEqual(png);
  });
});

test('a zip export holds the readable attachments, with progress pushed and the zip downloaded', async () => {
  const notes = await upload(alice, text, 'notes.txt');
  const again = await upload(alice, pdf, 'notes.txt');
  const bobs = await upload(bob, pdf, 'bob.pdf');
  const started = await alice.client.call<TaskInfo>('act/exportAttachments/async', {
    ids: [photo.attachmentId, notes.attachmentId, again.attachmentId, bobs.attachmentId],
  });
  const forKey = (o: string) => (f: Frame) => f.o === o && (f.b as TaskInfo).key === started.key;
  const progress = (await alice.client.nextPush(forKey('taskUpdate'))).b as TaskInfo;
  expect(progress.percentageComplete).toBeGreaterThan(0);
  const done = (await alice.client.nextPush(forKey('taskComplete'))).b as TaskInfo;
  expect(done.errorKey).toBeUndefined();
  const res = await get(done.resultURI!, bearer(alice.token));
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="archive-attachments.zip"/);
  const entries = zipEntries(Buffer.from(await res.arrayBuffer()));
  expect(entries.map((e) => e.name)).toEqual(['River camp.png', 'notes.txt', 'notes (2).txt']);
  expect(entries.map((e) => e.crc32)).toEqual([crc32(png), crc32(text), crc32(pdf)]);
  expect((await get(done.resultURI!, bearer(bob.token))).status).toBe(404);

  // A search instead of ids: alice's PDFs, never bob's, whatever the query says.
  const bySearch = await alice.client.call<TaskInfo>('act/exportAttachments/async', {
    query: { must: { 'ft-filetype': 'application/pdf' } },
  });
  const searched = (await alice.client.nextPush((f) => f.o === 'taskComplete' && (f.b as TaskInfo).key === bySearch.key)).b as TaskInfo;
  expect(searched.errorKey).toBeUndefined();
  const pdfs = zipEntries(Buffer.from(await (await get(searched.resultURI!, bearer(alice.token))).arrayBuffer()));
  expect(pdfs.length).toBeGreaterThanOrEqual(2);
  expect(pdfs.every((e) => e.crc32 === crc32(pdf))).toBe(true);
  expect(pdfs.map((e) => e.name)).not.toContain('bob.pdf');

  const nothing = await bob.client.call<TaskInfo>('act/exportAttachments/async', { ids: [photo.attachmentId] });
  const refused = (await bob.client.nextPush((f) => f.o === 'taskComplete' && (f.b as TaskInfo).key === nothing.key)).b as TaskInfo;
  expect(refused).toMatchObject({ errorKey: 'errors.nothingToExport' });
  for (const bad of [{ ids: ['Contact-1'] }, { ids: [notes.attachmentId], query: {} }, {}, { query: { must: 'x' } }]) {
    expect(await alice.client.request('act/exportAttachments/async', bad)).toMatchObject({
      erred: true,
      b: { userMessage: 'parseRequestFailed' },
    });
  }
});
