/**
 * Backup and restore of a site that keeps its files in a bucket (issue 20): the backup holds the
 * database and the bucket's uploaded files; a restore puts them into the restored site's bucket,
 * and its server serves them. On both drivers.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { backup } from '../../src/server/backup/backup';
import { restore } from '../../src/server/backup/restore';
import { parseStorageUrl } from '../../src/server/files/storageUrl';
import { connectAdmin } from '../support/factories';
import { startLocalS3, type LocalS3 } from '../support/s3Server';
import { freshPostgresDatabase, startTestServer, testDriver, type RunningServer } from '../support/testServer';

// A backup and a restore start PGlite or run pg_dump and psql: slower than a request.
jest.setTimeout(120_000);

const work = mkdtempSync(join(tmpdir(), 'kk-bucket-backup-'));
let s3: LocalS3;
const servers: RunningServer[] = [];

beforeAll(async () => {
  s3 = await startLocalS3('kk-files', ['kk-restored']);
});
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("a backup holds the bucket's files, and a restore puts them into the restored site's bucket", async () => {
  const srv = await startTestServer({ storage: s3.location });
  servers.push(srv);
  const admin = await connectAdmin(srv);
  const file = Buffer.alloc(150_000);
  for (let i = 0; i < file.length; i++) file[i] = (i * 31 + 7) % 256;
  const attachmentId = await new Promise<string>((resolve, reject) => {
    new tus.Upload(file, {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${admin.token}` },
      metadata: { filename: 'Elders recording.bin' },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('x-kk-attachment-id') ?? ''),
    }).start();
  });
  admin.client.close();
  // The embedded database is backed up while its server is stopped.
  await srv.server.close();

  const archive = join(work, 'site.tar.gz');
  const made = await backup({
    dataDir: srv.config.dataDir,
    databaseUrl: srv.config.databaseUrl,
    out: archive,
    version: '9.9.9',
    storage: s3.location,
  });
  expect(made).toMatchObject({ storage: 'bucket', counts: { uploads: 1 } });

  const dataDir = join(work, 'restored');
  const databaseUrl = testDriver() === 'postgres' ? await freshPostgresDatabase() : undefined;
  const storage = parseStorageUrl(s3.urlOf('kk-restored'));
  const { manifest } = await restore({ archive, dataDir, databaseUrl, force: false, storage });
  expect(manifest.counts.uploads).toBe(1);
  // The files went into the bucket, not the data directory.
  expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

  const restored = await startTestServer({ dataDir, databaseUrl, storage });
  servers.push(restored);
  const reader = await connectAdmin(restored);
  try {
    const res = await fetch(`${restored.url}/attachment/${attachmentId}`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
  } finally {
    reader.client.close();
  }
});
