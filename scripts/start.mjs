// npm start: builds what is missing or stale, then runs the server.
import { buildServer } from '../esbuild.config.mjs';

await buildServer();
await import('../dist/server/main.js');
