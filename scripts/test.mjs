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

/** Runs the commands side by side (the CI machine has 2 cores), printing each one's output when it ends; exits on any failure. */
async function runSideBySide(commands) {
  const results = await Promise.all(
    commands.map(
      ({ title, cmd, args }) =>
        new Promise((resolve) => {
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
        }),
    ),
  );
  const failed = results.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed ?? 1);
}

// The type check, and the shape of the code: formatting, the import rules, no import cycles, no floating
// promises (eslint.config.mjs); the same checks as `npm run typecheck` and `npm run lint`, side by side.
// The type check is TypeScript 7's native compiler (typescript-7 in package.json): 19 s where the
// TypeScript 5 that typescript-eslint needs takes 68 s.
console.log('Type check, format check and lint...');
await Promise.all([
  runSideBySide([
    { title: 'Type check', cmd: process.execPath, args: ['node_modules/typescript-7/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
    { title: 'Format check and lint', cmd: 'sh', args: ['-c', 'npx prettier --check . && npx eslint .'] },
  ]),
  // Built meanwhile: the lint outlasts the type check, with a core to spare. The e2e
  // tests run the server as `npm start` does, which serves these bundles.
  buildServer().then(() => buildClient()),
]);
// Jest and its workers (which take node's flags from it) keep the embedded database's WebAssembly on V8's
// baseline compiler: its optimising tier re-compiles the database on every test server's start, which a
// short-lived server never earns back (test/support/serverProcess.ts, TEST_NODE_FLAGS).
run(process.execPath, ['--liftoff-only', 'node_modules/jest/bin/jest.js', '--ci', ...process.argv.slice(2)], { env });
