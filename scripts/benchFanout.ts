/**
 * Fan-out and idle-socket memory benchmark: signed-in sockets that each watch one contact; one update
 * of it, pushed to every watcher. Prints, beside its floor (a bare `ws` server doing the same on this
 * machine):
 * - the time from sending the update to the last watcher's push, p50 and p99 over `--updates`
 *   updates (the floor: a broadcast of a frame of the push's size to as many sockets);
 * - the server's resident memory per idle signed-in watching socket: the growth from half of the
 *   sockets to all of them, each reading taken once settled and after a full garbage collection
 *   (asked through the inspector), so that garbage not yet collected is not counted (the floor: per
 *   idle socket, read the same way).
 *
 *   node scripts/run-ts.mjs scripts/benchFanout.ts [--watchers 1000,10000] [--updates 30] [--users 50]
 *     [--driver pglite|postgres|both]
 *
 * BENCH_PROFILE_DIR=dir writes the server's CPU profiles there, as in the other benchmarks.
 *
 * The watchers share their user's token as a person's tabs do. The server and the floor run as
 * processes of their own; the watching sockets live in this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { createServer } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { Push } from '../src/shared/protocol/frame';
import { percentile, profileArgs, rssMb, Tab, waitFor } from './benchSupport';
import { startPostgresCluster, type PostgresCluster } from './postgresCluster';

const root = resolve(__dirname, '..');
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const WATCHERS = arg('watchers', '1000,10000').split(',').map(Number);
const UPDATES = Number(arg('updates', '30'));
const USERS = Number(arg('users', '50'));
const DRIVER = arg('driver', 'both');
const ADMIN = { email: 'fanout@knowledgekeeper.local', password: 'fan-out benchmark password 1' };
/** The goals of issue 20: p99 to the last push, and memory per idle watching socket. */
const GOAL_MS: Record<number, number> = { 1000: 20, 10000: 100 };
const GOAL_KB = 15;

interface Seeded {
  adminToken: string;
  tokens: string[];
  contact: string;
}

/** Writes the users (members of one community) and the contact they all watch; answers their tokens. */
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
    const org = await services.items.create(
      admin,
      'Organization',
      { displayName: 'Lakeview Fan-out Nation', type: 'COMMUNITY' },
      { admin: true },
    );
    const contact = await services.items.create(
      admin,
      'Contact',
      { firstName: 'Mary', lastName: 'Watched', _related: [{ id: org.id }], $access: 'COMMUNITY' },
      { admin: true },
    );
    const tokens: string[] = [];
    for (let u = 0; u < USERS; u++) {
      const id = await services.accounts.createUser({
        name: `Watcher ${u}`,
        email: `watcher${u}@example.org`,
        password: `watcher password ${u}`,
        admin: false,
      });
      await services.accounts.setMembership(id, org.id, { write: false });
      tokens.push((await services.tokens.issue(id)).token);
    }
    return { adminToken: (await services.tokens.issue(adminId)).token, tokens, contact: contact.id };
  } finally {
    await server.close();
  }
}

/** A new empty database `name` in `cluster`; answers its URL. */
async function freshDatabase(cluster: PostgresCluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Opens `count` sockets 100 at a time. */
async function openMany<T>(count: number, open: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += 100)
    out.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)))));
  return out;
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 2000));

/**
 * The inspector of a child started with `--inspect=127.0.0.1:0`: `collect()` runs a full garbage
 * collection in it and in each of its worker threads (the embedded database's), so that a memory
 * reading counts what is held and not garbage not yet collected (the sign-in's answers, the opening
 * handshakes, the database thread's messages), which made the figure move by several KB a socket
 * from run to run.
 */
