/**
 * What the benchmark scripts share: percentiles, waiting for a child process to say something, the
 * built server as a process of its own and an administrator's token from it, headless Chromium,
 * seeding items in bulk, a process's resident memory, and a signed-in socket (a tab).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import WebSocket from 'ws';
import chromiumArgs from './chromiumArgs.json';
import type { Database } from '../src/server/db/Database';
import type { ItemData } from '../src/shared/items/types';

/**
 * Node's arguments for a benchmarked server: with BENCH_PROFILE_DIR=dir, each of its threads writes
 * its CPU profile there (the event loop's and the embedded database's), for --cpu-prof readers.
 */
export const profileArgs = (): string[] =>
  process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];

/** The `p`th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Waits for a child process to print a line matching `pattern`; answers the match. */
export function waitFor(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolveMatch, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) resolveMatch(m);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

// The scripts run as bundles in .tmp/ (scripts/run-ts.mjs), one folder below the checkout.
const root = resolve(__dirname, '..');

/** The administrator a benchmark's server is started with. */
export interface BenchAdmin {
  email: string;
  password: string;
}

export interface BuiltServerOptions {
  admin: BenchAdmin;
  /** Its data directory (the caller's, left in place); by default a fresh one, removed on `stop`. */
  dataDir?: string;
  /** Node's own flags before the script (a CPU profile). */
  nodeArgs?: string[];
  /** More environment (DATABASE_URL, limits); no demo data unless SEED_DEMO says so. */
  env?: Record<string, string>;
}

/** A running server: its address, its process (for its memory) and how to end it. */
export interface BuiltServer {
  url: string;
  child: ChildProcess;
  /** Ends the process (SIGTERM, waiting for it) and removes the data directory it was given none of. */
  stop(): Promise<void>;
}

/** The built server (dist/server/main.js) as a process of its own, as in production, on a free port of 127.0.0.1. */
export async function startBuiltServer({ admin, dataDir, nodeArgs = [], env = {} }: BuiltServerOptions): Promise<BuiltServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'kk-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dir,
      SEED_DEMO: '0',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const match = await waitFor(child, /is running at (http:\/\/\S+) on/);
    return { url: match[1]!.replace('://localhost', '://127.0.0.1'), child, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * A bare `ws` server in a process of its own that sends every frame back: the floor a benchmark sets
 * the server's round trips beside. Answers its address and how to end it.
 */
export async function startEchoServer(): Promise<{ wsUrl: string; stop: () => void }> {
  const code = `const { WebSocketServer } = require('ws');
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 }, () => console.log('port ' + wss.address().port));
    wss.on('connection', (s) => s.on('message', (m) => s.send(m.toString())));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const port = (await waitFor(child, /port (\d+)/))[1]!;
    return { wsUrl: `ws://127.0.0.1:${port}`, stop: () => child.kill() };
  } catch (e) {
    child.kill();
    throw e;
  }
}

/** Signs `admin` in over HTTP; answers the token (the `x-vgn-token` header). */
export async function signInToken(url: string, admin: BenchAdmin): Promise<string> {
  const res = await fetch(`${url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const token = res.headers.get('x-vgn-token');
  if (!token) throw new Error(`sign-in failed: ${res.status}`);
  return token;
}

/** Headless Chromium with the scripts' flags (chromiumArgs.json, as test/e2e/support/e2e.ts's: the last keeps its omnibox pages from loading). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs, headless: true });
}

/** Bulk rows into `items`: one statement per 2,000 rows. */
export function bulkWriter(db: Database) {
  const rows: unknown[][] = [];
  const flush = async (): Promise<void> => {
    if (rows.length === 0) return;
    const col = (n: number) => rows.map((r) => r[n]);
    await db.query(
      `INSERT INTO items (id, type, idx, u, data, label, access, owner_org, created_at, created_by, updated_at)
       SELECT id, type, idx, 1, data::jsonb, label, access, owner_org, created_at, created_by, updated_at
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::timestamptz[], $9::text[], $10::timestamptz[])
         AS t(id, type, idx, data, label, access, owner_org, created_at, created_by, updated_at)`,
      Array.from({ length: 10 }, (_, n) => col(n)),
    );
    rows.length = 0;
  };
  const add = async (
    type: string,
    idx: number,
    data: ItemData,
    label: string,
    access: string,
    ownerOrg: string | null,
    created: number,
    by: string | null,
    updated = created,
  ): Promise<string> => {
    const id = `${type}-${idx}`;
    rows.push([
      id,
      type,
      idx,
      JSON.stringify(data),
      label,
      access,
      ownerOrg,
      new Date(created).toISOString(),
      by,
      new Date(updated).toISOString(),
    ]);
    if (rows.length >= 2000) await flush();
    return id;
  };
  return { add, flush };
}

/** The server process's resident memory in MB (Linux). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** One tab: a socket that matches replies by sequence number and counts pushes. */
export class Tab {
  private seq = 0;
  private readonly pending = new Map<number, (frame: { erred?: boolean; b?: unknown }) => void>();
  pushes = 0;
  /** Called with every push (a frame that answers no request) as it arrives. */
  onPush: ((frame: { o?: string; b?: unknown }) => void) | null = null;
  watching: string | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { o?: string; s?: number; erred?: boolean; b?: unknown };
      const resolveReply = frame.s === undefined ? undefined : this.pending.get(frame.s);
      if (resolveReply) {
        this.pending.delete(frame.s!);
        resolveReply(frame);
      } else {
        this.pushes++;
        this.onPush?.(frame);
      }
    });
  }
  static async open(wsUrl: string, token: string): Promise<Tab> {
    const ws = new WebSocket(wsUrl);
    await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
    const authed = new Promise((r) => ws.once('message', r));
    ws.send(JSON.stringify({ o: 'tokenAuth', b: token, v: 'load' }));
    await authed;
    return new Tab(ws);
  }
  request(o: string, b?: unknown): Promise<{ erred?: boolean; b?: unknown }> {
    const s = ++this.seq;
    return new Promise((r) => {
      this.pending.set(s, r);
      this.ws.send(JSON.stringify(b === undefined ? { o, s } : { o, b, s }));
    });
  }
}
