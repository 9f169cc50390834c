import { PGlite } from '@electric-sql/pglite';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
} from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { extract } from 'tar-stream';
import { DataDirLockedError, lockDataDir } from '../db/dataDirLock';
import { migrations } from '../db/migrations/index';
import {
  BEFORE_RESTORE,
  DATA_PREFIX,
  MANIFEST,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  RESTORING,
  isEmptyDir,
  stamp,
  type BackupManifest,
} from './backupArchive';
import { pgEnv, pgTool, run } from './pgTools';
import { S3ObjectStore } from '../files/objectStore';
import type { S3Location } from '../files/storageUrl';

export interface RestoreOptions {
  /** The archive `npm run backup` wrote. */
  archive: string;
  /** The DATA_DIR to restore into: missing or empty, unless `force`. */
  dataDir: string;
  /** The DATABASE_URL to restore into (a backup of PostgreSQL): a database without tables, unless `force`. */
  databaseUrl?: string;
  /** Replace what the target holds: the data directory is kept aside, the database's tables are dropped. */
  force: boolean;
  /** The STORAGE_URL bucket of the restored site: the backup's uploaded files are put there, not in the data directory. */
  storage?: S3Location;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data directory's former content was moved (a folder inside it), when there was any. */
  keptAside?: string;
}

/** A restore was refused or failed before changing anything; the message says why and what to do. */
export class RestoreError extends Error {}

/** Folder of the staging directory holding the extracted database dump (removed before the swap). */
const WORK = '.kk-restore';

/**
 * Restores a backup into `dataDir` (and `databaseUrl`). Everything is first extracted into a fresh
 * folder inside `dataDir` and the database restored there (embedded) or in one transaction
 * (PostgreSQL); the item count is checked against the manifest; only then are the former entries
 * moved into a `.before-restore-` folder and the restored ones into place. A failure before that
 * changes nothing.
 */
export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const { archive, databaseUrl, force } = options;
  const dataDir = resolve(options.dataDir);
  if (!existsSync(archive)) throw new RestoreError(`There is no backup at ${archive}`);
  const nonEmpty: string[] = [];
  if (!isEmptyDir(dataDir)) nonEmpty.push(`the data directory ${dataDir} is not empty`);
  if (databaseUrl) {
    const { tables, sessions } = await postgresTarget(databaseUrl);
    if (sessions > 0)
      throw new RestoreError(
        `${sessions} other connection(s) use the database: stop every server using DATABASE_URL before restoring into it`,
      );
    if (tables > 0) nonEmpty.push(`the database has ${tables} table(s)`);
  }
  if (nonEmpty.length > 0 && !force)
    throw new RestoreError(
      `Nothing was restored: ${nonEmpty.join(' and ')}. Restore into an empty DATA_DIR${databaseUrl ? ' and database' : ''}, ` +
        `or add --force to replace ${nonEmpty.length > 1 ? 'them' : 'it'} (the data directory's content is kept in a ${BEFORE_RESTORE} folder of it${databaseUrl ? ', the database tables are dropped' : ''}).`,
    );
  // A server on the embedded database holds the lock: restoring under it would corrupt both.
  const created = !existsSync(dataDir);
  let release = (): void => undefined;
  if (!databaseUrl) {
    mkdirSync(dataDir, { recursive: true });
    try {
      release = lockDataDir(dataDir);
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
      throw new RestoreError(`${e.message.replace(/ Stop that server first.*$/, '')} Stop the server before restoring into it.`);
    }
  }
  const when = stamp(new Date());
  // Staged inside the data directory, not beside it: DATA_DIR is often a mount point (a volume),
  // which can be neither renamed nor have a writable parent; renames inside it never copy.
  const staging = join(dataDir, `${RESTORING}${when}`);
  let swapped = false;
  try {
    mkdirSync(staging, { recursive: true });
    const manifest = await extractArchive(archive, staging);
    checkManifest(manifest, databaseUrl);
    const dump = join(staging, WORK, manifest.driver === 'postgres' ? POSTGRES_ENTRY : PGLITE_ENTRY);
    if (!existsSync(dump)) throw new RestoreError(`The backup ${archive} has no database (${manifest.driver}): it is incomplete`);
    const items = databaseUrl ? await restorePostgres(dump, databaseUrl, force) : await restorePglite(dump, join(staging, 'pgdata'));
    if (items !== manifest.counts.items)
      throw new RestoreError(`The restored database has ${items} items where the backup counted ${manifest.counts.items}`);
    rmSync(join(staging, WORK), { recursive: true, force: true });
    if (options.storage) await filesIntoBucket(staging, options.storage);
    swapped = true;
    return { manifest, keptAside: swapIn(dataDir, staging, join(dataDir, `${BEFORE_RESTORE}${when}`)) };
  } finally {
    if (!swapped) rmSync(staging, { recursive: true, force: true });
    release();
    if (!swapped && created && isEmptyDir(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Puts the backup's uploaded files into `location`'s bucket, under their upload ids, and leaves the
 * rest of the files folders out of the data directory: variants are made again, task results expire.
 * A file already in the bucket is the same file (upload ids are never reused): it is written again.
 */
async function filesIntoBucket(staging: string, location: S3Location): Promise<void> {
  const bucket = new S3ObjectStore(location);
  const folder = join(staging, 'uploads', 'files');
  try {
    await bucket.check();
    for (const name of existsSync(folder) ? readdirSync(folder) : []) {
      // tus's FileStore records (`<id>.json`) are of no use in a bucket.
      if (!/^[A-Za-z0-9_-]+$/.test(name)) continue;
      await bucket.put(`files/${name}`, createReadStream(join(folder, name)));
    }
  } catch (e) {
    throw new RestoreError(
      `The database was restored, but putting the files into the ${bucket.describe()} stopped (${(e as Error).message}): ` +
        'fix the bucket and run the restore again with --force.',
      { cause: e },
    );
  }
  rmSync(join(staging, 'uploads'), { recursive: true, force: true });
  rmSync(join(staging, 'task-results'), { recursive: true, force: true });
}

/**
 * Moves the data directory's entries into `aside` (but the lock, and what former restores kept
 * aside), then the restored ones from `staging` into the data directory. Answers `aside` when
 * anything was moved there.
 */
function swapIn(dataDir: string, staging: string, aside: string): string | undefined {
  const former = readdirSync(dataDir).filter((n) => join(dataDir, n) !== staging && n !== 'kk.lock' && !n.startsWith(BEFORE_RESTORE));
  try {
    if (former.length > 0) mkdirSync(aside);
    for (const name of former) renameSync(join(dataDir, name), join(aside, name));
    for (const name of readdirSync(staging)) renameSync(join(staging, name), join(dataDir, name));
    rmdirSync(staging);
  } catch (e) {
    throw new RestoreError(
      `The database was restored, but moving the files into place stopped (${(e as Error).message}): the restored files are in ` +
        `${staging}${former.length > 0 ? `, the former ones in ${aside}` : ''}. Move the restored ones into ${dataDir} by hand.`,
    );
  }
  return former.length > 0 ? aside : undefined;
}

/** How many tables the target database has, and how many other sessions use it. */
async function postgresTarget(url: string): Promise<{ tables: number; sessions: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ tables: number; sessions: number }>(
      `SELECT (SELECT count(*) FROM pg_tables WHERE schemaname = 'public')::int AS tables,
        (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid())::int AS sessions`,
    );
    return res.rows[0]!;
  } finally {
    await client.end();
  }
}

/** An archive entry's path, refused when it would leave the folder it is extracted to. */
function safeName(name: string): string {
  const clean = name.replace(/\/+$/, '');
  if (clean === '' || clean.startsWith('/') || clean.split('/').some((part) => part === '..' || part === '' || part === '.'))
    throw new RestoreError(`The backup holds an entry with an unsafe path (${name}): it was not made by npm run backup`);
  return clean;
}

/** Extracts the data files into `staging`, the database dump into its WORK folder; answers the manifest. */
async function extractArchive(archive: string, staging: string): Promise<BackupManifest> {
  const entries = extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), entries);
  let manifest: BackupManifest | undefined;
  try {
    for await (const entry of entries) {
      const name = safeName(entry.header.name);
      if (entry.header.type === 'directory') {
        entry.resume();
        continue;
      }
      if (entry.header.type !== 'file') throw new RestoreError(`The backup holds ${name}, which is not a file`);
      if (name === MANIFEST) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        continue;
      }
      const target = name.startsWith(DATA_PREFIX)
        ? join(staging, name.slice(DATA_PREFIX.length))
        : name.startsWith('database/')
          ? join(staging, WORK, name)
          : null;
      if (!target || !target.startsWith(staging + sep))
        throw new RestoreError(`The backup holds ${name}, which npm run backup never writes`);
      mkdirSync(dirname(target), { recursive: true });
      await pipeline(Readable.from(entry), createWriteStream(target));
    }
    await reading;
  } catch (e) {
    reading.catch(() => undefined);
    if (e instanceof RestoreError) throw e;
    throw new RestoreError(`The backup ${archive} could not be read (${(e as Error).message}): it is damaged or not a backup`);
  }
  if (!manifest) throw new RestoreError(`The backup ${archive} has no ${MANIFEST}: it was not made by npm run backup`);
  return manifest;
}

