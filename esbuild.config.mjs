// Builds the server bundle (dist/server) and the browser bundle (dist/public).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { basename, dirname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = dirname(fileURLToPath(import.meta.url));
const publicOut = join(root, 'dist/public');

/**
 * Bundles src/server/main.ts for Node, and beside it the embedded database's worker thread
 * (pgliteWorker.js, which src/server/db/pgliteWorkerFile.ts looks for); dependencies stay in node_modules.
 */
export async function buildServer() {
  await build({
    entryPoints: { main: join(root, 'src/server/main.ts'), pgliteWorker: join(root, 'src/server/db/pgliteWorker.ts') },
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

const hashOf = (content) => createHash('sha256').update(content).digest('base64url').slice(0, 10);

/** Builds the Tailwind CSS from src/client/styles/main.css (which loads tailwind.config.js); answers the CSS text. */
function buildCss() {
  const tmp = join(root, 'dist/.tmp/main.css');
  mkdirSync(dirname(tmp), { recursive: true });
  const cli = join(root, 'node_modules/@tailwindcss/cli/dist/index.mjs');
  const res = spawnSync(process.execPath, [cli, '-i', join(root, 'src/client/styles/main.css'), '-o', tmp, '--minify', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (res.status !== 0) throw new Error('tailwindcss failed');
  return readFileSync(tmp);
}

const COMPRESSIBLE = /\.(js|css|map)$/;

/**
 * Writes `.br` and `.gz` beside every script, style sheet and source map under `dir`, so the server
 * sends them without compressing on each request (see src/server/http/assetRoutes.ts).
 */
export function compressAssets(dir) {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    written.push(file);
  }
  return written;
}

/**
 * Every bundled message's text: the core's catalogue, the modules' labels and their screens' messages
 * (src/modules/<name>/ui/messages.ts, as docs/modules.md names them), read by running their sources
 * once in Node; and the browser's light parser (src/client/i18n/lightParser.ts) to tell which need compiling.
 */
async function bundledMessageTexts() {
  const screens = readdirSync(join(root, 'src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `./src/modules/${entry.name}/ui/messages.ts`)
    .filter((path) => existsSync(join(root, path)));
  const contents = [
    "export { en } from './src/client/i18n/en';",
    "export { moduleLabels } from './src/client/modules/moduleLabels';",
    "export { parseSimple } from './src/client/i18n/lightParser';",
    ...screens.map((path, i) => `import * as screens${i} from '${path}';`),
    `export const screens = [${screens.map((_, i) => `screens${i}`).join(', ')}];`,
  ].join('\n');
  const file = join(root, `dist/.tmp/messages-${process.pid}-${Date.now()}.mjs`);
  mkdirSync(dirname(file), { recursive: true });
  await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'bundledMessages.ts' },
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  try {
    const catalogues = await import(pathToFileURL(file).href);
    const strings = (object) => Object.values(object ?? {}).filter((value) => typeof value === 'string');
    const texts = [
      ...strings(catalogues.en),
      ...strings(catalogues.moduleLabels),
      ...catalogues.screens.flatMap((exports) =>
        Object.values(exports).flatMap((value) => (typeof value === 'object' ? strings(value) : [])),
      ),
    ];
    return { texts: [...new Set(texts)], parseSimple: catalogues.parseSimple };
  } finally {
    rmSync(file, { force: true });
  }
}

/** The ASTs of the bundled messages the browser's light parser cannot read, keyed by their text. */
export async function compileBundledMessages() {
  const { parse } = await import('@formatjs/icu-messageformat-parser');
  const { texts, parseSimple } = await bundledMessageTexts();
  return Object.fromEntries(texts.filter((text) => parseSimple(text) === null).map((text) => [text, parse(text)]));
}

/**
 * The ICU parser leaves the first download: formatjs in the browser takes src/client/i18n/browserParser.ts
 * for it, and src/client/i18n/compiledMessages.ts is filled with the ASTs of the bundled messages its
 * light parser cannot read (plurals, selects, formats: a few dozen). Site texts and other messages
 * that need the full parser load it as a chunk of its own (docs/decisions.md, "The first download").
 */
function browserMessages() {
  const parserAlias = join(root, 'src/client/i18n/browserParser.ts');
  const compiledFile = join(root, 'src/client/i18n/compiledMessages.ts');
  return {
    name: 'browser-messages',
    setup(b) {
      b.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, (args) =>
        args.importer.includes(`${sep}node_modules${sep}`) ? { path: parserAlias } : undefined,
      );
      b.onLoad({ filter: /[\\/]src[\\/]client[\\/]i18n[\\/]compiledMessages\.ts$/ }, async (args) =>
        args.path === compiledFile
          ? { contents: `export const compiledMessages = ${JSON.stringify(await compileBundledMessages())};`, loader: 'js' }
          : undefined,
      );
    },
  };
}

/**
 * Bundles src/client for the browser: ES modules split into chunks (lazy screens load on demand),
 * minified, content-hashed; the Tailwind CSS beside it; then manifest.json (the entry files the
 * server puts into index.html), precompressed copies of the assets, and sw.js (whose content changes with every bundle, so browsers see the update).
 */
export async function buildClient({ minify = true } = {}) {
  const assets = join(publicOut, 'assets');
  rmSync(assets, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // What both browser builds share: ES modules for current browsers, minified, content-hashed, with source maps.
  const browser = {
    outdir: assets,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
    minify,
    sourcemap: 'linked',
    entryNames: '[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"', __KK_CLIENT_VERSION__: JSON.stringify(version) },
    metafile: true,
    absWorkingDir: root,
    legalComments: 'none',
    logLevel: 'warning',
  };
  const result = await build({
    ...browser,
    entryPoints: { main: join(root, 'src/client/main.tsx') },
    splitting: true,
    jsx: 'automatic',
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [browserMessages()],
  });
  // What each source adds to each file, for `npm run bench:client`'s list of the first download's largest parts.
  mkdirSync(join(root, 'dist/.tmp'), { recursive: true });
  writeFileSync(join(root, 'dist/.tmp/client-metafile.json'), JSON.stringify(result.metafile));
  const entry = Object.entries(result.metafile.outputs).find(([, out]) => out.entryPoint?.endsWith('src/client/main.tsx'));
  if (!entry) throw new Error('client entry missing from the esbuild output');
  const toPublic = (path) => relative(publicOut, join(root, path)).split('\\').join('/');
  const script = toPublic(entry[0]);
  // The chunks the entry imports statically are listed before it, so the page requests them all at once
  // instead of discovering them after the entry arrived (a module runs once however often it is named).
  const chunks = entry[1].imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => toPublic(i.path));
  // The page's first script (src/client/platform/earlyRequests.ts): one small file of its own, never a
  // shared chunk, so it runs as soon as it arrives, before the bundle it must not wait for.
  const early = await build({ ...browser, entryPoints: { early: join(root, 'src/client/platform/earlyRequests.ts') }, splitting: false });
  const earlyScript = toPublic(Object.keys(early.metafile.outputs).find((path) => path.endsWith('.js')));
  const css = buildCss();
  const cssName = `main-${hashOf(css)}.css`;
  writeFileSync(join(assets, cssName), css);
  compressAssets(assets);
  // `minified` tells `npm start` that a development build (npm run dev) must be rebuilt for production.
  const manifest = { early: earlyScript, scripts: [...chunks, script], styles: [`assets/${cssName}`], minified: minify };
  writeFileSync(join(publicOut, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const sw = readFileSync(join(root, 'public/sw.template.js'), 'utf8').replace('__BUILD__', hashOf(basename(script) + cssName));
  writeFileSync(join(publicOut, 'sw.js'), sw);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const what = process.argv[2] ?? 'all';
  if (what === 'server' || what === 'all') await buildServer();
  if (what === 'client' || what === 'all') await buildClient();
}
