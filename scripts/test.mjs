// npm test: type check, lint, build, then every jest project (unit, client, e2e, server on PGlite, server on PostgreSQL).
import { spawnSync } from 'node:child_process';
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

console.log('Type check...');
run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
// The shape of the code: formatting, the import rules, no import cycles, no floating promises (eslint.config.mjs).
console.log('Lint...');
run('npm', ['run', '--silent', 'lint']);
await buildServer();
// The e2e tests run the server as `npm start` does, which serves this bundle.
await buildClient();
run('npx', ['jest', '--ci', ...process.argv.slice(2)], { env });
