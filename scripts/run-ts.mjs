// Runs a TypeScript script: bundles it with esbuild into .tmp/ and runs the result with the given arguments.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <script.ts> [args...]');
  process.exit(2);
}
const outfile = join(root, '.tmp', `${basename(entry, '.ts')}.cjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  logLevel: 'warning',
});
const res = spawnSync('node', [outfile, ...args], { stdio: 'inherit', cwd: root });
process.exit(res.status ?? 1);
