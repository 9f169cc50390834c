/**
 * Two server processes that share nothing but PostgreSQL and a bucket (issue 20): each has its own
 * data directory, and a file uploaded through one, resumed through the other, is served by both;
 * a task's result made by one is downloaded through the other.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import type { TaskInfo } from '../../../src/shared/protocol';
import { ProtocolClient, signIn } from '../../support/protocolClient';
import { startLocalS3, type LocalS3 } from '../../support/s3Server';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshPostgresDatabase } from '../../support/testServer';

let s3: LocalS3;
let a: ServerProcess;
let b: ServerProcess;
const dataDirs = [mkdtempSync(join(tmpdir(), 'kk-a-')), mkdtempSync(join(tmpdir(), 'kk-b-'))];

beforeAll(async () => {
  s3 = await startLocalS3();
  const url = await freshPostgresDatabase();
  const started = await Promise.allSettled(
    dataDirs.map((dir) => startServerProcess({ DATABASE_URL: url, DATA_DIR: dir, STORAGE_URL: s3.storageUrl })),
  );
  if (started.some((s) => s.status === 'rejected')) {
    for (const s of started) if (s.status === 'fulfilled') s.value.child.kill('SIGKILL');
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
}, 120_000);
afterAll(async () => {
  for (const p of [a, b]) p?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await s3?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

test('a file uploaded through one process and resumed through the other is served by both', async () => {
  const token = await signIn(a.url, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a52' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  // The first part goes to A; the upload breaks off.
  const url = await new Promise<string>((resolve, reject) => {
    const u: tus.Upload = new tus.Upload(picture, {
      endpoint: `${a.url}/api/upload`,
      headers,
      metadata: { filename: 'Shared camp.png' },
      chunkSize: Math.ceil(picture.length / 3),
      retryDelays: [],
      onError: reject,
      onChunkComplete: () => void u.abort().then(() => resolve(u.url!)),
    });
    u.start();
  });
  // The rest goes to B, which knows the upload from the bucket alone.
  const onB = url.replace(a.url, b.url);
  const attachmentId = await new Promise<string>((resolve, reject) => {
    const u = new tus.Upload(picture, {
      endpoint: `${b.url}/api/upload`,
      uploadUrl: onB,
      headers,
      metadata: { filename: 'Shared camp.png' },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('x-kk-attachment-id') ?? ''),
    });
    u.start();
  });
  expect(attachmentId).toMatch(/^Attachment-\d+$/);
  for (const p of [a, b]) {
    const original = await fetch(`${p.url}/attachment/${attachmentId}`, { headers });
    expect(Buffer.from(await original.arrayBuffer()).equals(picture)).toBe(true);
    const thumb = await fetch(`${p.url}/attachment/${attachmentId}?variant=thumb`, { headers });
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(160);
  }

  // A task's result, made by the process that took it, is downloaded through the other.
  const client = await ProtocolClient.connect(a.wsUrl, token);
  try {
    const started = await client.client.call<TaskInfo>('act/exportAttachments/async', { ids: [attachmentId] });
    const done = (await client.client.nextPush((f) => f.o === 'taskComplete' && (f.b as TaskInfo).key === started.key)).b as TaskInfo;
    expect(done.errorKey).toBeUndefined();
    const zip = await fetch(`${b.url}${done.resultURI!}`, { headers });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
  } finally {
    client.client.close();
  }

  // Nothing of the files is kept in either data directory, and no process printed the secret.
  for (const dir of dataDirs) expect(readdirSync(dir).filter((n) => n === 'uploads' || n === 'task-results')).toEqual([]);
  for (const p of [a, b]) expect(p.output()).not.toContain(s3.storageUrl);
});
