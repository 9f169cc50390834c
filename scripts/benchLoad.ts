/**
 * Load benchmark: many signed-in sockets doing what people do (reading, searching, watching, saving,
 * uploading) against a server process of its own, for minutes. Prints throughput, p50/p99 per
 * operation, errors (goal 0), pushes received, and the server's memory every minute (goal flat).
 *
 *   node scripts/run-ts.mjs scripts/benchLoad.ts [--sockets 1000] [--minutes 10] [--users 50]
 *     [--think 1000] [--driver pglite|postgres|both] [--explain]
 *
 * Each socket is one browser tab: it waits a random 0..2×think ms between requests (0: as fast as the
 * server answers). The users, their organisations and 2,000 contacts are written before the server
 * process starts (in this process, through the server's own services); the tabs share their user's
 * token as a person's tabs do. The driving sockets live in this process: on a small machine it takes
 * a core of its own, which the figures include. A probe in a process of its own pings every 100 ms
 * throughout (the server's responsiveness under the load, goal p99 under 5 ms); beside it, another
 * pings a bare `ws` echo server at the same time: the floor this machine allows under this load.
 *
 * With --explain it also prints why: where the cores went (each of the server's threads, PostgreSQL,
 * this process: time on a core and time waiting for one, scripts/bench/schedStats.ts), the server's
 * garbage collections and its main thread's stretches of 5 ms or more without a turn of the event
 * loop (scripts/bench/loopWatch.mjs), and on PostgreSQL the statements that took the database's time
 * (pg_stat_statements). DB_POOL_SIZE and BENCH_NODE_ARGS in the environment go to the server, to
 * compare pool sizes and V8's flags.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createServer } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import type { Item } from '../src/shared/items/types';
import { watchCores } from './bench/schedStats';
import { percentile, profileArgs, rssMb, startBuiltServer, startEchoServer, Tab, type BuiltServer } from './benchSupport';
import { startPostgresCluster, type PostgresCluster } from './postgresCluster';

const root = resolve(__dirname, '..');
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SOCKETS = Number(arg('sockets', '1000'));
const MINUTES = Number(arg('minutes', '10'));
const USERS = Math.min(Number(arg('users', '50')), SOCKETS);
const THINK_MS = Number(arg('think', '1000'));
const DRIVER = arg('driver', 'both');
const EXPLAIN = process.argv.includes('--explain');
const CONTACTS = 2000;
const ADMIN = { email: 'load@knowledgekeeper.local', password: 'load benchmark password 1' };

/** The mix: each operation's share of a tab's requests. */
const MIX = [
  ['read', 35],
  ['readMany', 10],
  ['search', 20],
  ['watch', 10],
  ['update', 20],
  ['upload', 5],
] as const;
type OpName = (typeof MIX)[number][0];
const MIX_TOTAL = MIX.reduce((n, [, w]) => n + w, 0);
const pick = (): OpName => {
  let r = Math.random() * MIX_TOTAL;
  for (const [name, w] of MIX) if ((r -= w) < 0) return name;
  return 'read';
};

interface Seeded {
  tokens: string[];
  contacts: string[];
  /** Contacts each user may change (created by them). */
  own: string[][];
}

