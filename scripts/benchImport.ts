/**
 * Import benchmark (issue 13, "Imports and exports"): writes a CSV file of 50,000 contacts and
 * imports it as the import task does (streamed parse, batches of rows each in a savepoint, through the
 * item store with an administrator's rights, every validator and change hook of the product), on
 * PGlite and on a throwaway PostgreSQL. Prints rows per second, the peak memory (RSS and heap) and
 * the memory after 10k, 25k and 50k rows, which should stay flat. Goal: over 2,000 rows/s on PostgreSQL.
 * Each driver runs in a process of its own, so one's memory does not count in the other's.
 *
 *   node scripts/run-ts.mjs scripts/benchImport.ts [--rows 50000] [--driver pglite|postgres|both]
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createServer } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { ImportRun } from '../src/server/imports/ImportRun';
import { ensureKeyIndex } from '../src/server/imports/keyIndexes';
import { readRows } from '../src/server/imports/readRows';
import type { Principal } from '../src/server/policy/Principal';
import { importKindTable } from '../src/shared/imports/importKindTable';
import { itemTypes } from '../src/shared/itemTypes';
import { startPostgresCluster, type PostgresCluster } from './postgresCluster';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const ROWS = Number(arg('rows', '50000'));
const DRIVER = arg('driver', 'both');
const MARKS = [10_000, 25_000, 50_000].filter((m) => m <= ROWS);
const GOAL_POSTGRES = 2000;
const MB = 1024 * 1024;

const mb = (bytes: number): string => `${(bytes / MB).toFixed(0)} MB`;

async function writeCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('email,firstName,lastName\r\n');
  for (let i = 0; i < ROWS; i++) {
    if (!out.write(`bench${i}@example.org,Given ${i},"Family, ${i % 500}"\r\n`))
      await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await finished(out);
}

async function benchOne(driver: 'pglite' | 'postgres'): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kk-bench-import-'));
  let cluster: PostgresCluster | null = null;
  try {
    if (driver === 'postgres') cluster = await startPostgresCluster();
    const config = {
      ...configFromEnv({ KK_QUIET: '1' }),
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      adminEmail: 'bench@knowledgekeeper.local',
      adminPassword: 'benchmark password 1',
      seedDemo: false,
      logging: false,
      ...(cluster ? { databaseUrl: cluster.url } : {}),
    };
    const server = await createServer(config);
    try {
      const { services } = server;
      const user = await services.db.query<{ id: string }>(`SELECT id FROM items WHERE type = 'User' ORDER BY idx LIMIT 1`);
      const caller: Principal = { userId: user.rows[0]!.id, admin: true, capabilities: {}, orgs: {}, tokenHash: null, masquerader: null };
      const kind = importKindTable(
        [
          {
            name: 'bench',
            importKinds: [{ kind: 'BENCH_CONTACTS', type: 'Contact', key: 'email', columns: ['email', 'firstName', 'lastName'] }],
          },
        ],
        (name) => itemTypes.get(name),
      ).get('BENCH_CONTACTS')!;
      const file = join(dir, 'contacts.csv');
      await writeCsv(file);

      global.gc?.();
      const peak = { rss: 0, heap: 0 };
      const sample = (): void => {
        const m = process.memoryUsage();
        peak.rss = Math.max(peak.rss, m.rss);
        peak.heap = Math.max(peak.heap, m.heapUsed);
      };
      const sampler = setInterval(sample, 50);
      const at: string[] = [];
      const controller = new AbortController();
      await ensureKeyIndex(services.db, kind);
      const run = new ImportRun(services.db, services.items, caller, kind, itemTypes.get('Contact')!, {
        dryRun: false,
        signal: controller.signal,
      });
      const start = process.hrtime.bigint();
      for await (const row of readRows(file, 'CSV', () => undefined, controller.signal)) {
        await run.take(row);
        if (MARKS.includes(run.counts.rows)) {
          sample();
          const m = process.memoryUsage();
          at.push(`${run.counts.rows / 1000}k rows: RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)}`);
        }
      }
      await run.finish();
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      clearInterval(sampler);
      sample();
      const rate = run.counts.created / seconds;
      console.log(
        `${driver}: ${run.counts.created.toLocaleString('en')} of ${ROWS.toLocaleString('en')} rows created in ${seconds.toFixed(1)} s: ` +
          `${rate.toFixed(0)} rows/s${driver === 'postgres' ? ` (goal over ${GOAL_POSTGRES}: ${rate > GOAL_POSTGRES ? 'met' : 'NOT met'})` : ''}`,
      );
      console.log(`${driver}: peak RSS ${mb(peak.rss)}, peak heap ${mb(peak.heap)}; ${at.join('; ')}`);
      if (run.counts.failed) console.log(`${driver}: ${run.counts.failed} rows failed, first: ${JSON.stringify(run.problems.slice(0, 3))}`);
    } finally {
      await server.close();
    }
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The server finds its files (the page template, the embedded database's worker) two folders above
 * its code, as dist/server/main.js does: each driver runs from a copy of this bundle placed so.
 */
function runChild(driver: string): void {
  const dir = join(dirname(process.argv[1]!), 'benchImport');
  mkdirSync(dir, { recursive: true });
  const copy = join(dir, 'benchImport.cjs');
  copyFileSync(process.argv[1]!, copy);
  const res = spawnSync(process.execPath, ['--expose-gc', copy, '--rows', String(ROWS), '--driver', driver, '--child', '1'], {
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

async function main(): Promise<void> {
  if (DRIVER !== 'both' && DRIVER !== 'pglite' && DRIVER !== 'postgres') throw new Error(`Unknown driver ${DRIVER}`);
  if (arg('child', '0') !== '1') {
    console.log(`Import benchmark: ${ROWS.toLocaleString('en')} CSV rows, ${cpus().length} cores, Node ${process.version}`);
    for (const driver of DRIVER === 'both' ? ['pglite', 'postgres'] : [DRIVER]) runChild(driver);
    return;
  }
  await benchOne(DRIVER as 'pglite' | 'postgres');
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
