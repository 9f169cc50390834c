/**
 * Files in an S3-compatible bucket (STORAGE_URL, issue 20): uploads, their media and variants, task
 * results, imports and server-made files all go through the bucket, against a local S3 server this
 * test starts (s3rver), on both drivers. Nothing of the files lands in the data directory.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { readStoredFile, S3ObjectStore, storeNewFile } from '../../src/server/files/objectStore';
import { parseStorageUrl } from '../../src/server/files/storageUrl';
import { createServer } from '../../src/server/app';
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import { connectAdmin, type TestUser } from '../support/factories';
import { startLocalS3, type LocalS3 } from '../support/s3Server';
import { startTestServer, testConfig, type RunningServer } from '../support/testServer';
import { zipEntries } from '../support/zipEntries';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

let s3: LocalS3;
let srv: RunningServer;
let admin: TestUser;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3();
  srv = await startTestServer({ storage: s3.location, imageMaxPixels: 2_000_000 });
  admin = await connectAdmin(srv);
  bucket = new S3Client(S3ObjectStore.clientConfig(s3.location));
});
afterAll(async () => {
  admin?.client.close();
  bucket?.destroy();
  await srv?.stop();
  await s3?.stop();
});

const bearer = () => ({ authorization: `Bearer ${admin.token}` });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${srv.url}${path}`, { headers: { ...bearer(), ...headers } });
/** The size of bucket object `key`, or null when there is none. */
const inBucket = (key: string): Promise<number | null> =>
  bucket.send(new HeadObjectCommand({ Bucket: s3.location.bucket, Key: key })).then(
    (r) => r.ContentLength ?? 0,
    () => null,
  );

interface Uploaded {
  url: string;
  uppyID: string;
  attachmentId: string;
}

function upload(data: Buffer, filename: string, options: Partial<tus.UploadOptions> = {}): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: bearer(),
      metadata: { filename },
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

const ended = (key: string) => (f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === key;
async function runTask(name: string, body: unknown): Promise<TaskInfo> {
  const started = await admin.client.call<TaskInfo>(`act/${name}/async`, body);
  return (await admin.client.nextPush(ended(started.key), 60_000)).b as TaskInfo;
}

let png: Buffer;
let photo: Uploaded;

test('an interrupted upload resumes in the bucket and becomes an Attachment read back whole and by range', async () => {
  const data = Buffer.alloc(300_000);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251;
  const url = await new Promise<string>((resolve, reject) => {
    const u: tus.Upload = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: bearer(),
      metadata: { filename: 'long recording.raw' },
      chunkSize: 100_000,
      retryDelays: [],
      onError: reject,
      onChunkComplete: () => void u.abort().then(() => resolve(u.url!)),
    });
    u.start();
  });
  const head = await fetch(url, { method: 'HEAD', headers: { ...bearer(), 'tus-resumable': '1.0.0' } });
  expect(head.headers.get('upload-offset')).toBe('100000');
  let firstOffset = -1;
  const resumed = await upload(data, 'long recording.raw', {
    uploadUrl: url,
    chunkSize: 100_000,
    onProgress: (sent) => {
      if (firstOffset < 0) firstOffset = sent;
    },
  });
  expect(firstOffset).toBeGreaterThanOrEqual(100_000);
  expect(resumed.attachmentId).toMatch(/^Attachment-\d+$/);
  expect(await inBucket(resumed.uppyID)).toBe(data.length);
  expect(existsSync(join(srv.config.dataDir, 'uploads'))).toBe(false);

  const whole = await get(`/attachment/${resumed.attachmentId}`);
  expect(whole.status).toBe(200);
  expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
  const part = await get(`/attachment/${resumed.attachmentId}`, { range: 'bytes=1000-1999' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);
  const tail = await get(`/attachment/${resumed.attachmentId}`, { range: 'bytes=-10' });
  expect(Buffer.from(await tail.arrayBuffer()).equals(data.subarray(-10))).toBe(true);
  expect((await get(`/attachment/${resumed.attachmentId}`, { range: `bytes=${data.length}-` })).status).toBe(416);
  // Revalidation: the same file answers 304 to its ETag.
  expect((await get(`/attachment/${resumed.attachmentId}`, { 'if-none-match': whole.headers.get('etag')! })).status).toBe(304);
});

test('an image gets its variants made into the bucket, its type told from the stored bytes', async () => {
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  photo = await upload(png, 'River camp.png');
  expect(await admin.client.call<Item>(`read/${photo.attachmentId}`)).toMatchObject({ kind: 'IMAGE', filetype: 'image/png' });
  const small = await get(`/attachment/${photo.uppyID}`);
  expect(small.headers.get('content-type')).toBe('image/webp');
  expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(480);
  expect(await inBucket(`variants/${photo.uppyID}.small.webp`)).toBeGreaterThan(0);
});

test('an unfinished upload ended by its uploader is removed from the bucket', async () => {
  const url = await new Promise<string>((resolve, reject) => {
    const u: tus.Upload = new tus.Upload(Buffer.alloc(200_000, 7), {
      endpoint: `${srv.url}/api/upload`,
      headers: bearer(),
      metadata: { filename: 'mistake.bin' },
      chunkSize: 100_000,
      retryDelays: [],
      onError: reject,
      onChunkComplete: () => void u.abort().then(() => resolve(u.url!)),
    });
    u.start();
  });
  const id = url.split('/').pop()!;
  expect(await inBucket(`${id}.info`)).not.toBeNull();
  const ended = await fetch(url, { method: 'DELETE', headers: { ...bearer(), 'tus-resumable': '1.0.0' } });
  expect(ended.status).toBe(204);
  expect(await inBucket(`${id}.info`)).toBeNull();
  expect((await fetch(url, { method: 'HEAD', headers: { ...bearer(), 'tus-resumable': '1.0.0' } })).status).toBe(404);
});

