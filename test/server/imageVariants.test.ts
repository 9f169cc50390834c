import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ImageVariantError, ImageVariants, VARIANTS_AT_ONCE } from '../../src/server/files/ImageVariants';
import { DiskObjectStore, type ObjectKey } from '../../src/server/files/objectStore';
import { buildUser, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

const SIDE = 3000;
/** Large pictures, each a different colour, made once for the whole file. */
const pictures: Buffer[] = [];
const picture = (i: number) =>
  sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: (i * 40) % 256, g: 90, b: 200 - i * 20 } } })
    .composite([{ input: { create: { width: SIDE / 2, height: SIDE / 3, channels: 3, background: '#fff' } }, left: i * 100, top: i * 50 }])
    .png()
    .toBuffer();

beforeAll(async () => {
  for (let i = 0; i < 6; i++) pictures.push(await picture(i));
});

describe('image variants over HTTP', () => {
  let srv: RunningServer;
  let alice: TestUser;
  beforeAll(async () => {
    srv = await startTestServer({ imageMaxPixels: SIDE * SIDE });
    alice = await buildUser(srv);
  });
  afterAll(async () => {
    alice?.client.close();
    await srv?.stop();
  });

  const upload = async (data: Buffer, name: string): Promise<string> => {
    const res = await fetch(`${srv.url}/api/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(data),
    });
    expect(res.status).toBe(201);
    return res.headers.get('x-kk-attachment-id')!;
  };

  test('many variants of large images asked for at once are all served, made one at a time', async () => {
    const ids: string[] = [];
    for (const [i, p] of pictures.entries()) ids.push(await upload(p, `large-${i}.png`));
    const asks = ids.flatMap((id) => (['medium', 'small', 'thumb'] as const).map((variant) => ({ id, variant })));
    const widths = { medium: 1024, small: 480, thumb: 160 };
    const answers = await Promise.all(
      asks.map(async ({ id, variant }) => {
        const res = await fetch(`${srv.url}/attachment/${id}?variant=${variant}`, { headers: { authorization: `Bearer ${alice.token}` } });
        const body = Buffer.from(await res.arrayBuffer());
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          width: res.status === 200 ? (await sharp(body).metadata()).width : 0,
          want: widths[variant],
        };
      }),
    );
    for (const a of answers) expect(a).toEqual({ status: 200, type: 'image/webp', width: a.want, want: a.want });
    const stats = srv.server.app.imageVariants.stats();
    expect(stats.made).toBe(asks.length);
    expect(stats.mostAtOnce).toBeLessThanOrEqual(VARIANTS_AT_ONCE);
    expect(stats).toMatchObject({ making: 0, waiting: 0 });
  });
});

test('past the waiting line, variant requests are refused as serverBusy rather than queued without end', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kk-variants-'));
  try {
    const store = new DiskObjectStore(dir);
    const sources = await Promise.all(
      pictures.slice(0, 5).map(async (p, i) => {
        const key: ObjectKey = `files/source-${i}`;
        await store.put(key, p);
        return key;
      }),
    );
    const variants = new ImageVariants(store, SIDE * SIDE, 1, 2);
    const results = await Promise.allSettled(sources.map((s, i) => variants.key(`file${i}`, s, 'medium', 'image/png')));
    const busy = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof ImageVariantError && r.reason.reason === 'serverBusy',
    );
    // One made at once, two waiting: the other two are turned away at once.
    expect(busy).toHaveLength(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(variants.stats()).toMatchObject({ making: 0, waiting: 0, mostAtOnce: 1, made: 3 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