function checkManifest(manifest: BackupManifest, databaseUrl: string | undefined): void {
  if (manifest.format !== 'knowledgekeeper-backup' || manifest.formatVersion !== 1)
    throw new RestoreError('This file is not a KnowledgeKeeper backup this version can read');
  const latest = migrations.at(-1)?.id ?? 0;
  if (manifest.migration > latest)
    throw new RestoreError(
      `The backup was made by version ${manifest.version}, whose database is newer than this version's: restore it with that version or a later one`,
    );
  if (manifest.driver === 'postgres' && !databaseUrl)
    throw new RestoreError('This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into');
  if (manifest.driver === 'pglite' && databaseUrl)
    throw new RestoreError('This backup holds an embedded database: unset DATABASE_URL and set DATA_DIR to restore it');
}

/** Opens the dump as a fresh embedded database in `pgdata`; answers its item count. */
async function restorePglite(dump: string, pgdata: string): Promise<number> {
  const tarball = new Blob([readFileSync(dump)], { type: 'application/gzip' });
  const db = await PGlite.create(pgdata, { loadDataDir: tarball });
  try {
    return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]!.n;
  } finally {
    await db.close();
  }
}

/**
 * Restores the dump in one transaction (psql --single-transaction): it all lands or none of it.
 * With `force`, the public schema is dropped and made again first, in the same transaction.
 */
async function restorePostgres(dump: string, url: string, force: boolean): Promise<number> {
  const sql = `${dump}.sql`;
  await run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', `--file=${sql}`, dump]);
  async function* script(): AsyncGenerator<Buffer | string> {
    if (force) yield 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n';
    for await (const chunk of createReadStream(sql)) yield chunk as Buffer;
  }
  try {
    await run(pgTool('psql'), ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--file=-'], {
      stdin: Readable.from(script()),
      env: pgEnv(url),
    });
  } catch (e) {
    throw new RestoreError(`The database restore failed and was rolled back: nothing changed. ${(e as Error).message}`);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]!.n;
  } finally {
    await client.end();
  }
}