/** Writes the users, their memberships and the contacts, and answers a token per user. */
async function seed(dataDir: string, databaseUrl: string | null): Promise<Seeded> {
  const server = await createServer({
    ...configFromEnv({ KK_QUIET: '1' }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    seedDemo: false,
    logging: false,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  try {
    const { services } = server;
    const adminId = (await services.db.query<{ id: string }>(`SELECT id FROM items WHERE type = 'User' ORDER BY idx LIMIT 1`)).rows[0]!.id;
    const admin = { userId: adminId, masquerader: null };
    const orgs: string[] = [];
    for (const name of ['Lakeview Load Nation', 'Riverbend Load Nation']) {
      orgs.push((await services.items.create(admin, 'Organization', { displayName: name, type: 'COMMUNITY' }, { admin: true })).id);
    }
    const tokens: string[] = [];
    const users: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const id = await services.accounts.createUser({
        name: `Load Person ${u}`,
        email: `load${u}@example.org`,
        password: `load person password ${u}`,
        admin: false,
      });
      await services.accounts.setMembership(id, orgs[u % orgs.length]!, { write: u % 2 === 0 });
      users.push(id);
      tokens.push((await services.tokens.issue(id)).token);
    }
    const contacts: string[] = [];
    const own: string[][] = [];
    // Each user's contacts in one batch (the import's path): created by them, so they may change them.
    for (const [u, userId] of users.entries()) {
      const bodies = [];
      for (let c = u; c < CONTACTS; c += USERS) {
        bodies.push({
          firstName: `Given${c}`,
          lastName: `Family${c % 300}`,
          email: `person${c}@${c % 2 ? 'lakeview' : 'riverbend'}.example.org`,
          _related: [{ id: orgs[c % orgs.length]! }],
          $access: c % 5 === 0 ? 'PROTECTED' : 'COMMUNITY',
        });
      }
      const records = await services.items.createMany({ userId, masquerader: null }, 'Contact', bodies, { admin: false });
      own.push(records.map((r) => r.id));
      contacts.push(...own[u]!);
    }
    return { tokens, contacts, own };
  } finally {
    await server.close();
  }
}

interface OpStats {
  latencies: number[];
  errors: number;
  firstError: string | null;
}

async function upload(url: string, token: string, n: number): Promise<void> {
  const body = Buffer.from(`Field notes ${n}\n`.repeat(200));
  const res = await fetch(`${url}/api/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(body.length),
      'upload-metadata': `filename ${Buffer.from(`notes-${n}.txt`).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(body),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
}

/**
 * A tab of its own, in a process of its own (so this process's busy loop is not in its figures),
 * sending `ping` every 100 ms for `ms`: whether the server's event loop answers at once under the load
 * (issue 20: p99 under 5 ms on both drivers). With a `token` it signs in first, as a tab does; without
 * one it pings the echo floor. Answers when it is ready, and its round trips in ms.
 */
function pingProbe(wsUrl: string, token: string | null, ms: number): { ready: Promise<void>; times: Promise<number[]> } {
  const code = `
    const WebSocket = require('ws');
    const [url, token, ms] = process.argv.slice(1);
    const ws = new WebSocket(url);
    const times = [];
    let s = 0, sent = 0n, end = 0;
    const next = () => { s++; sent = process.hrtime.bigint(); ws.send(JSON.stringify({ o: 'ping', s })); };
    let done = false;
    ws.on('error', (e) => { console.error('ping probe:', e.message); process.exit(1); });
    ws.on('close', (code, reason) => {
      if (!done) { console.error('ping probe: socket closed', code, String(reason), 'after', times.length, 'pings'); process.exit(1); }
    });
    const start = () => {
      process.stdout.write('ready\\n');
      end = Date.now() + Number(ms);
      ws.on('message', (d) => {
        const f = JSON.parse(d.toString());
        if (f.s !== s) return;
        times.push(Number(process.hrtime.bigint() - sent) / 1e6);
        if (Date.now() < end) setTimeout(next, 100);
        else { done = true; process.stdout.write(JSON.stringify(times)); ws.close(); }
      });
      next();
    };
    ws.on('open', () => {
      if (!token) return start();
      ws.send(JSON.stringify({ o: 'tokenAuth', b: token, v: 'probe' }));
      ws.once('message', start);
    });`;
  const child = spawn(process.execPath, ['-e', code, wsUrl, token ?? '', String(ms)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let signalReady: () => void = () => {};
  const ready = new Promise<void>((r) => (signalReady = r));
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('\n')) signalReady();
  });
  const times = new Promise<number[]>((resolve, reject) =>
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`the ping probe exited with ${code}`);
        resolve(JSON.parse(out.slice(out.indexOf('\n') + 1)) as number[]);
      } catch (e) {
        reject(e as Error);
      }
    }),
  );
  // Signed in before the load begins, as the tabs are: a sign-in under the load may wait longer than
  // the server's sign-in deadline on the embedded database, whose one worker is then always busy.
  return { ready: Promise.race([ready, times.then(() => undefined)]), times };
}

