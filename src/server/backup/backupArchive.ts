import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** What every backup archive starts with (`manifest.json`). */
export interface BackupManifest {
  format: 'knowledgekeeper-backup';
  formatVersion: 1;
  /** The product version that made the backup. */
  version: string;
  driver: 'pglite' | 'postgres';
  /** Where the site kept its files: the uploaded files of a bucket are in the archive as a data directory's are. */
  storage?: 'disk' | 'bucket';
  /** When the backup was made (ISO 8601, UTC). */
  createdAt: string;
  /** The last migration the database had. */
  migration: number;
  counts: {
    /** Rows of the items table. */
    items: number;
    /** Uploaded files (without their tus metadata files), from the data directory or the bucket. */
    uploads: number;
    /** Every file of the data directory in the archive (uploads, image variants, task results...). */
    dataFiles: number;
    /** Their size in bytes. */
    dataBytes: number;
  };
}

export const MANIFEST = 'manifest.json';
/** The embedded database: PGlite's dumpDataDir tarball. */
export const PGLITE_ENTRY = 'database/pgdata.tar.gz';
/** The PostgreSQL database: pg_dump's custom format. */
export const POSTGRES_ENTRY = 'database/postgres.dump';
/** Files of the data directory sit under this folder of the archive. */
export const DATA_PREFIX = 'data/';

/**
 * Entries of the data directory that are not files to back up: the embedded database (backed up
 * through PGlite), its half-made initialisation, the running server's lock, and restores' folders.
 */
const NOT_DATA = new Set(['pgdata', 'pgdata.initialising', 'kk.lock']);
/** A restore in progress stages its files in a folder of the data directory named so. */
export const RESTORING = '.restoring-';
/** A restore with --force moves the former content into a folder of the data directory named so. */
export const BEFORE_RESTORE = '.before-restore-';
const notData = (name: string): boolean => NOT_DATA.has(name) || name.startsWith(RESTORING) || name.startsWith(BEFORE_RESTORE);

/** A file of the data directory: its path on disk and inside the data directory (with `/`). */
export interface DataFile {
  path: string;
  name: string;
  size: number;
}

/** Every file of `dataDir` to back up, in a stable order. */
export function dataFiles(dataDir: string): DataFile[] {
  const out: DataFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (dir === dataDir && notData(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push({ path, name: relative(dataDir, path).split(sep).join('/'), size: statSync(path).size });
    }
  };
  if (existsSync(dataDir)) walk(dataDir);
  return out;
}

/** Uploaded files among `files` (the tus store keeps `<id>` and its `<id>.json` metadata). */
export const uploadCount = (files: DataFile[]): number =>
  files.filter((f) => f.name.startsWith('uploads/files/') && !f.name.endsWith('.json')).length;

/** Whether `dir` is missing or holds nothing. */
export const isEmptyDir = (dir: string): boolean => !existsSync(dir) || readdirSync(dir).length === 0;

/** `date` as a file-name stamp: 20261127-043015. */
export const stamp = (date: Date): string =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
