/**
 * Restores a backup made by `npm run backup` into the DATA_DIR (and DATABASE_URL) of the environment.
 *
 *   npm run restore -- backups/site.tar.gz [--force]
 *
 * The target must be empty (a missing or empty DATA_DIR, a database without tables) unless --force:
 * then what the data directory held is moved into a .before-restore- folder in it (its path is printed) and the database's tables are
 * replaced. Servers must be stopped. Nothing changes when the restore fails. With STORAGE_URL set, the
 * uploaded files go into its bucket. See docs/deploy.md.
 */
import { format } from 'date-fns';
import { resolve } from 'node:path';
import { restore, RestoreError } from '../src/server/backup/restore';
import { configFromEnv } from '../src/server/config';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}
const config = configFromEnv();
const count = (n: number, what: string): string => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

restore({ archive: resolve(file), dataDir: config.dataDir, databaseUrl: config.databaseUrl, force, storage: config.storage }).then(
  ({ manifest: m, keptAside }) => {
    const files = config.storage ? `the bucket of STORAGE_URL` : config.dataDir;
    const into = config.databaseUrl
      ? `the database of DATABASE_URL and ${files}`
      : files === config.dataDir
        ? files
        : `${config.dataDir} and ${files}`;
    console.log(
      `Restored the backup of ${format(new Date(m.createdAt), 'dd-MMM-yyyy HH:mm')} (version ${m.version}) into ${into}: ` +
        `${count(m.counts.items, 'item')}, ${count(m.counts.uploads, 'uploaded file')}.`,
    );
    if (keptAside) console.log(`What the data directory held before is kept in ${keptAside}; remove it once the site works.`);
  },
  (e: unknown) => {
    console.error(e instanceof RestoreError ? e.message : e);
    process.exit(1);
  },
);