/** What loopWatch.mjs wrote: the server's collections and its main thread's long stretches. */
interface LoopWatch {
  seconds: number;
  collections: Record<string, { count: number; totalMs: number; over5: number; maxMs: number }>;
  stretches: number;
  stretchesOver10: number;
  stretchMs: number;
  stretchesDuringCollection: number;
  heapUsedMb: number;
  /** Each minute's memory, in bytes. */
  minutes: { rss: number; liveHeap: number; heapTotal: number; external: number; arrayBuffers: number }[];
}

function printLoopWatch(file: string): void {
  const w = JSON.parse(readFileSync(file, 'utf8')) as LoopWatch;
  console.log(
    `\nServer main thread over ${w.seconds.toFixed(0)} s: ${w.stretches} stretches of 5 ms or more without a turn of the event loop ` +
      `(${w.stretchesOver10} of 10 ms or more; ${(w.stretchMs / 1000).toFixed(1)} s in all), ${w.stretchesDuringCollection} of them during a garbage collection; ` +
      `heap used at the end ${w.heapUsedMb.toFixed(0)} MB`,
  );
  console.log('| collection | count | total ms | 5 ms or more | longest ms |');
  console.log('|---|---|---|---|---|');
  for (const [kind, k] of Object.entries(w.collections)) {
    console.log(`| ${kind} | ${k.count} | ${k.totalMs.toFixed(0)} | ${k.over5} | ${k.maxMs.toFixed(1)} |`);
  }
  const mb = (n: number): string => (Number.isNaN(n) ? '—' : (n / 2 ** 20).toFixed(0));
  console.log(
    '\n| minute | server RSS MB | JavaScript heap live after the last full collection MB | heap reserved MB | outside the heap (buffers, native) MB | the rest (code, stacks, the embedded database) MB |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const [i, m] of w.minutes.entries()) {
    console.log(
      `| ${i + 1} | ${mb(m.rss)} | ${mb(m.liveHeap)} | ${mb(m.heapTotal)} | ${mb(m.external)} | ${mb(m.rss - m.heapTotal - m.external)} |`,
    );
  }
}

/** Runs `fn` with a connection of its own to `url`. */
async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's costliest statements of the run (pg_stat_statements), by time executing and planning. */
async function printStatements(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ calls: string; total: number; mean: number; query: string }>(
      `SELECT calls, total_exec_time + total_plan_time AS total, (total_exec_time + total_plan_time) / calls AS mean,
              regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 12`,
    );
    console.log('\n| PostgreSQL statement | calls | total s | mean ms |');
    console.log('|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.query.slice(0, 110).replaceAll('|', '\\|')} | ${r.calls} | ${(r.total / 1000).toFixed(1)} | ${r.mean.toFixed(2)} |`,
      );
  });
}

