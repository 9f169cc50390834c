// npm run machines: writes every machine's definition as JSON (dist/machines/*.json) for the XState visualiser.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist/machines');

function machineFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(path);
    return /Machine\.ts$/.test(entry.name) ? [path] : [];
  });
}

const files = machineFiles(join(root, 'machines'));
// One bundle that re-exports every machine file, so the TypeScript sources need no loader.
const entry = files.map((file, i) => `export * as m${i} from ${JSON.stringify(file)};`).join('\n');
const tmp = join(root, 'dist/.tmp/machines.mjs');
mkdirSync(dirname(tmp), { recursive: true });
await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  outfile: tmp,
  bundle: true,
  format: 'esm',
  platform: 'node',
  logLevel: 'warning',
});
const modules = await import(pathToFileURL(tmp).href);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
let count = 0;
files.forEach((file, i) => {
  for (const [name, value] of Object.entries(modules[`m${i}`])) {
    // A machine is what createMachine returned: it has a definition and a root state node.
    if (!value || typeof value !== 'object' || !('definition' in value) || typeof value.toJSON !== 'function') continue;
    writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(value.toJSON(), null, 2)}\n`);
    console.log(`${relative(root, file)} -> dist/machines/${name}.json`);
    count += 1;
  }
});
console.log(`${count} machine definitions written; paste one into https://stately.ai/registry/new or load it with @statelyai/inspect.`);
