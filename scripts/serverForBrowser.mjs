// Starts the built server (dist/server/main.js) on a free port and a throw-away data directory, for the
// screenshot and benchmark scripts; resolves once it prints its address.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const ADMIN = { email: 'admin@example.org', password: 'correct horse battery staple' };
// As test/e2e/support/e2e.ts: the last flag keeps Chromium's own omnibox pages from loading beside every new window.
// The flags are the scripts' one list (chromiumArgs.json), which the TypeScript benchmarks read too.
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: JSON.parse(readFileSync(join(root, 'scripts/chromiumArgs.json'), 'utf8')),
};

/** A running server: its URL and a stop function that also removes its data. */
export async function startServer(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-script-'));
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (data) => {
      output += data.toString();
      const match = /is running at (http:\/\/\S+) on/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('://localhost', '://127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