async function inspector(child: ChildProcess): Promise<{ collect(): Promise<void>; close(): void }> {
  const url = await new Promise<string>((resolveUrl, reject) => {
    let err = '';
    const onData = (d: Buffer) => {
      err += d.toString();
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        child.stderr!.off('data', onData);
        resolveUrl(m[1]!);
      }
    };
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${err}`)));
  });
  const ws = new WebSocket(url);
  await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
  type Message = { id?: number; method?: string; params?: { sessionId?: string; message?: string } };
  const workers = new Set<string>();
  const answered = new Map<string, () => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Message;
    if (m.method === 'NodeWorker.attachedToWorker') workers.add(m.params!.sessionId!);
    else if (m.method === 'NodeWorker.detachedFromWorker') workers.delete(m.params!.sessionId!);
    else if (m.method === 'NodeWorker.receivedMessageFromWorker') {
      const inner = JSON.parse(m.params!.message!) as Message;
      if (inner.id !== undefined) answered.get(`${m.params!.sessionId}:${inner.id}`)?.();
    } else if (m.id !== undefined) answered.get(`main:${m.id}`)?.();
  });
  let id = 0;
  const answer = (key: string): Promise<void> => new Promise((r) => answered.set(key, () => (answered.delete(key), r())));
  const call = (method: string, params: object = {}): Promise<void> => {
    const mine = ++id;
    const done = answer(`main:${mine}`);
    ws.send(JSON.stringify({ id: mine, method, params }));
    return done;
  };
  const callWorker = (sessionId: string, method: string): Promise<void> => {
    const mine = ++id;
    const done = answer(`${sessionId}:${mine}`);
    const message = JSON.stringify({ id: mine, method });
    ws.send(JSON.stringify({ id: ++id, method: 'NodeWorker.sendMessageToWorker', params: { sessionId, message } }));
    return done;
  };
  await call('NodeWorker.enable', { waitForDebuggerOnStart: false });
  return {
    collect: async () => {
      await call('HeapProfiler.collectGarbage');
      for (const sessionId of workers) await callWorker(sessionId, 'HeapProfiler.collectGarbage');
    },
    close: () => ws.close(),
  };
}

/**
 * The figure per idle socket beside its goal. Resident memory that fell while sockets were added
 * (memory given back to the system meanwhile) measures nothing, and is said so rather than called met.
 */
function memoryVerdict(kbPerSocket: number): string {
  if (kbPerSocket < 0) return `${kbPerSocket.toFixed(1)}: not measured, the resident memory fell (run again)`;
  return `${kbPerSocket.toFixed(1)} (goal ${GOAL_KB} ${kbPerSocket < GOAL_KB ? 'MET' : 'NOT MET'})`;
}

/** Resident memory of `pid` once it has settled and collected its garbage, in KB. */
async function settledRssKb(pid: number, collect: () => Promise<void>): Promise<number> {
  await settle();
  await collect();
  await settle();
  return rssMb(pid) * 1024;
}

interface Figures {
  p50: number;
  p99: number;
  kbPerSocket: number;
}

/**
 * Times `rounds` fan-outs: `send()` starts one (and settles once its sender may send the next), every
 * socket's `arrived` is awaited; answers the times to the last arrival, ascending.
 */
async function timeFanOuts(
  rounds: number,
  sockets: number,
  send: (round: number) => Promise<void>,
  onArrival: (cb: () => void) => void,
): Promise<number[]> {
  const times: number[] = [];
  let pending = 0;
  let done: ((at: bigint) => void) | null = null;
  onArrival(() => {
    if (--pending === 0) done?.(process.hrtime.bigint());
  });
  for (let round = 0; round < rounds; round++) {
    const all = new Promise<bigint>((r) => (done = r));
    pending = sockets;
    const t = process.hrtime.bigint();
    // The last push can come before the update's own answer, which brings the version the next
    // update is made from: the next round waits for both, and the time is the last push's.
    const [last] = await Promise.all([all, send(round)]);
    times.push(Number(last - t) / 1e6);
  }
  return times.sort((a, b) => a - b);
}

/** The floor: a bare ws server that broadcasts what it is sent to every other socket. */
async function floor(watchers: number, frameBytes: number): Promise<Figures> {
  const code = `
    const { WebSocketServer } = require('ws');
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => console.log('listening on ' + wss.address().port));
    wss.on('connection', (ws) => ws.on('message', (data) => { for (const c of wss.clients) if (c !== ws) c.send(data.toString()); }));`;
  const child = spawn('node', ['--inspect=127.0.0.1:0', '-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const heap = await inspector(child);
  try {
    const port = (await waitFor(child, /listening on (\d+)/))[1]!;
    const url = `ws://127.0.0.1:${port}`;
    const open = async (): Promise<WebSocket> => {
      const ws = new WebSocket(url);
      await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
      return ws;
    };
    const sender = await open();
    const half = Math.floor(watchers / 2);
    const sockets = await openMany(half, open);
    const before = await settledRssKb(child.pid!, heap.collect);
    sockets.push(...(await openMany(watchers - half, open)));
    const kbPerSocket = ((await settledRssKb(child.pid!, heap.collect)) - before) / (watchers - half);
    heap.close();
    const payload = 'x'.repeat(frameBytes);
    const times = await timeFanOuts(
      UPDATES,
      watchers,
      async () => sender.send(payload),
      (cb) => {
        for (const ws of sockets) ws.on('message', cb);
      },
    );
    for (const ws of [sender, ...sockets]) ws.close();
    return { p50: percentile(times, 50), p99: percentile(times, 99), kbPerSocket };
  } finally {
    child.kill('SIGTERM');
  }
}