async function run(driver: 'pglite' | 'postgres', cluster: PostgresCluster | null): Promise<void> {
  const label = driver === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL';
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-load-'));
  const loopWatchFile = join(mkdtempSync(join(tmpdir(), 'kk-loop-')), 'loop.json');
  let server: BuiltServer | null = null;
  let echo: { wsUrl: string; stop: () => void } | null = null;
  try {
    const started = Date.now();
    const seeded = await seed(dataDir, cluster?.url ?? null);
    console.log(`\n## ${label}: ${USERS} users, ${CONTACTS} contacts written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    server = await startBuiltServer({
      admin: ADMIN,
      dataDir,
      nodeArgs: [
        ...profileArgs(),
        ...(EXPLAIN ? ['--import', pathToFileURL(join(root, 'scripts/bench/loopWatch.mjs')).href] : []),
        // BENCH_NODE_ARGS='--flag …' gives the server's node more flags (a garbage collector's, to compare).
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: {
        ...(EXPLAIN ? { LOOP_WATCH_FILE: loopWatchFile } : {}),
        // A tab sends one request at a time: the per-socket rate limit is not what is measured.
        SOCKET_RATE_PER_SECOND: '1000000000',
        // DB_POOL_SIZE=n in this script's environment sets the server's pool, to compare sizes.
        ...(process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {}),
        ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      },
    });
    const { url, child } = server;
    const wsUrl = `${url.replace('http', 'ws')}/ws`;
    const tabs: { tab: Tab; user: number }[] = [];
    for (let i = 0; i < SOCKETS; i += 50) {
      const batch = Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) => (i + k) % USERS);
      tabs.push(...(await Promise.all(batch.map(async (user) => ({ tab: await Tab.open(wsUrl, seeded.tokens[user]!), user })))));
    }
    const idleMb = rssMb(child.pid!);
    console.log(`${SOCKETS} sockets signed in; server RSS ${idleMb.toFixed(0)} MB`);

    const stats = new Map<OpName, OpStats>(MIX.map(([name]) => [name, { latencies: [], errors: 0, firstError: null }]));
    const versions = new Map<string, number>();
    const randomOf = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
    const step = async (tab: Tab, user: number, n: number): Promise<void> => {
      const op = pick();
      const t = process.hrtime.bigint();
      let erred: string | null = null;
      try {
        if (op === 'read') {
          const r = await tab.request(`read/${randomOf(seeded.contacts)}`);
          // A PROTECTED contact of the other organisation is refused: that is the rule, not an error.
          if (r.erred && (r.b as { userMessage?: string }).userMessage !== 'notAllowed') erred = JSON.stringify(r.b);
        } else if (op === 'readMany') {
          const r = await tab.request(
            'readMany/object',
            Array.from({ length: 20 }, () => randomOf(seeded.contacts)),
          );
          if (r.erred) erred = JSON.stringify(r.b);
        } else if (op === 'search') {
          const q = Math.random() < 0.5 ? `family${Math.floor(Math.random() * 300)}` : randomOf(['lakeview', 'riverbend', 'given1']);
          const r = await tab.request('search/ids', { must: { q, _: 'Contact' }, facets: ['_related'], labels: true, max: 50 });
          if (r.erred) erred = JSON.stringify(r.b);
        } else if (op === 'watch') {
          if (tab.watching) await tab.request(`removeWatch/${tab.watching}`);
          tab.watching = randomOf(seeded.own[user]!);
          const r = await tab.request(`addWatch/${tab.watching}`);
          if (r.erred) erred = JSON.stringify(r.b);
        } else if (op === 'update') {
          const id = randomOf(seeded.own[user]!);
          const r = await tab.request('update', { $id: id, _u: versions.get(id) ?? 1, firstName: `Given ${n}` });
          const body = r.b as { _u?: number; userMessage?: string; current?: { _u?: number } };
          if (!r.erred) versions.set(id, body._u!);
          else if (body.userMessage === 'staleUpdate') {
            // Two tabs of one person saved the same record: the second learns the current version, as the app does.
            const current = await tab.request(`read/${id}`);
            versions.set(id, (current.b as Item)._u);
          } else erred = JSON.stringify(r.b);
        } else {
          await upload(url, seeded.tokens[user]!, n);
        }
      } catch (e) {
        erred = (e as Error).message;
      }
      const s = stats.get(op)!;
      s.latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (erred) {
        s.errors++;
        s.firstError ??= erred;
      }
    };

    const end = Date.now() + MINUTES * 60_000;
    const memory: string[] = [];
    let minute = 0;
    const sampler = setInterval(() => {
      minute++;
      const done = [...stats.values()].reduce((n, s) => n + s.latencies.length, 0);
      const line = `minute ${minute}: server RSS ${rssMb(child.pid!).toFixed(0)} MB, ${done} requests so far, load ${loadavg()[0]!.toFixed(1)}`;
      memory.push(line);
      console.log(line);
    }, 60_000);
    // The ping's floor: a bare ws echo server, pinged like the server at the same time, so that
    // both meet the same busy cores.
    echo = await startEchoServer();
    const probe = pingProbe(wsUrl, seeded.tokens[0]!, MINUTES * 60_000);
    const floorProbe = pingProbe(echo.wsUrl, null, MINUTES * 60_000);
    await Promise.all([probe.ready, floorProbe.ready]);
    const cores = EXPLAIN ? watchCores(child.pid!) : null;
    const think = (): Promise<void> => new Promise((r) => setTimeout(r, THINK_MS > 0 ? Math.random() * 2 * THINK_MS : 0));
    await Promise.all(
      tabs.map(async ({ tab, user }, ti) => {
        await think();
        for (let i = 0; Date.now() < end; i++) {
          await step(tab, user, ti * 1_000_000 + i);
          if (THINK_MS > 0) await think();
        }
      }),
    );
    clearInterval(sampler);
    const coresReport = cores?.report();
    const pushes = tabs.reduce((n, { tab }) => n + tab.pushes, 0);
    const total = [...stats.values()].reduce((n, s) => n + s.latencies.length, 0);
    const errors = [...stats.values()].reduce((n, s) => n + s.errors, 0);
    console.log(`\n| ${label} | requests | per s | p50 ms | p99 ms | errors |`);
    console.log('|---|---|---|---|---|---|');
    for (const [name, s] of stats) {
      s.latencies.sort((a, b) => a - b);
      console.log(
        `| ${name} | ${s.latencies.length} | ${(s.latencies.length / (MINUTES * 60)).toFixed(1)} | ${percentile(s.latencies, 50).toFixed(1)} | ${percentile(s.latencies, 99).toFixed(1)} | ${s.errors} |`,
      );
    }
    console.log(`| all | ${total} | ${(total / (MINUTES * 60)).toFixed(1)} | | | ${errors} |`);
    const pingTimes = (await probe.times).sort((a, b) => a - b);
    const floorTimes = (await floorProbe.times).sort((a, b) => a - b);
    const pingP99 = percentile(pingTimes, 99);
    const floorP99 = percentile(floorTimes, 99);
    console.log(
      `| ping (a probe's own socket, every 100 ms) | ${pingTimes.length} | ${(pingTimes.length / (MINUTES * 60)).toFixed(1)} | ${percentile(pingTimes, 50).toFixed(1)} | ${pingP99.toFixed(1)} | 0 |`,
    );
    console.log(
      `| ping floor (a bare ws echo server, pinged the same way at the same time) | ${floorTimes.length} | ${(floorTimes.length / (MINUTES * 60)).toFixed(1)} | ${percentile(floorTimes, 50).toFixed(1)} | ${floorP99.toFixed(1)} | 0 |`,
    );
    console.log(
      `pushes received: ${pushes}; server RSS after: ${rssMb(child.pid!).toFixed(0)} MB (after sign-in: ${idleMb.toFixed(0)} MB)`,
    );
    for (const [name, s] of stats) if (s.firstError) console.log(`first ${name} error: ${s.firstError.slice(0, 300)}`);
    console.log(`errors: ${errors} (goal 0) ${errors === 0 ? 'MET' : 'NOT MET'}`);
    console.log(
      `ping p99 under the load: ${pingP99.toFixed(1)} ms (goal under 5 ms) ${pingP99 < 5 ? 'MET' : 'NOT MET'}; ` +
        `a bare ws echo server's on this machine at the same time: ${floorP99.toFixed(1)} ms (${(pingP99 / floorP99).toFixed(1)}x the floor)`,
    );
    for (const { tab } of tabs) tab.ws.close();
    await server.stop();
    server = null;
    if (EXPLAIN) {
      console.log(coresReport);
      printLoopWatch(loopWatchFile);
      if (cluster) await printStatements(cluster.url);
    }
  } finally {
    echo?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dirname(loopWatchFile), { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  execFileSync('node', ['-e', "import('./esbuild.config.mjs').then((m) => m.buildServer())"], { cwd: root, stdio: 'inherit' });
  console.log(
    `Load benchmark: ${SOCKETS} sockets of ${USERS} users for ${MINUTES} min, think time 0..${2 * THINK_MS} ms, ` +
      `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
  );
  console.log(`mix: ${MIX.map(([n, w]) => `${n} ${w}%`).join(', ')}`);
  if (DRIVER === 'pglite' || DRIVER === 'both') await run('pglite', null);
  if (DRIVER === 'postgres' || DRIVER === 'both') {
    const cluster = await startPostgresCluster(
      EXPLAIN ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {},
    );
    try {
      if (EXPLAIN) await withClient(cluster.url, (c) => c.query('CREATE EXTENSION pg_stat_statements'));
      await run('postgres', cluster);
    } finally {
      await cluster.stop();
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
