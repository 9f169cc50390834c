/**
 * Contention benchmark (issue 19, finding 6): while N sockets search and update as fast as the
 * server answers them (one request in flight each), one more socket, in a process of its own,
 * pings every 20 ms. Prints the ping's p50/p99/max and each operation's throughput and latency, on
 * PGlite and on a throwaway PostgreSQL. The goal is ping p99 under 5 ms on PGlite: a busy database must not hold up the
 * server's event loop. The server runs as its own process (dist/server, as `npm start` runs it).
 *
 *   node scripts/run-ts.mjs scripts/benchContention.ts [--sockets 40] [--seconds 10] [--items 2000] [--driver pglite|postgres|both]
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { percentile, profileArgs, signInToken, startBuiltServer } from './benchSupport';
import { startPostgresCluster, type PostgresCluster } from './postgresCluster';

const root = resolve(__dirname, '..');
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SOCKETS = Number(arg('sockets', '40'));
const SECONDS = Number(arg('seconds', '10'));
const ITEMS = Number(arg('items', '2000'));
const DRIVER = arg('driver', 'both');
const PING_EVERY_MS = 20;
const ADMIN = { email: 'bench@knowledgekeeper.local', password: 'benchmark password 1' };
const WORDS = ['river', 'cedar', 'salmon', 'granite', 'willow', 'heron', 'prairie', 'glacier', 'birch', 'otter'];

/** Latencies of one kind of request, in ms. */
interface Series {
  name: string;
  ms: number[];
}

/** A signed-in socket with requests matched to replies by sequence number. */
class Client {
  private seq = 0;
  private readonly waiting = new Map<number, (frame: { erred?: boolean; b?: unknown }) => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const frame = JSON.parse(d.toString()) as { s?: number; erred?: boolean; b?: unknown };
      if (frame.s === undefined) return;
      this.waiting.get(frame.s)?.(frame);
      this.waiting.delete(frame.s);
    });
  }

  static async open(url: string, token: string): Promise<Client> {
    const ws = new WebSocket(url);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    const authed = new Promise((r) => ws.once('message', r));
    ws.send(JSON.stringify({ o: 'tokenAuth', b: token, v: 'bench' }));
    await authed;
    return new Client(ws);
  }

  /** Sends a request; answers its reply body, throwing on an erred reply. */
  call<T>(o: string, b?: unknown): Promise<T> {
    const s = ++this.seq;
    return new Promise((resolveReply, reject) => {
      this.waiting.set(s, (f) => (f.erred ? reject(new Error(`${o}: ${JSON.stringify(f.b)}`)) : resolveReply(f.b as T)));
      this.ws.send(JSON.stringify({ o, s, b }));
    });
  }
}

async function timed<T>(series: Series, work: () => Promise<T>): Promise<T> {
  const t = process.hrtime.bigint();
  const result = await work();
  series.ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  return result;
}

/**
 * Pings from a process of its own every PING_EVERY_MS until `end`; answers the round trips in ms.
 * In this process the replies of the searching sockets would delay the ping's own, and the figure
 * is the server's.
 */
