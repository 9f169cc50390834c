import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ADMIN } from './testServer';

const root = resolve(__dirname, '..', '..');
const entry = join(root, 'dist', 'server', 'main.js');

/** A server running as its own process, as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  wsUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every process this test file started; a failed test must not leave one running (it would hold jest open). */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function ensureBuilt(): void {
  if (!existsSync(entry)) execFileSync('node', [join(root, 'esbuild.config.mjs')], { cwd: root, stdio: 'inherit' });
}

/** Starts `node dist/server/main.js` (or another bundle of it, `script`) with `env`; resolves once it prints its URL. */
export async function startServerProcess(env: Record<string, string>, script = entry): Promise<ServerProcess> {
  const p = spawnServerProcess(env, script);
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      p.child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${p.output()}`));
    }, 60_000);
    const onData = () => {
      const m = /is running at (http:\/\/\S+) on/.exec(p.output());
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!.replace('://localhost', '://127.0.0.1'));
      }
    };
    p.child.stdout!.on('data', onData);
    void p.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${p.output()}`));
    });
  });
  return { ...p, url, wsUrl: `${url.replace(/^http/, 'ws')}/ws` };
}

/**
 * V8 flags of the server processes the tests start: the embedded database's WebAssembly stays on V8's
 * baseline compiler (Liftoff). Its optimising tier re-compiles the database's large module on every
 * start, which a short-lived test server never earns back: opening a copied database and 2,000 queries
 * take 3.0 s of CPU instead of 6.0 s. The tests' own processes run with the same flag (scripts/test.mjs).
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];

/** Spawns the server without waiting (to watch it refuse to start). */
export function spawnServerProcess(env: Record<string, string>, script = entry): Omit<ServerProcess, 'url' | 'wsUrl'> {
  if (script === entry) ensureBuilt();
  const child = spawn('node', [...TEST_NODE_FLAGS, script], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '0',
      ...(process.env.PASSWORD_SCRYPT_COST ? { PASSWORD_SCRYPT_COST: process.env.PASSWORD_SCRYPT_COST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/** Waits until the process has printed something matching `pattern`; answers the match. */
export async function waitForOutput(p: Pick<ServerProcess, 'output'>, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = pattern.exec(p.output());
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
