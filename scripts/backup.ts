/**
 * Backs up the server whose DATA_DIR and DATABASE_URL are in the environment (as `npm start` reads
 * them) into one .tar.gz: the database, every uploaded file and task result (the uploaded files of the
 * STORAGE_URL bucket when there is one), and a manifest.
 *
 *   npm run backup [-- --out backups/site.tar.gz]
 *
 * PostgreSQL is backed up while its servers run; the embedded database only while its server is
 * stopped (the backup refuses otherwise). See docs/deploy.md.
 */
import { resolve } from 'node:path';
import { backup, BackupError } from '../src/server/backup/backup';
import { stamp } from '../src/server/backup/backupArchive';
import { configFromEnv } from '../src/server/config';

const i = process.argv.indexOf('--out');
const config = configFromEnv();
const out = resolve(i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : `backups/knowledgekeeper-${stamp(new Date())}.tar.gz`);
const count = (n: number, what: string): string => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;
const kb = (bytes: number): string => `${Math.ceil(bytes / 1024).toLocaleString('en')} KB`;

backup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, out, version: config.version, storage: config.storage }).then(
  (m) => {
    const db = m.driver === 'postgres' ? 'PostgreSQL database' : 'embedded database';
    console.log(
      `Backup written to ${out}: the ${db} with ${count(m.counts.items, 'item')}, ${count(m.counts.uploads, 'uploaded file')} ` +
        `(${count(m.counts.dataFiles, 'file')} of ${kb(m.counts.dataBytes)} ${m.storage === 'bucket' ? 'from the data directory and the bucket' : 'in the data directory'}), version ${m.version}.`,
    );
  },
  (e: unknown) => {
    console.error(e instanceof BackupError ? e.message : e);
    process.exit(1);
  },
);
