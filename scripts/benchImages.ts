/**
 * Image variant benchmark (issue 19, finding 7): uploads four images at the pixel cap, then asks for
 * the preview (`medium`) variant of all four at once, and prints the server process's resident
 * memory before, at its peak, and once settled. The server runs in a child process on the embedded
 * database, as a default install does; its memory is read from /proc (VmRSS sampled, VmHWM peak).
 *
 *   node scripts/run-ts.mjs scripts/benchImages.ts [--format png|jpeg] [--pixels 100000000] [--images 4]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const FORMAT = arg('format', 'png') as 'png' | 'jpeg';
const PIXELS = Number(arg('pixels', '100000000'));
const IMAGES = Number(arg('images', '4'));
const ADMIN = { email: 'bench@example.org', password: 'bench images password' };
/** How long memory is given to settle after the last answer, in ms. */
const SETTLE_MS = 10_000;

/** The child: a server on the embedded database that prints its URL. */
async function serve(dataDir: string): Promise<void> {
  const { createServer } = await import('../src/server/app');
  const { configFromEnv } = await import('../src/server/config');
  const config = {
    ...configFromEnv({ KK_QUIET: '1' }),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    seedDemo: false,
    logging: false,
    imageMaxPixels: PIXELS,
    uploadMaxBytes: 2 ** 31,
  };
  const server = await createServer(config);
  process.send!({ url: await server.listen() });
}

const status = (pid: number): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const m = /^(VmRSS|VmHWM):\s+(\d+) kB/.exec(line);
    if (m) out[m[1]!] = Number(m[2]) * 1024;
  }
  return out;
};
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A picture at the pixel cap, with detail so that it is no flat colour. */
async function picture(i: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(PIXELS));
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#${(i * 0x3a5f17).toString(16).padStart(6, '0').slice(0, 6)}"/><stop offset="1" stop-color="#f0e0c0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${side / 2}" cy="${side / 2}" r="${side / 3}" fill="#204060" opacity="0.5"/></svg>`);
  const img = sharp(svg, { limitInputPixels: false, unlimited: true });
  return FORMAT === 'png' ? img.png({ compressionLevel: 6 }).toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

async function upload(url: string, token: string, data: Buffer, name: string): Promise<string> {
  const res = await fetch(`${url}/api/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(data),
  });
  const id = res.headers.get('x-kk-attachment-id');
  if (res.status !== 201 || !id) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return id;
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve')) return serve(arg('serve', ''));
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-bench-images-'));
  let child: ChildProcess | null = null;
  try {
    console.log(
      `bench:images: ${IMAGES} ${FORMAT} images of ${(PIXELS / 1e6).toFixed(0)} MP, ${cpus().length} cores, ${new Date().toISOString()}`,
    );
    // Made once and kept: drawing them takes longer than the benchmark.
    const cache = join(tmpdir(), 'kk-bench-images-cache');
    mkdirSync(cache, { recursive: true });
    const paths: string[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const p = join(cache, `${FORMAT}-${PIXELS}-${i}.${FORMAT}`);
      if (!existsSync(p)) writeFileSync(p, await picture(i));
      paths.push(p);
    }
    // The server finds public/ two folders above its script (as dist/server/main.js does).
    const serverScript = join(dirname(process.argv[1]!), 'bench', 'benchImagesServer.cjs');
    mkdirSync(dirname(serverScript), { recursive: true });
    copyFileSync(process.argv[1]!, serverScript);
    child = fork(serverScript, ['--serve', join(dataDir, 'server'), '--pixels', String(PIXELS), '--format', FORMAT], { stdio: 'inherit' });
    const url = await new Promise<string>((resolve, reject) => {
      child!.once('message', (m) => resolve((m as { url: string }).url));
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const pid = child.pid!;
    const signIn = await fetch(`${url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = signIn.headers.get('x-vgn-token')!;
    const ids: string[] = [];
    for (const [i, p] of paths.entries()) ids.push(await upload(url, token, readFileSync(p), `big-${i}.${FORMAT}`));
    await sleep(3000);
    const before = status(pid).VmRSS!;
    // Forget the peak of start-up and uploads: from here VmHWM is the peak of the variant work.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let sampled = before;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, status(pid).VmRSS!);
    }, 10);
    const started = Date.now();
    const answers = await Promise.all(
      ids.map(async (id) => {
        const res = await fetch(`${url}/attachment/${id}?variant=medium`, { headers: { authorization: `Bearer ${token}` } });
        const body = Buffer.from(await res.arrayBuffer());
        const width = res.status === 200 ? (await sharp(body).metadata()).width : undefined;
        return { status: res.status, width, ms: Date.now() - started };
      }),
    );
    clearInterval(sampler);
    const peak = Math.max(sampled, status(pid).VmHWM!);
    await sleep(SETTLE_MS);
    const settled = status(pid).VmRSS!;
    for (const [i, a] of answers.entries())
      console.log(`  variant ${i + 1}: ${a.status}${a.width ? ` ${a.width} px wide` : ''} after ${a.ms} ms`);
    console.log(
      `  RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), settled after ${SETTLE_MS / 1000} s ${mb(settled)} (+${mb(settled - before)})`,
    );
  } finally {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
