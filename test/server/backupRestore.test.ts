import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { createServer } from '../../src/server/app';
import { backup, BackupError } from '../../src/server/backup/backup';
import { dataFiles } from '../../src/server/backup/backupArchive';
import { restore, RestoreError } from '../../src/server/backup/restore';
import type { Item } from '../../src/shared/items/types';
import { connectAdmin, type TestUser } from '../support/factories';
import { freshPostgresDatabase, startTestServer, testDriver, type RunningServer } from '../support/testServer';

// A backup and a restore start PGlite or run pg_dump and psql: slower than a request.
jest.setTimeout(120_000);

const work = mkdtempSync(join(tmpdir(), 'kk-backup-test-'));
const archive = join(work, 'site.tar.gz');
const postgres = testDriver() === 'postgres';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let srv: RunningServer;
let admin: TestUser;
const file = Buffer.alloc(200_000);
for (let i = 0; i < file.length; i++) file[i] = (i * 7919 + 13) % 256;
let attachmentId: string;
let before: Item[];

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  if (srv) rmSync(srv.config.dataDir, { recursive: true, force: true });
});

function upload(data: Buffer, filename: string): Promise<string> {
  return new Promise((resolve, reject) => {
    new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: bearer(admin.token),
      metadata: { filename, filetype: 'application/octet-stream' },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('x-kk-attachment-id') ?? ''),
    }).start();
  });
}

/** Every item of the server, as the administrator reads it. */
async function everyItem(s: RunningServer, user: TestUser): Promise<Item[]> {
  const ids = await s.server.services.db.query<{ id: string }>('SELECT id FROM items ORDER BY id');
  return Promise.all(ids.rows.map((r) => user.client.call<Item>(`read/${r.id}`)));
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  await admin.client.call<Item>('create/Organization', { displayName: 'Treaty Four Office', type: 'OTHER' });
  await admin.client.call<Item>('create/Contact', { firstName: 'Rosa', lastName: 'Sinclair', email: 'rosa@example.org' });
  await admin.client.call<Item>('create/Contact', { firstName: 'Joseph', lastName: 'Bear' });
  attachmentId = await upload(file, 'Elders recording.bin');
  expect(attachmentId).toMatch(/^Attachment-\d+$/);
  before = await everyItem(srv, admin);
  expect(before.length).toBeGreaterThanOrEqual(5);
});

test(
  postgres
    ? 'a PostgreSQL backup runs while the server runs'
    : 'an embedded database is backed up only while its server is stopped, and the refusal says so',
  async () => {
    const options = { dataDir: srv.config.dataDir, databaseUrl: srv.config.databaseUrl, out: archive, version: '9.9.9' };
    if (!postgres) {
      admin.client.close();
      await srv.server.close();
      // A server in another process holds the data directory's lock (here: jest's own parent process).
      writeFileSync(join(srv.config.dataDir, 'kk.lock'), String(process.ppid));
      await expect(backup(options)).rejects.toThrow(BackupError);
      await expect(backup(options)).rejects.toThrow(
        new RegExp(`in use by process ${process.ppid}\\. .*stop the server, run the backup, then start the server again`),
      );
      expect(readdirSync(work)).toEqual([]);
      rmSync(join(srv.config.dataDir, 'kk.lock'));
    }
    const manifest = await backup(options);
    expect(manifest).toMatchObject({
      format: 'knowledgekeeper-backup',
      version: '9.9.9',
      driver: postgres ? 'postgres' : 'pglite',
      counts: { items: before.length, uploads: 1 },
    });
    expect(readdirSync(work)).toEqual(['site.tar.gz']);
    if (postgres) {
      // Writes while the backup runs land wholly after its snapshot or wholly in it: the restore's count matches.
      const busy = join(work, 'busy-site.tar.gz');
      const [during] = await Promise.all([
        backup({ ...options, out: busy }),
        (async () => {
          for (let i = 0; i < 15; i++) await admin.client.call<Item>('create/Contact', { lastName: `During ${i}` });
        })(),
      ]);
      const { manifest: back } = await restore({
        archive: busy,
        dataDir: join(work, 'busy-restored'),
        databaseUrl: await freshPostgresDatabase(),
        force: false,
      });
      expect(back.counts.items).toBe(during.counts.items);
      rmSync(busy);
      rmSync(join(work, 'busy-restored'), { recursive: true });
      admin.client.close();
      await srv.server.close();
    }
    await expect(backup(options)).rejects.toThrow(/already exists/);
    await expect(backup({ ...options, out: join(options.dataDir, 'inside.tar.gz') })).rejects.toThrow(/inside the data directory/);
  },
);

