/**
 * The product built with the example journal on its registry lines (src/modules/index.ts, client.ts
 * and server.ts), for end-to-end tests of what the journal shows: a server bundle and a browser bundle
 * of their own (beside dist/server, so the bundle finds package.json, public/ and node_modules as the
 * product's does), built the way esbuild.config.mjs builds the product's (without precompressed copies).
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..');
const example = __dirname;

const REGISTRIES: Record<string, { name: string; journal: string; from: string }> = {
  'index.ts': { name: 'modules', journal: 'journalModule', from: 'model' },
  'client.ts': { name: 'moduleClients', journal: 'journalClient', from: 'client' },
  'server.ts': { name: 'moduleServers', journal: 'journalServer', from: 'server' },
};

/** The three registry files with the journal appended to their one list. */
const withJournal: Plugin = {
  name: 'with-journal',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]modules[\\/](index|client|server)\.ts$/ }, (args) => {
      const registry = REGISTRIES[basename(args.path)]!;
      const text = readFileSync(args.path, 'utf8');
      const from = join(example, registry.from).replace(/\\/g, '/');
      const contents = `${text.replace(`export const ${registry.name}:`, `const core_${registry.name}:`)}
import { ${registry.journal} } from '${from}';
export const ${registry.name} = [...core_${registry.name}, ${registry.journal}];
`;
      return { contents, loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

/** A build with the journal: the server script to run and the PUBLIC_DIR to serve; `remove` deletes both. */
export interface JournalBuild {
  script: string;
  publicDir: string;
  remove(): void;
}

/** Builds both bundles (a few seconds); each test file gets folders of its own, so files running at once do not share one. */
export async function buildWithJournal(): Promise<JournalBuild> {
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const serverDir = join(root, 'dist', `journal-server-${tag}`);
  const publicDir = join(root, 'dist', `journal-public-${tag}`);
  const remove = (): void => {
    rmSync(serverDir, { recursive: true, force: true });
    rmSync(publicDir, { recursive: true, force: true });
  };
  try {
    return { script: await buildInto(serverDir, publicDir, tag), publicDir, remove };
  } catch (e) {
    // A failed build leaves nothing behind in dist/.
    remove();
    throw e;
  }
}

/** Builds the server into `serverDir` and the browser bundle into `publicDir`; answers the server script. */
async function buildInto(serverDir: string, publicDir: string, tag: string): Promise<string> {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const assets = join(publicDir, 'assets');
  mkdirSync(assets, { recursive: true });
  const browser = {
    bundle: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: ['es2022', 'chrome111'],
    minify: true,
    entryNames: '[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"', __KK_CLIENT_VERSION__: JSON.stringify(version) },
    metafile: true as const,
    absWorkingDir: root,
    legalComments: 'none' as const,
    logLevel: 'warning' as const,
  } satisfies BuildOptions;
  const [script, client, early] = await Promise.all([
    buildJournalServer(serverDir),
    build({
      ...browser,
      entryPoints: { main: join(root, 'src/client/main.tsx') },
      outdir: assets,
      splitting: true,
      jsx: 'automatic' as const,
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [withJournal],
    }),
    build({ ...browser, entryPoints: { early: join(root, 'src/client/platform/earlyRequests.ts') }, outdir: assets }),
  ]);
  const toPublic = (path: string) => relative(publicDir, join(root, path)).split('\\').join('/');
  const entry = Object.entries(client.metafile.outputs).find(([, out]) => out.entryPoint?.endsWith('src/client/main.tsx'));
  if (!entry) throw new Error('client entry missing from the esbuild output');
  const chunks = entry[1].imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => toPublic(i.path));
  const earlyScript = toPublic(Object.keys(early.metafile.outputs).find((path) => path.endsWith('.js'))!);
  // The style sheet, as the product's build makes it (Tailwind's CLI over src/client/styles/main.css).
  const cli = join(root, 'node_modules/@tailwindcss/cli/dist/index.mjs');
  execFileSync(
    process.execPath,
    [cli, '-i', join(root, 'src/client/styles/main.css'), '-o', join(assets, 'main.css'), '--minify', '--silent'],
    {
      cwd: root,
    },
  );
  const sw = readFileSync(join(root, 'public/sw.template.js'), 'utf8').replace('__BUILD__', tag);
  writeFileSync(join(publicDir, 'sw.js'), sw);
  const manifest = { early: earlyScript, scripts: [...chunks, toPublic(entry[0])], styles: ['assets/main.css'], minified: true };
  writeFileSync(join(publicDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return script;
}

/** Builds only the server, with the journal, into `serverDir` (beside dist/server); answers its script. */
export async function buildJournalServer(serverDir: string): Promise<string> {
  await build({
    entryPoints: { main: join(root, 'src/server/main.ts'), pgliteWorker: join(root, 'src/server/db/pgliteWorker.ts') },
    outdir: serverDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    logLevel: 'warning',
    plugins: [withJournal],
  });
  return join(serverDir, 'main.js');
}
