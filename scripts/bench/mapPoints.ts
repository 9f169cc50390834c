/**
 * The map at 100,000 points (issue 17, "A benchmark prints the time to stream and draw 100,000
 * points (WebGL layer) in headless Chromium"): a community's places, written before the server
 * process starts (in this process, in bulk as scripts/benchSearchSpatial.ts writes its places),
 * then spatial.map opened by an administrator in headless Chromium. Prints, as a table:
 * - stream: from the request for the features (act/streamFeatures) to its last piece in the browser;
 * - the server alone: the same request from a socket of this process, answered in one reply;
 * - first full draw: from that request to the map saying it drew them all (`data-drawn`);
 * - pan and zoom: the frames while the map is zoomed in and dragged (p50, p95, longest) and how long
 *   each move takes until the map has drawn again;
 * and which WebGL renderer ran (WEBGL_debug_renderer_info) and how the markers were drawn.
 *
 *   npm run bench:map [-- --points 100000 --gpu --profile map.cpuprofile]
 *
 * Needs the built bundles (dist/). Chromium runs with SwiftShader's WebGL (`--use-angle=swiftshader
 * --enable-unsafe-swiftshader`), as a machine without a GPU has it; `--gpu` leaves Chromium's own choice.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createServer } from '../../src/server/app';
import { configFromEnv } from '../../src/server/config';
import { DEFAULT_BOUNDS } from '../../src/shared/geo/bounds';
import { bulkWriter, percentile, Tab, waitFor } from '../benchSupport';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const POINTS = Number(arg('points', '100000'));
const OWN_GPU = process.argv.includes('--gpu');
/** Where to write the page's CPU profile from opening the map to its first full draw (Chrome's .cpuprofile; the zoom and pan's beside it), if anywhere. */
const PROFILE = arg('profile', '');
const HOTSPOTS = 300;
/** Kinds of place of the site's SPL_TYPES list (src/modules/spatial/server.ts), which scripts of the core do not import. */
const KINDS = ['HARVEST_SITE', 'FISHING_SITE', 'CABIN', 'WATER_BODY', 'TRAIL'];

// Run from .tmp/ (scripts/run-ts.mjs bundles it there).
const root = resolve(__dirname, '..');
const ADMIN = { email: 'map-bench@knowledgekeeper.local', password: 'map benchmark password 1' };

