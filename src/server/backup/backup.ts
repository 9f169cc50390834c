import { PGlite } from '@electric-sql/pglite';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { DataDirLockedError, lockDataDir } from '../db/dataDirLock';
import {
  DATA_PREFIX,
  MANIFEST,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  dataFiles,
  uploadCount,
  type BackupManifest,
  type DataFile,
} from './backupArchive';
import { pgEnv, pgTool, run } from './pgTools';
import { S3ObjectStore, type ListedObject } from '../files/objectStore';
import type { S3Location } from '../files/storageUrl';

export interface BackupOptions {
  /** The server's DATA_DIR: its files, and the embedded database when `databaseUrl` is not set. */
  dataDir: string;
  /** The server's DATABASE_URL, when it runs on PostgreSQL. */
  databaseUrl?: string;
  /** The archive to write (a .tar.gz); refused when it exists. */
  out: string;
  /** The product version, written in the manifest. */
  version: string;
  /** The server's STORAGE_URL bucket: its uploaded files are copied into the archive. */
  storage?: S3Location;
}

/** A backup could not be made; the message says why and what to do. */
export class BackupError extends Error {}

interface DatabaseFacts {
  items: number;
  migration: number;
}

const FACTS_SQL = `SELECT (SELECT count(*) FROM items)::int AS items,
  (SELECT coalesce(max(id), 0) FROM schema_migrations)::int AS migration`;

/**
 * Writes one archive holding the database, every file of the data directory, the uploaded files of
 * the bucket when the site keeps its files in one (as `data/uploads/files/<id>`, where a data
 * directory keeps them, so either kind of site restores the other's backups), and a manifest. The
 * archive is written beside `out` under a `.partial` name and renamed when complete, so a file with
 * the asked name is always a whole backup.
 *
 * PostgreSQL is dumped by pg_dump, consistent while servers run; the files are read after it, so a
 * file uploaded meanwhile may be in the archive without its item (it is never shown), and a file
 * deleted meanwhile is left out though its item may be in the dump. The embedded database is open in one process only: its
 * backup takes the data directory's lock, so it refuses while the server runs (stop it first).
 */