test('a restore refuses a target that holds data, and changes nothing', async () => {
  const dataDir = join(work, 'busy');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'notes.txt'), 'keep me');
  const databaseUrl = postgres ? await freshPostgresDatabase() : undefined;
  const attempt = restore({ archive, dataDir, databaseUrl, force: false });
  await expect(attempt).rejects.toThrow(RestoreError);
  await expect(restore({ archive, dataDir, databaseUrl, force: false })).rejects.toThrow(
    /Nothing was restored: the data directory .* is not empty.*add --force/,
  );
  expect(readdirSync(dataDir)).toEqual(['notes.txt']);
  expect(readdirSync(work).sort()).toEqual(['busy', 'site.tar.gz']);
  if (!postgres) {
    // npm run restore says so and exits non-zero (run on one driver: both would bundle the same script).
    const cli = spawnSync('node', ['scripts/run-ts.mjs', 'scripts/restore.ts', archive], {
      cwd: join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/^Nothing was restored: the data directory .*busy is not empty\. .*add --force/);
    expect(readdirSync(dataDir)).toEqual(['notes.txt']);
  }
  // A backup of the other driver is refused before anything is touched.
  const otherDriver = postgres ? undefined : await freshPostgresDatabase();
  await expect(restore({ archive, dataDir: join(work, 'other'), databaseUrl: otherDriver, force: false })).rejects.toThrow(
    postgres ? /holds a PostgreSQL database: set DATABASE_URL/ : /holds an embedded database: unset DATABASE_URL/,
  );
  expect(readdirSync(work).sort()).toEqual(['busy', 'site.tar.gz']);
});

test('a restore brings back every item and the uploaded file byte for byte, on a server started on it', async () => {
  const dataDir = join(work, 'restored');
  const databaseUrl = postgres ? await freshPostgresDatabase() : undefined;
  const { manifest, keptAside } = await restore({ archive, dataDir, databaseUrl, force: false });
  expect(manifest.counts.items).toBe(before.length);
  expect(keptAside).toBeUndefined();
  expect(readdirSync(dataDir).filter((n) => n.startsWith('.'))).toEqual([]);

  const again = await createServer({ ...srv.config, dataDir, databaseUrl, port: 0 });
  const url = await again.listen();
  const restored: RunningServer = {
    server: again,
    config: again.services.config,
    url,
    wsUrl: `${url.replace(/^http/, 'ws')}/ws`,
    stop: () => again.close(),
  };
  try {
    const admin2 = await connectAdmin(restored);
    try {
      expect(await everyItem(restored, admin2)).toEqual(before);
      const res = await fetch(`${url}/attachment/${attachmentId}`, { headers: bearer(admin2.token) });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
    } finally {
      admin2.client.close();
    }
  } finally {
    await again.close();
  }
});

test('with --force a restore replaces a target that holds data and keeps the former data directory aside', async () => {
  const dataDir = join(work, 'restored');
  const { keptAside } = await restore({ archive, dataDir, databaseUrl: postgres ? srv.config.databaseUrl : undefined, force: true });
  expect(keptAside).toMatch(/restored\/\.before-restore-\d{8}-\d{6}$/);
  expect(existsSync(join(keptAside!, 'uploads'))).toBe(true);
  expect(existsSync(join(keptAside!, 'kk.lock'))).toBe(false);
  expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['uploads']));
  // The next backup leaves the folder kept aside out.
  expect(dataFiles(dataDir).map((f) => f.name)).toEqual([
    expect.stringMatching(/^uploads\/files\//),
    expect.stringMatching(/^uploads\/files\/.*\.json$/),
  ]);
});