function pingFromOwnProcess(wsUrl: string, token: string, end: number): Promise<number[]> {
  const code = `const WebSocket = require('ws');
    const ws = new WebSocket(process.env.WS_URL);
    const ms = []; let sentAt = 0; let s = 0;
    const next = () => { if (Date.now() >= Number(process.env.END)) { console.log(JSON.stringify(ms)); ws.close(); return; }
      sentAt = performance.now(); ws.send(JSON.stringify({ o: 'ping', s: ++s })); };
    ws.on('open', () => ws.send(JSON.stringify({ o: 'tokenAuth', b: process.env.TOKEN, v: 'bench' })));
    ws.on('message', (d) => { const f = JSON.parse(d.toString());
      if (f.o === 'authed') return next();
      if (f.o === 'ping' && f.s === s) { ms.push(performance.now() - sentAt); setTimeout(next, ${PING_EVERY_MS}); } });`;
  const child = spawn('node', ['-e', code], {
    cwd: root,
    env: { ...process.env, WS_URL: wsUrl, TOKEN: token, END: String(end) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolveMs, reject) =>
    child.once('exit', (code) => (code === 0 ? resolveMs(JSON.parse(out) as number[]) : reject(new Error(`pinger exited with ${code}`)))),
  );
}

async function run(driver: 'pglite' | 'postgres', cluster: PostgresCluster | null): Promise<Series[]> {
  const server = await startBuiltServer({
    admin: ADMIN,
    env: { KK_QUIET: '1', ...(driver === 'postgres' ? { DATABASE_URL: cluster!.url } : {}) },
    nodeArgs: profileArgs(),
  });
  try {
    const { url } = server;
    const token = await signInToken(url, ADMIN);
    const wsUrl = `${url.replace('http', 'ws')}/ws`;
    const clients = await Promise.all(Array.from({ length: SOCKETS }, () => Client.open(wsUrl, token)));

    // Items to search among, made by every socket at once; each updater keeps one of them.
    const made: { $id: string; _u: number }[] = [];
    await Promise.all(
      clients.map(async (c, n) => {
        for (let i = n; i < ITEMS; i += clients.length) {
          const w = (k: number) => WORDS[(i * 7 + k) % WORDS.length]!;
          made.push(
            await c.call('create/Contact', { firstName: `${w(1)} ${w(2)}`, lastName: `${w(3)}${i}`, email: `c${i}@bench.example` }),
          );
        }
      }),
    );

    const label = driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const ping: Series = { name: `ping every ${PING_EVERY_MS} ms (${label})`, ms: [] };
    const search: Series = { name: `search/ids, free text + 2 facets (${label})`, ms: [] };
    const update: Series = { name: `update (${label})`, ms: [] };
    const end = Date.now() + SECONDS * 1000;
    const searchers = clients.slice(0, Math.ceil(clients.length / 2));
    const updaters = clients.slice(searchers.length);
    const pinged = pingFromOwnProcess(wsUrl, token, end);
    await Promise.all([
      pinged.then((ms) => ping.ms.push(...ms)),
      ...searchers.map(async (c, n) => {
        for (let i = n; Date.now() < end; i++) {
          const q = WORDS[i % WORDS.length]!;
          await timed(search, () => c.call('search/ids', { must: { q }, facets: ['_', 'created'], max: 50, labels: true }));
        }
      }),
      ...updaters.map(async (c, n) => {
        const item = made[n]!;
        for (let i = 0; Date.now() < end; i++) {
          const reply = await timed(update, () =>
            c.call<{ _u: number }>('update', { $id: item.$id, _u: item._u, firstName: `cedar ${i}` }),
          );
          item._u = reply._u;
        }
      }),
    ]);
    for (const c of clients) c.ws.close();
    return [ping, search, update];
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  execFileSync('node', ['-e', "import('./esbuild.config.mjs').then((m) => m.buildServer())"], { cwd: root, stdio: 'inherit' });
  console.log(
    `Contention benchmark: ${SOCKETS} sockets searching and updating over ${ITEMS} items, one more pinging every ${PING_EVERY_MS} ms, ${SECONDS} s, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
  );
  const results: Series[] = [];
  if (DRIVER === 'pglite' || DRIVER === 'both') results.push(...(await run('pglite', null)));
  if (DRIVER === 'postgres' || DRIVER === 'both') {
    const cluster = await startPostgresCluster();
    try {
      results.push(...(await run('postgres', cluster)));
    } finally {
      await cluster.stop();
    }
  }
  console.log('\n| measurement | requests/s | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|');
  for (const r of results) {
    const sorted = [...r.ms].sort((a, b) => a - b);
    console.log(
      `| ${r.name} | ${(sorted.length / SECONDS).toFixed(0)} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 99).toFixed(2)} | ${(sorted.at(-1) ?? NaN).toFixed(2)} |`,
    );
  }
  for (const r of results.filter((x) => x.name.startsWith('ping') && x.name.includes('PGlite'))) {
    const p99 = percentile(
      [...r.ms].sort((a, b) => a - b),
      99,
    );
    console.log(`${r.name}: p99 ${p99.toFixed(2)} ms (goal: under 5 ms) ${p99 < 5 ? 'MET' : 'NOT MET'}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
