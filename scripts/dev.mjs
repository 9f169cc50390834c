// npm run dev: builds both bundles, runs the server, rebuilds the browser bundle on every change and
// restarts the server when its own sources change. Reload the page to see a client change.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, buildServer } from '../esbuild.config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let server = null;

function startServer() {
  server = spawn(process.execPath, [join(root, 'dist/server/main.js')], { cwd: root, stdio: 'inherit', env: process.env });
}

async function restartServer() {
  if (server) {
    const old = server;
    await new Promise((resolve) => {
      old.once('exit', resolve);
      old.kill('SIGTERM');
    });
  }
  startServer();
}

function debounced(fn, ms = 150) {
  let timer = null;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(() => fn().catch((error) => console.error(error.message)), ms);
  };
}

const rebuildClient = debounced(async () => {
  const started = Date.now();
  await buildClient({ minify: false });
  console.log(`client rebuilt in ${Date.now() - started} ms`);
  // The server reads the bundle's entry names into index.html when it starts.
  await restartServer();
});
const rebuildServer = debounced(async () => {
  await buildServer();
  await restartServer();
});

await buildServer();
await buildClient({ minify: false });
startServer();
for (const dir of ['src/client', 'machines', 'public']) watch(join(root, dir), { recursive: true }, rebuildClient);
watch(join(root, 'tailwind.config.js'), rebuildClient);
watch(join(root, 'src/server'), { recursive: true }, rebuildServer);
watch(join(root, 'src/shared'), { recursive: true }, () => {
  rebuildClient();
  rebuildServer();
});
// Stop the server with us, whichever way we are stopped.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server?.kill('SIGTERM');
    process.exit(0);
  });
}
