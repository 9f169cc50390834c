/**
 * Socket benchmark: `read/{id}` and `update` round trips per second, with p50/p99 latency, over
 * several sockets that each keep one request in flight, beside a raw `ws` echo server as the floor.
 * The servers run as their own processes; this process only drives the sockets. On PostgreSQL the
 * update is also set beside its database floor: pgbench running the statements one update makes
 * (BEGIN, SELECT … FOR UPDATE, UPDATE … RETURNING, INSERT event, pg_notify, COMMIT) with as many
 * clients as there are sockets, on the same items (issue 20's goal: within 1.5x of that floor).
 *
 *   node scripts/run-ts.mjs scripts/benchSocket.ts [--sockets 8] [--seconds 5] [--driver pglite|postgres|both]
 *
 * DB_POOL_SIZE, when set, is passed to the server (its PostgreSQL connections; 5 by default).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { percentile, profileArgs, startEchoServer, waitFor } from './benchSupport';
import { findBinDir, startPostgresCluster, type PostgresCluster } from './postgresCluster';

const root = resolve(__dirname, '..');
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SOCKETS = Number(arg('sockets', '8'));
const SECONDS = Number(arg('seconds', '5'));
const DRIVER = arg('driver', 'both');
const ADMIN = { email: 'bench@knowledgekeeper.local', password: 'benchmark password 1' };

interface Result {
  name: string;
  count: number;
  rps: number;
  p50: number;
  p99: number;
}

/** A socket that sends one frame at a time and times each round trip. */
class Driver {
  private resolveReply: ((data: string) => void) | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const r = this.resolveReply;
      this.resolveReply = null;
      r?.(d.toString());
    });
  }
  static async open(url: string): Promise<Driver> {
    const ws = new WebSocket(url);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    return new Driver(ws);
  }
  roundTrip(payload: string): Promise<string> {
    return new Promise((r) => {
      this.resolveReply = r;
      this.ws.send(payload);
    });
  }
}