export async function backup(options: BackupOptions): Promise<BackupManifest> {
  const { dataDir, databaseUrl, out } = options;
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose another file name`);
  const rel = relative(resolve(dataDir), resolve(out));
  if (!rel.startsWith('..') && !isAbsolute(rel))
    throw new BackupError(`${out} is inside the data directory ${dataDir}: write the backup somewhere else`);
  mkdirSync(dirname(out), { recursive: true });
  const work = mkdtempSync(join(dirname(out), '.kk-backup-'));
  try {
    if (databaseUrl) return await writeArchive(options, await dumpPostgres(databaseUrl, work), dataFiles(dataDir));
    if (!existsSync(join(dataDir, 'pgdata', 'PG_VERSION')))
      throw new BackupError(`There is no embedded database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    let release: () => void;
    try {
      release = lockDataDir(dataDir);
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
      throw new BackupError(
        `${e.message.replace(/ Stop that server first.*$/, '')} The embedded database can only be backed up while its server is stopped: ` +
          'stop the server, run the backup, then start the server again.',
      );
    }
    try {
      return await writeArchive(options, await dumpPglite(dataDir, work), dataFiles(dataDir));
    } finally {
      release();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Dump {
  /** The dump's file in the work folder. */
  path: string;
  entry: string;
  driver: BackupManifest['driver'];
  facts: DatabaseFacts;
}

async function dumpPostgres(url: string, work: string): Promise<Dump> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The counts and pg_dump read one snapshot, exported by this transaction and held open while
    // pg_dump runs: items written meanwhile are in neither, so a restore's check matches.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const facts = (await client.query<DatabaseFacts>(FACTS_SQL)).rows[0]!;
    const path = join(work, 'postgres.dump');
    // The custom format is compressed and lets pg_restore choose what to restore; no owners or
    // grants, so it restores into a database owned by another role.
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${path}`], {
      env: pgEnv(url),
    });
    await client.query('COMMIT');
    return { path, entry: POSTGRES_ENTRY, driver: 'postgres', facts };
  } finally {
    await client.end();
  }
}

async function dumpPglite(dataDir: string, work: string): Promise<Dump> {
  const db = await PGlite.create(join(dataDir, 'pgdata'));
  try {
    const facts = (await db.query<DatabaseFacts>(FACTS_SQL)).rows[0]!;
    const tarball = await db.dumpDataDir('gzip');
    const path = join(work, 'pgdata.tar.gz');
    const file = createWriteStream(path);
    file.end(Buffer.from(await tarball.arrayBuffer()));
    await finished(file);
    return { path, entry: PGLITE_ENTRY, driver: 'pglite', facts };
  } finally {
    await db.close();
  }
}

/** The archive name of a bucket's uploaded file: where a data directory keeps it. */
const bucketEntry = (o: ListedObject): string => `uploads/${o.key}`;

async function writeArchive(options: BackupOptions, dump: Dump, files: DataFile[]): Promise<BackupManifest> {
  // Variants are made again on first request and task results last a day: only uploaded files are copied.
  const bucket = options.storage ? new S3ObjectStore(options.storage) : null;
  const objects = bucket ? await bucket.list('files/') : [];
  const counted = [...files, ...objects.map((o) => ({ path: '', name: bucketEntry(o), size: o.size }))];
  const manifest: BackupManifest = {
    format: 'knowledgekeeper-backup',
    formatVersion: 1,
    version: options.version,
    driver: dump.driver,
    storage: bucket ? 'bucket' : 'disk',
    createdAt: new Date().toISOString(),
    migration: dump.facts.migration,
    counts: {
      items: dump.facts.items,
      uploads: uploadCount(counted),
      dataFiles: counted.length,
      dataBytes: counted.reduce((sum, f) => sum + f.size, 0),
    },
  };
  // archiver is an ES module only: import() loads it on every Node 20 (require() of ESM needs 20.19).
  const { TarArchive } = await import('archiver');
  const partial = `${options.out}.partial`;
  const out = createWriteStream(partial);
  // The database dump and most uploads are compressed already: a light level saves time.
  const tar = new TarArchive({ gzip: true, gzipOptions: { level: 1 } });
  try {
    await new Promise<void>((resolve, reject) => {
      tar.on('error', reject);
      // Entries written so far (or skipped), so the bucket's files are fetched one at a time after the rest.
      let written = 0;
      let waiting: { count: number; done: () => void } | null = null;
      const wrote = (): void => {
        written++;
        if (waiting && written >= waiting.count) waiting.done();
      };
      const writtenUpTo = (count: number): Promise<void> =>
        written >= count ? Promise.resolve() : new Promise((done) => (waiting = { count, done }));
      tar.on('entry', wrote);
      // A file deleted since it was listed (an upload abandoned, an item removed) is left out; other
      // trouble reading a file stops the backup.
      tar.on('warning', (e) => {
        if (e.code !== 'ENOENT') reject(e);
        else wrote();
      });
      out.on('error', reject);
      tar.pipe(out);
      tar.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: MANIFEST });
      tar.file(dump.path, { name: dump.entry });
      for (const f of files) tar.file(f.path, { name: `${DATA_PREFIX}${f.name}` });
      const copyBucket = async (): Promise<void> => {
        let count = 2 + files.length;
        for (const o of objects) {
          // Each file is fetched into a temporary file, archived, and removed before the next: the
          // backup needs room for the largest file, not the bucket.
          const copy = await bucket!.localCopy(o.key);
          if (!copy) continue;
          tar.file(copy.path, { name: `${DATA_PREFIX}${bucketEntry(o)}` });
          await writtenUpTo(++count);
          await copy.release();
        }
      };
      copyBucket()
        .then(() => tar.finalize())
        .then(() => finished(out))
        .then(resolve, reject);
    });
    renameSync(partial, options.out);
  } catch (e) {
    out.destroy();
    rmSync(partial, { force: true });
    throw e;
  }
  return manifest;
}
