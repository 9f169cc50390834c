// npm start: builds what is missing or stale, then runs the server.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, buildServer } from '../esbuild.config.mjs';
import { clientStale } from './clientStale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await buildServer();
if (clientStale(root)) {
  console.log('Building the browser bundle...');
  await buildClient();
}
await import('../dist/server/main.js');