async function run(driver: 'pglite' | 'postgres', cluster: PostgresCluster | null): Promise<void> {
  const label = driver === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL';
  console.log(`\n## ${label}`);
  console.log('| watchers | to last push p50 ms | p99 ms | goal p99 | floor p50 / p99 ms | KB per idle watching socket | floor KB |');
  console.log('|---|---|---|---|---|---|---|');
  for (const watchers of WATCHERS) {
    const dataDir = mkdtempSync(join(tmpdir(), 'kk-fanout-'));
    let child: ChildProcess | null = null;
    try {
      const databaseUrl = cluster ? await freshDatabase(cluster, `fanout_${watchers}`) : null;
      const seeded = await seed(dataDir, databaseUrl);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SOCKET_RATE_PER_SECOND: '1000000000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      };
      child = spawn('node', ['--inspect=127.0.0.1:0', ...profileArgs(), join(root, 'dist/server/main.js')], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const heap = await inspector(child);
      const url = (await waitFor(child, /is running at (http:\/\/\S+) on/))[1]!.replace('localhost', '127.0.0.1');
      const wsUrl = `${url.replace('http', 'ws')}/ws`;
      const editor = await Tab.open(wsUrl, seeded.adminToken);
      await editor.request(`read/${seeded.contact}`);
      const watcher = async (i: number): Promise<Tab> => {
        const tab = await Tab.open(wsUrl, seeded.tokens[i % seeded.tokens.length]!);
        const r = await tab.request(`addWatch/${seeded.contact}`);
        if (r.erred) throw new Error(`addWatch refused: ${JSON.stringify(r.b)}`);
        return tab;
      };
      // Memory per socket: the growth from the first half of the sockets to all of them, so the
      // start-up's own garbage and first allocations are not counted as the sockets'.
      const half = Math.floor(watchers / 2);
      const tabs = await openMany(half, watcher);
      const before = await settledRssKb(child.pid!, heap.collect);
      tabs.push(...(await openMany(watchers - half, (i) => watcher(half + i))));
      const kbPerSocket = ((await settledRssKb(child.pid!, heap.collect)) - before) / (watchers - half);
      heap.close();
      let u = ((await editor.request(`read/${seeded.contact}`)).b as { _u: number })._u;
      let frameBytes = 0;
      const times = await timeFanOuts(
        UPDATES,
        watchers,
        async (round) => {
          const r = await editor.request('update', { $id: seeded.contact, _u: u, firstName: `Mary ${round}` });
          if (r.erred) throw new Error(`update refused: ${JSON.stringify(r.b)}`);
          u = (r.b as { _u: number })._u;
        },
        (cb) => {
          for (const tab of tabs)
            tab.onPush = (frame) => {
              if (frame.o !== Push.itemUpdate) return;
              frameBytes ||= JSON.stringify(frame).length;
              cb();
            };
        },
      );
      for (const tab of [editor, ...tabs]) tab.ws.close();
      const base = await floor(watchers, frameBytes);
      const p99 = percentile(times, 99);
      const goal = GOAL_MS[watchers];
      console.log(
        `| ${watchers} | ${percentile(times, 50).toFixed(1)} | ${p99.toFixed(1)} | ${goal ? `${goal} ${p99 < goal ? 'MET' : 'NOT MET'}` : '-'} | ` +
          `${base.p50.toFixed(1)} / ${base.p99.toFixed(1)} | ${memoryVerdict(kbPerSocket)} | ${base.kbPerSocket.toFixed(1)} |`,
      );
    } finally {
      if (child) {
        child.kill('SIGTERM');
        await new Promise((r) => child!.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function main(): Promise<void> {
  const { execFileSync } = await import('node:child_process');
  execFileSync('node', ['-e', "import('./esbuild.config.mjs').then((m) => m.buildServer())"], { cwd: root, stdio: 'inherit' });
  console.log(
    `Fan-out benchmark: ${WATCHERS.join(' and ')} watchers of ${USERS} users, ${UPDATES} updates each, ` +
      `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
  );
  if (DRIVER === 'pglite' || DRIVER === 'both') await run('pglite', null);
  if (DRIVER === 'postgres' || DRIVER === 'both') {
    const cluster = await startPostgresCluster();
    try {
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
