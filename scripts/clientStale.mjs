// Whether the browser bundle is missing or older than any of its sources.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// src/modules: a module's screens, labels and messages (compiled into the bundle's message ASTs) are in it too.
const SOURCES = [
  'src/client',
  'src/shared',
  'src/modules',
  'machines',
  'public',
  'tailwind.config.js',
  'esbuild.config.mjs',
  'package.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/public/manifest.json is missing, from a development build, or older than a source file. */
export function clientStale(root) {
  const manifest = join(root, 'dist/public/manifest.json');
  if (!existsSync(manifest)) return true;
  try {
    if (JSON.parse(readFileSync(manifest, 'utf8')).minified !== true) return true;
  } catch {
    return true;
  }
  const built = statSync(manifest).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}
