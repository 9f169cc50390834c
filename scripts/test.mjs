// npm test: type check, build, then every jest project (unit, client, e2e, server on PGlite, server on PostgreSQL).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildClient, buildServer } from '../esbuild.config.mjs';

// PGlite's CommonJS build loads its WASM with a dynamic import(), which jest's VM allows only with this flag.
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim() };

function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: options.env ?? process.env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// The end-to-end tests drive Debian's Chromium; install it where it is missing and we may.
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Installing Chromium for the end-to-end tests...');
    run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
  } else {
    console.error(`${CHROMIUM} is missing and this user cannot install it: run "apt-get install chromium" as root.`);
    process.exit(1);
  }
}

console.log('Type check...');
run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
await buildServer();
// The e2e tests run the server as `npm start` does, which serves this bundle.
await buildClient();
run('npx', ['jest', '--ci', ...process.argv.slice(2)], { env });
