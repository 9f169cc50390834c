import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The worker's file name in the server bundle (esbuild.config.mjs builds it beside main.js). */
const BUNDLED = 'pgliteWorker.js';

let built: Promise<string> | null = null;

/** The project root above `dir`: the nearest folder with a package.json. */
function projectRoot(dir: string): string | null {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return null;
  }
}

/**
 * The script the embedded database's worker thread runs. The server bundle (dist/server) carries
 * it beside main.js. Run from TypeScript source (jest, scripts/run-ts.mjs), a worker cannot load
 * .ts, so src/server/db/pgliteWorker.ts is bundled with esbuild into the project's .tmp/, named by
 * its content so that parallel test processes share one file; inside the project, node_modules
 * (PGlite and its WASM) resolve as from the bundle.
 */
export function pgliteWorkerFile(): Promise<string> {
  const bundled = join(__dirname, BUNDLED);
  if (existsSync(bundled)) return Promise.resolve(bundled);
  built ??= (async () => {
    const here = existsSync(join(__dirname, 'pgliteWorker.ts')) ? __dirname : null;
    const root = projectRoot(__dirname);
    const source = here ? join(here, 'pgliteWorker.ts') : root ? join(root, 'src/server/db/pgliteWorker.ts') : null;
    if (!source || !root || !existsSync(source))
      throw new Error(`The embedded database's worker script is missing: build the server (npm run build)`);
    // esbuild is a development dependency: only source runs come here.
    const { build } = await import('esbuild');
    const out = await build({
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      write: false,
      logLevel: 'warning',
    });
    const code = out.outputFiles[0]!.contents;
    const file = join(root, '.tmp', `pgliteWorker-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.cjs`);
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return file;
  })();
  built.catch(() => {
    built = null;
  });
  return built;
}