/** Runs `step` on every driver in a loop for SECONDS; answers throughput and latency. */
async function measure(name: string, drivers: Driver[], step: (d: Driver, i: number) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    drivers.map(async (d, di) => {
      for (let i = 0; Date.now() < end; i++) {
        const t = process.hrtime.bigint();
        await step(d, di * 1_000_000 + i);
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { name, count: latencies.length, rps: latencies.length / SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function echoFloor(): Promise<Result> {
  const echo = await startEchoServer();
  const drivers = await Promise.all(Array.from({ length: SOCKETS }, () => Driver.open(echo.wsUrl)));
  const frame = JSON.stringify({ o: 'read/Contact-1', s: 1 });
  const result = await measure('raw ws echo', drivers, async (d) => void (await d.roundTrip(frame)));
  drivers.forEach((d) => d.ws.close());
  echo.stop();
  return result;
}

/** The ids of the items the last run updated, for the database floor to update the same rows. */
let updatedIds: string[] = [];

/**
 * pgbench running, per transaction, the statements of one update (as ItemStore.update writes them:
 * the row locked and read whole with its grants, rewritten, its event inserted, the change announced),
 * with one client per socket, each on its own item, for SECONDS.
 */
function pgbenchFloor(cluster: PostgresCluster): Result {
  const dir = mkdtempSync(join(tmpdir(), 'kk-pgbench-'));
  try {
    // Client n updates the n-th item, as socket n does: no two clients wait on one row.
    const id = `(ARRAY[${updatedIds.map((x) => `'${x}'`).join(', ')}])[:client_id + 1]`;
    const file = join(dir, 'update.sql');
    writeFileSync(
      file,
      `BEGIN;
SELECT i.id, i.type, i.idx, i.u, i.data, i.label, i.access, i.owner_org, i.created_at, i.created_by, i.updated_at, i.deleted_at, (SELECT json_agg(json_build_object('grantee', g.grantee, 'actions', g.actions, 'grantedBy', g.granted_by) ORDER BY g.granted_by, g.grantee) FROM grants g WHERE g.item_id = i.id) AS grants FROM items i WHERE i.id = ${id} FOR UPDATE;
UPDATE items AS i SET data = i.data || jsonb_build_object('firstName', 'Floor ' || random()), u = i.u + 1, label = i.label, access = i.access, owner_org = i.owner_org, updated_at = now() WHERE i.id = ${id} RETURNING i.id, i.type, i.idx, i.u, i.data, i.label, i.access, i.owner_org, i.created_at, i.created_by, i.updated_at, i.deleted_at;
INSERT INTO events (item_id, kind, u, ts, by_user, masquerader, changed, sub_context, also, from_state, to_state) VALUES (${id}, 'updated', 1, now(), 'User-1', NULL, '{firstName}', NULL, '{}', NULL, NULL) RETURNING id;
SELECT pg_notify('kk_bench_floor', '{"kind":"updated"}');
COMMIT;
`,
    );
    const out = execFileSync(
      join(findBinDir(), 'pgbench'),
      ['-n', '-c', String(updatedIds.length), '-j', '2', '-T', String(SECONDS), '-f', file, cluster.url],
      { encoding: 'utf8' },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? NaN);
    if (Number.isNaN(tps)) throw new Error(`pgbench printed no rate:\n${out}`);
    return { name: 'update statements in pgbench (PostgreSQL floor)', count: Math.round(tps * SECONDS), rps: tps, p50: latency, p99: NaN };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function kkServer(driver: 'pglite' | 'postgres', cluster: PostgresCluster | null): Promise<Result[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-bench-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The benchmark asks as fast as the server answers: no per-socket rate limit in the way.
    SOCKET_RATE_PER_SECOND: '1000000000',
  };
  if (driver === 'postgres') env.DATABASE_URL = cluster!.url;
  if (process.env.DB_POOL_SIZE) env.DB_POOL_SIZE = process.env.DB_POOL_SIZE;
  const child = spawn('node', [...profileArgs(), join(root, 'dist/server/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = (await waitFor(child, /is running at (http:\/\/\S+) on/))[1]!.replace('localhost', '127.0.0.1');
    const res = await fetch(`${url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = res.headers.get('x-vgn-token')!;
    const drivers = await Promise.all(Array.from({ length: SOCKETS }, () => Driver.open(`${url.replace('http', 'ws')}/ws`)));
    for (const d of drivers) {
      const authed = new Promise((r) => d.ws.once('message', r));
      d.ws.send(JSON.stringify({ o: 'tokenAuth', b: token, v: 'bench' }));
      await authed;
    }
    // One item per socket, with a relation so a read also resolves a label, as real reads do.
    const org = JSON.parse(
      await drivers[0]!.roundTrip(
        JSON.stringify({ o: 'create/Organization', s: 1, b: { displayName: 'Bench Nation', type: 'COMMUNITY' } }),
      ),
    ).b.$id as string;
    const items: { id: string; u: number }[] = [];
    for (const d of drivers) {
      const reply = JSON.parse(
        await d.roundTrip(
          JSON.stringify({
            o: 'create/Contact',
            s: 2,
            b: { firstName: 'Bench', lastName: 'Mark', email: 'bench@example.org', _related: [{ id: org }] },
          }),
        ),
      );
      items.push({ id: reply.b.$id, u: reply.b._u });
    }
    const label = driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const read = await measure(`read/{id} (${label})`, drivers, async (d, i) => {
      const reply = await d.roundTrip(JSON.stringify({ o: `read/${items[Math.floor(i / 1_000_000)]!.id}`, s: i }));
      if (reply.includes('"erred":true')) throw new Error(reply);
    });
    const update = await measure(`update (${label})`, drivers, async (d, i) => {
      const item = items[Math.floor(i / 1_000_000)]!;
      const reply = JSON.parse(
        await d.roundTrip(JSON.stringify({ o: 'update', s: i, b: { $id: item.id, _u: item.u, firstName: `Bench ${i}` } })),
      );
      if (reply.erred) throw new Error(JSON.stringify(reply.b));
      item.u = reply.b._u;
    });
    drivers.forEach((d) => d.ws.close());
    updatedIds = items.map((i) => i.id);
    return [read, update];
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  execFileSync('node', ['-e', "import('./esbuild.config.mjs').then((m) => m.buildServer())"], { cwd: root, stdio: 'inherit' });
  console.log(
    `Socket benchmark: ${SOCKETS} sockets, one request in flight each, ${SECONDS} s per measurement, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
  );
  const results: Result[] = [await echoFloor()];
  if (DRIVER === 'pglite' || DRIVER === 'both') results.push(...(await kkServer('pglite', null)));
  if (DRIVER === 'postgres' || DRIVER === 'both') {
    const cluster = await startPostgresCluster();
    try {
      results.push(...(await kkServer('postgres', cluster)));
      results.push(pgbenchFloor(cluster));
    } finally {
      await cluster.stop();
    }
  }
  const floor = results[0]!;
  console.log('\n| measurement | round trips/s | p50 ms | p99 ms | vs echo (rate) |');
  console.log('|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)}${Number.isNaN(r.p99) ? ' (average)' : ''} | ${Number.isNaN(r.p99) ? '—' : r.p99.toFixed(2)} | ${(floor.rps / r.rps).toFixed(2)}x slower |`,
    );
  }
  const pgUpdate = results.find((r) => r.name === 'update (PostgreSQL)');
  const pgFloor = results.find((r) => r.name.startsWith('update statements in pgbench'));
  if (pgUpdate && pgFloor) {
    const ratio = pgFloor.rps / pgUpdate.rps;
    console.log(
      `update (PostgreSQL): ${pgUpdate.rps.toFixed(0)}/s beside pgbench's ${pgFloor.rps.toFixed(0)}/s of the same statements: ${ratio.toFixed(2)}x the floor (goal: within 1.5x) ${ratio <= 1.5 ? 'MET' : 'NOT MET'}`,
    );
  }
  for (const r of results.filter((x) => x.name.startsWith('read'))) {
    const ratio = floor.rps / r.rps;
    console.log(`${r.name}: ${ratio.toFixed(2)}x the echo's cost per round trip (goal: within 3x) ${ratio <= 3 ? 'MET' : 'NOT MET'}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
