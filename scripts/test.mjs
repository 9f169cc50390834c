// npm test: type check, lint, build, then every jest project (unit, client, e2e, server on PGlite, server on PostgreSQL).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildClient, buildServer } from '../esbuild.config.mjs';

// PGlite's CommonJS build loads its WASM with a dynamic import(), which jest's VM allows only with this flag.
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
};

function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: options.env ?? process.env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// The end-to-end tests drive Debian's Chromium and the upload tests scan with ClamAV's daemon (with a
// signature database of their own, so no download): install either where it is missing and we may.
const NEEDED = [
  { path: '/usr/bin/chromium', pkg: 'chromium' },
  { path: '/usr/sbin/clamd', pkg: 'clamav-daemon' },
];
const missing = NEEDED.filter((n) => !existsSync(n.path));
if (missing.length) {
  const pkgs = missing.map((n) => n.pkg).join(' ');
  if (process.getuid?.() === 0) {
    console.log(`Installing ${pkgs} for the tests...`);
    run('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`]);
  } else {
    console.error(
      `${missing.map((n) => n.path).join(' and ')} missing and this user cannot install them: run "apt-get install ${pkgs}" as root.`,
    );
    process.exit(1);
  }
}

/** Runs a command with its output held back, then prints a line with its time and the output; answers its exit code. */
function runQuietly({ title, cmd, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      console.log(`${title}: ${code === 0 ? 'passed' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`);
      const text = Buffer.concat(out).toString().trim();
      if (text) console.log(text);
      resolve(code);
    });
  });
}

/** Runs the commands one after the other, all of them even after a failure; answers the first failure's code, or 0. */
async function runInTurn(commands) {
  let failed = 0;
  for (const command of commands) {
    const code = await runQuietly(command);
    if (code !== 0 && !failed) failed = code ?? 1;
  }
  return failed;
}

// The type check, and the shape of the code: formatting, the import rules, no import cycles, no floating
// promises (eslint.config.mjs); the same checks as `npm run typecheck` and `npm run lint`. The CI machine
// has 2 cores: the lint (about 90 s, one thread) has one, and the type check, the format check and the
// build (about 14, 37 and 30 s) take the other in turn; run side by side, they slowed one another and the
// lint took 150 s. The type check is TypeScript 7's native compiler (typescript-7 in package.json) on
// one thread: 14 s, where the TypeScript 5 that typescript-eslint needs takes 68 s. The e2e tests run
// the server as `npm start` does, which serves the built bundles.
console.log('Type check, format check, lint and build...');
const codes = await Promise.all([
  runQuietly({ title: 'Lint', cmd: 'npx', args: ['eslint', '.'] }),
  runInTurn([
    {
      title: 'Type check',
      cmd: process.execPath,
      args: ['node_modules/typescript-7/bin/tsc', '--noEmit', '-p', 'tsconfig.json', '--singleThreaded'],
    },
    { title: 'Format check', cmd: 'npx', args: ['prettier', '--check', '.'] },
  ]).then(async (code) => {
    await buildServer();
    await buildClient();
    return code;
  }),
]);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed ?? 1);
// Jest and its workers (which take node's flags from it) keep the embedded database's WebAssembly on V8's
// baseline compiler: its optimising tier re-compiles the database on every test server's start, which a
// short-lived server never earns back (test/support/serverProcess.ts, TEST_NODE_FLAGS).
run(process.execPath, ['--liftoff-only', 'node_modules/jest/bin/jest.js', '--ci', ...process.argv.slice(2)], { env });
