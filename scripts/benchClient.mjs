// npm run bench:client: the initial JavaScript of the browser bundle (gzipped) and the time to the first
// render of the signed-in home in headless Chromium on loopback. Goals: under 250 KB and under 1 s.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildClient, buildServer } from '../esbuild.config.mjs';
import { clientStale } from './clientStale.mjs';
import { ADMIN, CHROMIUM, startServer } from './serverForBrowser.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'dist/public');
const RUNS = 7;

await buildServer();
if (clientStale(root)) await buildClient();

/** The page's scripts and every chunk they import statically (what the browser must load before the first render). */
function initialScripts(entries) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(join(publicDir, path), 'utf8');
    // Static imports only: `import{...}from"./x.js"` and `import"./x.js"`; dynamic import("...") loads later.
    for (const match of code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
      visit(join(dirname(path), match[1]).split('\\').join('/'));
    }
  };
  entries.forEach(visit);
  return [...seen];
}

const manifest = JSON.parse(readFileSync(join(publicDir, 'manifest.json'), 'utf8'));
// The page's early script counts too: every page loads it.
const scripts = initialScripts([...(manifest.early ? [manifest.early] : []), ...manifest.scripts]);
const size = (files) =>
  files.reduce(
    (sum, file) => {
      const content = readFileSync(join(publicDir, file));
      return { raw: sum.raw + content.length, gzip: sum.gzip + gzipSync(content).length };
    },
    { raw: 0, gzip: 0 },
  );
const js = size(scripts);

/**
 * The largest parts of the first download, minified, by package or source folder (from the build's
 * metafile, dist/.tmp/client-metafile.json): where to look first when it grows.
 */
function largestParts(count = 12) {
  const metafile = join(root, 'dist/.tmp/client-metafile.json');
  if (!existsSync(metafile)) return [];
  const { outputs } = JSON.parse(readFileSync(metafile, 'utf8'));
  const initial = new Set(scripts.map((file) => `dist/public/${file}`));
  const parts = new Map();
  for (const [file, output] of Object.entries(outputs)) {
    if (!initial.has(file)) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const part = pkg ? pkg[1] : input.split('/').slice(0, -1).slice(0, 3).join('/');
      parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
    }
  }
  return [...parts].sort((a, b) => b[1] - a[1]).slice(0, count);
}
const css = size(manifest.styles);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await startServer({ SEED_DEMO: '0' });
const browser = await chromium.launch({ ...CHROMIUM, headless: true });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const answer = await fetch(`${server.url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = answer.headers.get('x-vgn-token');
  if (!token) throw new Error(`sign-in failed: ${answer.status}`);

  const measure = async (page) => {
    await page.goto(server.url + '/');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    return page.evaluate(() => window.__kkFirstRender ?? NaN);
  };
  const cold = [];
  const warm = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((value) => {
      window.localStorage.setItem('Access-Token', value);
      window.localStorage.setItem('kk-cookies-ok', '1');
      // The moment the signed-in home's heading exists, in ms since navigation start.
      new MutationObserver((_records, observer) => {
        // The home's welcome is a heading inside its column (h3), not the page's first h1.
        const heading = document.querySelector('[data-testid="home-title"]');
        if (heading && heading.textContent.startsWith('Welcome')) {
          window.__kkFirstRender = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, token);
    const page = await context.newPage();
    cold.push(await measure(page));
    warm.push(await measure(page));
    await context.close();
  }
  console.log(`initial JavaScript: ${scripts.length} file(s), ${kb(js.raw)} minified, ${kb(js.gzip)} gzipped (goal < 250 KB)`);
  console.log(
    `  largest parts (minified): ${largestParts()
      .map(([part, bytes]) => `${part} ${kb(bytes)}`)
      .join(', ')}`,
  );
  console.log(`CSS: ${kb(css.raw)} minified, ${kb(css.gzip)} gzipped`);
  console.log(
    `first render of the signed-in home (median of ${RUNS}): ${median(cold).toFixed(0)} ms cold cache, ${median(warm).toFixed(0)} ms warm cache (goal < 1000 ms)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
