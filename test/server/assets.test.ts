import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type RunningServer } from '../support/testServer';

// The build script is a native ES module (jest would load it as CommonJS): its compression step runs in node, as the build runs it.
function compressWithBuildScript(dir: string): string[] {
  const script = pathToFileURL(join(__dirname, '..', '..', 'esbuild.config.mjs')).href;
  const code = `const { compressAssets } = await import(${JSON.stringify(script)}); console.log(JSON.stringify(compressAssets(${JSON.stringify(dir)})));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

let srv: RunningServer;
let publicDir: string;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const css = `.a{color:red}\n`.repeat(500);

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'kk-public-'));
  mkdirSync(join(publicDir, 'assets', 'chunks'), { recursive: true });
  writeFileSync(join(publicDir, 'assets', 'main-abc123.js'), script);
  writeFileSync(join(publicDir, 'assets', 'chunks', 'lazy-def456.js'), script);
  writeFileSync(join(publicDir, 'assets', 'main-abc123.css'), css);
  writeFileSync(join(publicDir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  expect(
    compressWithBuildScript(join(publicDir, 'assets'))
      .map((file) => file.slice(publicDir.length))
      .sort(),
  ).toEqual(['/assets/chunks/lazy-def456.js', '/assets/main-abc123.css', '/assets/main-abc123.js']);
  srv = await startTestServer({ publicDir });
});
afterAll(async () => {
  await srv.stop();
  rmSync(publicDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET (fetch would decompress and hide the encoding). */
function rawGet(path: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    get(`${srv.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('GET /assets/*', () => {
  test('answers the Brotli copy when the browser takes it, gzip when only that, else the plain file', async () => {
    const br = await rawGet('/assets/main-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await rawGet('/assets/chunks/lazy-def456.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet('/assets/main-abc123.css', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/text\/css/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(css);

    const none = await rawGet('/assets/main-abc123.css');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(css);
  });

  test('keeps the long cache lifetime, serves files without copies as they are, and 404s a missing asset', async () => {
    const br = await rawGet('/assets/main-abc123.css', 'br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const svg = await rawGet('/assets/logo.svg', 'br, gzip');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.body.toString()).toContain('<svg');
    expect((await rawGet('/assets/missing-000.js', 'br')).status).toBe(404);
    expect((await rawGet('/assets/../package.json', 'br')).status).toBe(404);
    expect((await rawGet('/assets/missing-000.js.map', 'br')).status).toBe(404);
  });

  test('answers a view key with a dot as the page, even one ending like a file (/spatial.map)', async () => {
    for (const path of ['/spatial.map', '/admin.owner']) {
      const page = await rawGet(path);
      expect([path, page.status, page.headers['content-type']]).toEqual([path, 200, 'text/html; charset=utf-8']);
    }
  });
});