test('an unfinished upload is removed from the bucket after its expiry', async () => {
  const short = await startTestServer({ storage: s3.location, unfinishedUploadTtlSeconds: 1 });
  const user = await connectAdmin(short);
  try {
    const headers = { authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${short.url}/api/upload`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': '5000', 'upload-metadata': `filename ${Buffer.from('abandoned.raw').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const url = `${short.url}${created.headers.get('location')}`;
    const id = url.split('/').pop()!;
    await fetch(url, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(1000, 1),
    });
    // The clean-up (every second here) aborts the multipart upload and removes its records.
    let left = true;
    for (let i = 0; i < 100 && left; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = (await inBucket(`${id}.info`)) !== null || (await inBucket(`${id}.part`)) !== null;
    }
    expect(left).toBe(false);
    expect([404, 410]).toContain((await fetch(url, { method: 'HEAD', headers })).status);
  } finally {
    user.client.close();
    await short.stop();
  }
});

test('the attachments zip and a CSV export are stored in the bucket and downloaded from it', async () => {
  const text = Buffer.from('Notes from the elders meeting.\n');
  const notes = await upload(text, 'notes.txt');
  const zipped = await runTask('exportAttachments', { ids: [photo.attachmentId, notes.attachmentId] });
  expect(zipped.errorKey).toBeUndefined();
  const zip = await get(zipped.resultURI!);
  expect(zip.headers.get('content-type')).toBe('application/zip');
  const entries = zipEntries(Buffer.from(await zip.arrayBuffer()));
  expect(entries.map((e) => [e.name, e.crc32])).toEqual([
    ['River camp.png', crc32(png)],
    ['notes.txt', crc32(text)],
  ]);
  expect(await inBucket(`results/${zipped.key}/archive-attachments.zip`)).toBeGreaterThan(0);

  await admin.client.call<Item>('create/JournalEntry', { title: 'Bucket trip one', date: '2026-03-01' });
  const csv = await runTask('csvExport', {
    query: { must: [{ prop: '', kind: 'q', value: 'Bucket trip' }] },
    itemTypeName: 'JournalEntry',
  });
  expect(csv.errorKey).toBeUndefined();
  expect(await (await get(csv.resultURI!)).text()).toContain('Bucket trip one');
  expect(existsSync(join(srv.config.dataDir, 'task-results'))).toBe(false);
});

test('an import reads its uploaded file from the bucket', async () => {
  const imp = await admin.client.call<Item>('create/Import', { label: 'From the bucket', kind: 'JOURNAL_ENTRIES' });
  const file = await upload(Buffer.from('title,date\r\nBucket heron,2026-04-01\r\nBucket swan,2026-04-02\r\n'), 'entries.csv', {
    metadata: { filename: 'entries.csv', relType: 'Import', relIndex: String(imp._i) },
  });
  const task = await runTask('import', { importId: imp.$id, attachmentId: file.attachmentId });
  expect(task.errorKey).toBeUndefined();
  expect(await admin.client.call<Item>(`read/${imp.$id}`)).toMatchObject({ status: 'DONE', created: 2, failed: 0 });
});

test('files the server makes (letters, workflow snapshots, demo files) are stored in and read from the bucket', async () => {
  const bytes = Buffer.from('%PDF-1.4\n% a letter\n%%EOF\n');
  const id = await storeNewFile(srv.config, bytes);
  expect(await inBucket(id)).toBe(bytes.length);
  expect((await readStoredFile(srv.config, id)).equals(bytes)).toBe(true);
});

test('a malformed STORAGE_URL, or a bucket that cannot be used, stops the start with the reason and no secret', async () => {
  expect(() => parseStorageUrl('s3://KEY:TOPSECRET@host/Bad_Bucket')).toThrow(/bucket/);
  expect(() => parseStorageUrl('http://host/bucket')).toThrow(/s3:\/\//);
  expect(() => parseStorageUrl('s3://KEY@host/bucket')).toThrow(/KEY and SECRET/);
  expect(() => parseStorageUrl('s3://host/bucket?tls=maybe')).toThrow(/tls/);
  expect(parseStorageUrl('s3://K%2BY:S%2Fc@minio.local:9000/kk-files?region=eu-west-1&forcePathStyle=true')).toEqual({
    endpoint: 'https://minio.local:9000',
    bucket: 'kk-files',
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'K+Y', secretAccessKey: 'S/c' },
  });
  const missing = parseStorageUrl(s3.storageUrl.replace(/\/kk-files\?/, '/no-such-bucket?').replace('S3RVER:S3RVER', 'S3RVER:TOPSECRET'));
  const refused = await createServer(await testConfig({ storage: missing })).then(
    () => 'started',
    (e: Error) => e.message,
  );
  expect(refused).toMatch(/STORAGE_URL: the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used \(it does not exist\)/);
  expect(refused).not.toContain('TOPSECRET');
});
