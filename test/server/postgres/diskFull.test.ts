import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { buildUser, type TestUser } from '../../support/factories';
import { startTestServer, type RunningServer } from '../../support/testServer';

/**
 * The server's data directory on a disk of 4 MB of its own (a tmpfs mounted for this file, which
 * needs root, as the test machines run), so that it really fills. PostgreSQL keeps its data
 * elsewhere, as in a deployment whose uploads have a volume of their own.
 */
const DISK_BYTES = 4 * 1024 * 1024;
let disk: string;
let srv: RunningServer;
let alice: TestUser;

beforeAll(async () => {
  disk = mkdtempSync(join(tmpdir(), 'kk-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', disk]);
  srv = await startTestServer({ dataDir: disk, uploadMaxBytes: 50 * 1024 * 1024 });
  alice = await buildUser(srv);
});
afterAll(async () => {
  alice?.client.close();
  await srv?.stop();
  if (disk) {
    execFileSync('umount', [disk]);
    rmSync(disk, { recursive: true, force: true });
  }
});

interface Outcome {
  attachmentId?: string;
  status?: number;
  body?: string;
}

function upload(data: Buffer, filename: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const u = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${alice.token}` },
      metadata: { filename, filetype: 'application/octet-stream' },
      retryDelays: [],
      onError: (e) => {
        const res = (e as tus.DetailedError).originalResponse;
        resolve({ status: res?.getStatus(), body: res?.getBody() });
      },
      onSuccess: ({ lastResponse }) => resolve({ attachmentId: lastResponse.getHeader('x-kk-attachment-id') }),
    });
    u.start();
  });
}

const free = async () => {
  const s = await statfs(disk);
  return s.bavail * s.bsize;
};
const download = async (id: string) =>
  Buffer.from(
    await (await fetch(`${srv.url}/attachment/${id}/file?download`, { headers: { authorization: `Bearer ${alice.token}` } })).arrayBuffer(),
  );

test('a full disk refuses uploads clearly, keeps nothing half-written, and spoils no stored file', async () => {
  const first = randomBytes(1024 * 1024);
  const kept = await upload(first, 'survey.bin');
  expect(kept.attachmentId).toBeTruthy();

  // Too large for what is left: refused before a byte is written.
  const before = await free();
  const tooLarge = await upload(randomBytes(4 * 1024 * 1024), 'too-large.bin');
  expect(tooLarge).toMatchObject({ status: 507, body: expect.stringMatching(/^storageFull:/) });
  expect(await free()).toBe(before);

  // One that fits when it starts, but the disk fills (other writes) while it arrives: cut off, and its part removed.
  const tusHeaders = { authorization: `Bearer ${alice.token}`, 'tus-resumable': '1.0.0' };
  const late = randomBytes(1536 * 1024);
  const created = await fetch(`${srv.url}/api/upload`, {
    method: 'POST',
    headers: {
      ...tusHeaders,
      'upload-length': String(late.length),
      'upload-metadata': `filename ${Buffer.from('late.bin').toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const filler = join(disk, 'filler');
  writeFileSync(filler, Buffer.alloc(Math.max(0, (await free()) - 512 * 1024)));
  const cut = await fetch(new URL(created.headers.get('location')!, srv.url), {
    method: 'PATCH',
    headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: late,
  });
  expect(cut.status).toBe(507);
  expect(await cut.text()).toMatch(/^storageFull:/);
  rmSync(filler);
  expect(await free()).toBe(before);

  // Every stored file is whole, and the server goes on taking files that fit.
  expect((await download(kept.attachmentId!)).equals(first)).toBe(true);
  const small = randomBytes(64 * 1024);
  const after = await upload(small, 'notes.bin');
  expect(after.attachmentId).toBeTruthy();
  expect((await download(after.attachmentId!)).equals(small)).toBe(true);
}, 60_000);