/** A deterministic random in [0, 1) (mulberry32), so each run seeds the same land. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Writes a community, its collection and POINTS places gathered around a few hundred spots across the site's region. */
async function seed(dataDir: string): Promise<number> {
  const server = await createServer({
    ...configFromEnv({ KK_QUIET: '1' }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    seedDemo: false,
    logging: false,
  });
  const t0 = performance.now();
  try {
    const { services } = server;
    const adminId = (await services.db.query<{ id: string }>(`SELECT id FROM items WHERE type = 'User' ORDER BY idx LIMIT 1`)).rows[0]!.id;
    const admin = { userId: adminId, masquerader: null };
    const org = await services.items.create(
      admin,
      'Organization',
      { displayName: 'Lakeview Map Nation', type: 'COMMUNITY' },
      { admin: true },
    );
    const collection = await services.items.create(
      admin,
      'SpatialCollection',
      { label: 'Places of the land', owner: { id: org.id } },
      { admin: true },
    );
    const random = seeded(17);
    const [w, s, e, n] = DEFAULT_BOUNDS;
    const hotspots = Array.from({ length: HOTSPOTS }, () => [w + random() * (e - w), s + random() * (n - s)] as const);
    const round = (v: number): number => Math.round(v * 1e5) / 1e5;
    // Written as benchSearchSpatial.ts writes its 100,000 places: rows in bulk, ACTIVE, of the community.
    const writer = bulkWriter(services.db);
    const created = Date.UTC(2025, 0, 1);
    for (let i = 1; i <= POINTS; i++) {
      const [hx, hy] = hotspots[Math.floor(random() * HOTSPOTS)]!;
      const label = `Place ${i}`;
      const geometry = {
        type: 'Point',
        coordinates: [round(hx + (random() - 0.5) * 1.5), round(Math.min(n, Math.max(s, hy + random() - 0.5)))],
      };
      const data = {
        label,
        spatialType: KINDS[i % KINDS.length],
        geometry,
        owner: { id: org.id },
        collection: { id: collection.id },
        state: 'ACTIVE',
      };
      await writer.add('SpatialFeature', i, data, label, 'PROTECTED', org.id, created + i * 1000, adminId);
    }
    await writer.flush();
    await services.db.query('ANALYZE items');
  } finally {
    await server.close();
  }
  return (performance.now() - t0) / 1000;
}

/** The built server on the seeded data directory. */
async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const match = await waitFor(child, /is running at (http:\/\/\S+) on/);
  return {
    url: match[1]!.replace('://localhost', '://127.0.0.1'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The WebGL renderer the page's browser gives (its unmasked name), or why there is none. */
const rendererOf = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return 'no WebGL';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  });

/** Frame intervals (ms) in the page while `move` runs, and the time from its start until the map has drawn again. */
async function framesDuring(page: Page, move: () => Promise<void>): Promise<{ frames: number[]; settledMs: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __kkFrames: number[]; __kkFraming: boolean };
    w.__kkFrames = [];
    w.__kkFraming = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__kkFrames.push(now - last);
      last = now;
      if (w.__kkFraming) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const map = page.locator('[data-testid="spatial-map"]');
  await map.evaluate((el) => delete (el as HTMLElement).dataset.drawn);
  const t0 = Date.now();
  await move();
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="spatial-map"]')?.dataset.drawn !== undefined, null, {
    timeout: 120_000,
    polling: 10,
  });
  const settledMs = Date.now() - t0;
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __kkFrames: number[]; __kkFraming: boolean };
    w.__kkFraming = false;
    return w.__kkFrames.slice(1);
  });
  return { frames, settledMs };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-map-bench-'));
  let server: { url: string; stop(): Promise<void> } | null = null;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...(OWN_GPU ? [] : ['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
    ],
    headless: true,
  });
  try {
    const seededS = await seed(dataDir);
    console.log(`${POINTS.toLocaleString('en')} places written in ${seededS.toFixed(1)} s`);
    server = await startServer(dataDir);
    const signIn = await fetch(`${server.url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = signIn.headers.get('x-vgn-token');
    if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((value: string) => {
      window.localStorage.setItem('Access-Token', value);
      window.localStorage.setItem('kk-cookies-ok', '1');
    }, token);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`in the page: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') console.error(`in the page's console: ${m.text()}`);
    });

    // The request for the features and its last piece, as the page's socket sends and receives them.
    let asked = 0;
    let streamed = 0;
    let bytes = 0;
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => {
        if (!asked && typeof f.payload === 'string' && f.payload.includes('"act/streamFeatures"')) asked = Date.now();
      });
      ws.on('framereceived', (f) => {
        if (!asked || typeof f.payload !== 'string' || !f.payload.startsWith('{"o":"stream:')) return;
        bytes += f.payload.length;
        if (f.payload.includes('"done":true')) streamed = Date.now();
      });
    });
    const cdp = PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${server.url}/spatial.map`);
    const renderer = await rendererOf(page);
    const all = String(POINTS);
    await page
      .waitForFunction((n) => document.querySelector<HTMLElement>('[data-testid="spatial-map"]')?.dataset.drawn === n, all, {
        timeout: 60_000 + POINTS * 8,
        polling: 10,
      })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: join(tmpdir(), 'kk-map-bench-failed.png') });
        const said = await page
          .locator('[data-testid="spatial-map"]')
          .getAttribute('data-drawn', { timeout: 1000 })
          .catch(() => null);
        throw new Error(`the map never drew ${all} markers (last said: ${said}; see ${join(tmpdir(), 'kk-map-bench-failed.png')})`, {
          cause: e,
        });
      });
    const drawn = Date.now();
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE, JSON.stringify(profile));
      console.log(`the page's CPU profile until the first full draw: ${PROFILE}`);
      await cdp.send('Profiler.start');
    }
    const how = await page.locator('[data-testid="spatial-map"]').getAttribute('data-markers');
    const label = await page.locator('[data-testid="spatial-map"]').getAttribute('aria-label');

    // Pan and zoom over the middle of the map, as a person does with the mouse.
    const box = (await page.locator('[data-testid="spatial-map"]').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    const zoom = await framesDuring(page, async () => {
      for (let i = 0; i < 3; i++) {
        await page.mouse.wheel(0, -240);
        await page.waitForTimeout(120);
      }
    });
    const pan = await framesDuring(page, async () => {
      await page.mouse.down();
      for (let i = 1; i <= 20; i++) await page.mouse.move(cx + i * 12, cy + i * 6);
      await page.mouse.up();
    });

    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const moves = PROFILE.replace(/(\.cpuprofile)?$/, '.moves.cpuprofile');
      writeFileSync(moves, JSON.stringify(profile));
      console.log(`the page's CPU profile while zoomed and panned: ${moves}`);
    }

    // The same request from a socket in this process, answered whole: how much of the stream is the server's.
    const tab = await Tab.open(`${server.url.replace(/^http/, 'ws')}/ws`, token);
    const s0 = Date.now();
    const whole = await tab.request('act/streamFeatures', { relatedIDs: [], all: true });
    const serverMs = Date.now() - s0;
    const served = Array.isArray(whole.b) ? whole.b.length : 0;
    tab.ws.close();

    const ms = (n: number): string => `${Math.round(n).toLocaleString('en')} ms`;
    const frameLine = (what: string, r: { frames: number[]; settledMs: number }): string[] => {
      const sorted = [...r.frames].sort((a, b) => a - b);
      return [
        what,
        `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 95))} / ${ms(sorted[sorted.length - 1] ?? NaN)} (${sorted.length} frames)`,
        `drawn again ${ms(r.settledMs)} after it began`,
      ];
    };
    const rows: string[][] = [
      ['stream to the browser', ms(streamed - asked), `${(bytes / 1_048_576).toFixed(1)} MB of pieces`],
      ['the server alone', ms(serverMs), `the same ${served.toLocaleString('en')} features to a socket of this process, in one reply`],
      ['first full draw', ms(drawn - asked), `from the request; ${ms(drawn - streamed)} after the last piece`],
      frameLine('zoom (3 wheel steps): frame p50 / p95 / longest', zoom),
      frameLine('pan (drag): frame p50 / p95 / longest', pan),
    ];
    const width = Math.max(...rows.map((r) => r[0]!.length));
    const width2 = Math.max(...rows.map((r) => r[1]!.length));
    console.log(`\nspatial.map with ${POINTS.toLocaleString('en')} places (${label}), Chromium headless, 1280×800`);
    console.log(`WebGL renderer: ${renderer}; markers drawn as: ${how === 'points' ? 'WebGL points' : 'clusters (canvas)'}`);
    console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}\n`);
    for (const [a, b, c] of rows) console.log(`  ${a!.padEnd(width)}  ${b!.padStart(width2)}  ${c}`);
    await context.close();
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
