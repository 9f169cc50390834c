// npm test: type check, build, then every jest project (unit, server on PGlite, server on PostgreSQL).
import { spawnSync } from 'node:child_process';
import { buildServer } from '../esbuild.config.mjs';

// PGlite's CommonJS build loads its WASM with a dynamic import(), which jest's VM allows only with this flag.
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim() };

function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: options.env ?? process.env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

console.log('Type check...');
run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
await buildServer();
run('npx', ['jest', '--ci', ...process.argv.slice(2)], { env });
