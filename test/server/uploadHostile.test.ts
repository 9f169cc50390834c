import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import type { Item } from '../../src/shared/items/types';
import { buildUser, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let alice: TestUser;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tusHeaders = () => ({ ...bearer(alice.token), 'tus-resumable': '1.0.0' });
const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;
const uploadsDir = () => join(srv.config.dataDir, 'uploads', 'files');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).length : 0);
const attachmentCount = async () =>
  Number((await srv.server.services.db.query<{ n: string }>(`SELECT count(*) AS n FROM items WHERE type = 'Attachment'`)).rows[0]!.n);

beforeAll(async () => {
  // Unfinished uploads live a minute here: long enough for every upload of a loaded machine to finish.
  // The abandonment test starts a server of its own whose uploads expire at once.
  srv = await startTestServer({ uploadMaxBytes: 1_000_000, imageMaxPixels: 2_000_000, unfinishedUploadTtlSeconds: 60 });
  alice = await buildUser(srv);
});
afterAll(async () => {
  alice?.client.close();
  await srv?.stop();
});

/** Uploads `data` with tus-js-client; answers the Attachment id, or the refusal's status and body. */
function upload(data: Buffer, filename: string): Promise<{ id: string } | { status: number; body: string }> {
  return new Promise((resolve) => {
    const u = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: bearer(alice.token),
      metadata: { filename },
      retryDelays: [],
      onError: (e) => {
        const res = (e as tus.DetailedError).originalResponse;
        resolve({ status: res?.getStatus() ?? 0, body: res?.getBody() ?? '' });
      },
      onSuccess: ({ lastResponse }) => resolve({ id: lastResponse.getHeader('x-kk-attachment-id') ?? '' }),
    });
    u.start();
  });
}
const uploaded = async (data: Buffer, filename: string): Promise<string> => {
  const r = await upload(data, filename);
  if (!('id' in r)) throw new Error(`upload refused ${r.status} ${r.body}`);
  return r.id;
};

/** A PNG that claims a `side`×`side` canvas of one colour: a few kilobytes that decode to many megabytes. */
function pixelFlood(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const raw = Buffer.alloc(side * (side + 1)); // each row: filter byte 0 and `side` zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('refused uploads store nothing', () => {
  test('a zero-byte upload answers 400 emptyFile, with no Attachment and no file kept', async () => {
    const [files, items] = [storedFiles(), await attachmentCount()];
    const r = await upload(Buffer.alloc(0), 'empty.txt');
    expect(r).toMatchObject({ status: 400 });
    expect(JSON.parse((r as { body: string }).body)).toMatchObject({ userMessage: 'emptyFile' });
    // Nor with a deferred length declared as 0 later.
    const made = await fetch(`${srv.url}/api/upload`, {
      method: 'POST',
      headers: { ...tusHeaders(), 'upload-defer-length': '1', 'upload-metadata': metadata('later.txt') },
    });
    expect(made.status).toBe(201);
    const patched = await fetch(`${srv.url}${made.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(), 'upload-length': '0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(0),
    });
    expect(patched.status).toBe(400);
    expect(await patched.json()).toMatchObject({ userMessage: 'emptyFile' });
    expect(await attachmentCount()).toBe(items);
    expect(storedFiles()).toBeLessThanOrEqual(files + 2); // the deferred upload's file and .json, unfinished
  });

  test('POST /api/upload without the tus headers or with parallel parts answers a clear 4xx, never 501', async () => {
    const plain = await fetch(`${srv.url}/api/upload`, { method: 'POST', headers: bearer(alice.token) });
    expect(plain.status).toBe(412);
    const parts = await fetch(`${srv.url}/api/upload`, {
      method: 'POST',
      headers: { ...tusHeaders(), 'upload-concat': 'partial', 'upload-length': '3', 'upload-metadata': metadata('a.txt') },
    });
    expect(parts.status).toBe(400);
    expect(await parts.json()).toMatchObject({ userMessage: 'parseRequestFailed' });
    const final = await fetch(`${srv.url}/api/upload`, {
      method: 'POST',
      headers: { ...tusHeaders(), 'upload-concat': 'final;/api/upload/a /api/upload/b' },
    });
    expect(final.status).toBe(400);
  });

  test('no other origin is allowed to upload from its pages (no Access-Control-Allow-Origin: *)', async () => {
    const res = await fetch(`${srv.url}/api/upload`, {
      method: 'POST',
      headers: { ...tusHeaders(), origin: 'https://evil.example', 'upload-length': '3', 'upload-metadata': metadata('a.txt') },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${srv.url}/api/upload`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('hostile content', () => {
  test('a file whose bytes do not match its name is stored as its bytes say, and never served inline as a page or script', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/item")</script></body></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    for (const [data, name] of [
      [html, 'photo.png'],
      [html, 'page.html'],
      [svg, 'logo.svg'],
      [svg, 'logo.png'],
    ] as const) {
      const id = await uploaded(data, name);
      const item = await alice.client.call<Item>(`read/${id}`);
      expect(item.filetype).not.toBe('image/png');
      const res = await fetch(`${srv.url}/attachment/${id}`, { headers: bearer(alice.token) });
      const type = res.headers.get('content-type') ?? '';
      expect(type).not.toMatch(/html/);
      if (/svg/.test(type)) expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  test("an SVG's preview cannot pull in another upload stored beside it", async () => {
    const bob = await buildUser(srv);
    try {
      const secret = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      const made = await fetch(`${srv.url}/api/upload`, {
        method: 'POST',
        headers: {
          ...bearer(bob.token),
          'tus-resumable': '1.0.0',
          'upload-length': String(secret.length),
          'upload-metadata': metadata('private.png'),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(secret),
      });
      const bobsFile = made.headers.get('location')!.split('/').pop()!;
      const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">
        <rect width="64" height="64" fill="#0000ff"/><image href="${bobsFile}" xlink:href="${bobsFile}" width="64" height="64"/></svg>`);
      const id = await uploaded(svg, 'innocent.svg');
      const res = await fetch(`${srv.url}/attachment/${id}?variant=thumb`, { headers: bearer(alice.token) });
      expect(res.status).toBe(200);
      const { data } = await sharp(Buffer.from(await res.arrayBuffer()))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // Blue, the rectangle (WebP shifts colours a little), not bob's red picture.
      expect(data[0]).toBeLessThan(40);
      expect(data[2]).toBeGreaterThan(215);
    } finally {
      bob.client.close();
    }
  });

  test('a small PNG claiming a huge canvas gets no variant (imageTooLarge) and is never decoded', async () => {
    const bomb = pixelFlood(4000);
    expect(bomb.length).toBeLessThan(100_000);
    const id = await uploaded(bomb, 'bomb.png');
    const before = process.memoryUsage().rss;
    const res = await fetch(`${srv.url}/attachment/${id}?variant=medium`, { headers: bearer(alice.token) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ userMessage: 'imageTooLarge' });
    // Decoding would take 16 MB of pixels at least; refusing from the header takes next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(16_000_000);
  });
});

describe('interrupted and abandoned uploads', () => {
  const data = Buffer.alloc(400_000);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + 13) % 251;

  const create = async (length: number, name: string): Promise<string> => {
    const res = await fetch(`${srv.url}/api/upload`, {
      method: 'POST',
      headers: { ...tusHeaders(), 'upload-length': String(length), 'upload-metadata': metadata(name) },
    });
    expect(res.status).toBe(201);
    return `${srv.url}${res.headers.get('location')}`;
  };
  const offsetOf = async (url: string): Promise<Response> => fetch(url, { method: 'HEAD', headers: tusHeaders() });

  test('a PATCH cut off halfway, then HEAD and a resumed PATCH, yields the exact bytes', async () => {
    const url = await create(data.length, 'cut.raw');
    // The connection drops after half the body was sent.
    await new Promise<void>((resolve) => {
      const req = httpRequest(url, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(data.length),
        },
      });
      req.on('error', () => resolve());
      req.write(data.subarray(0, data.length / 2), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300),
      );
    });
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      const head = await offsetOf(url);
      if (head.status === 200) offset = Number(head.headers.get('upload-offset'));
      if (offset === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(data.length / 2);
    const rest = await fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: data.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const id = rest.headers.get('x-kk-attachment-id');
    const file = await fetch(`${srv.url}/attachment/${id}`, { headers: bearer(alice.token) });
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
  });

  test('an unfinished upload is removed after its expiry: its file is gone and it cannot be resumed', async () => {
    const short = await startTestServer({ unfinishedUploadTtlSeconds: 1 });
    const bob = await buildUser(short);
    try {
      const headers = { ...bearer(bob.token), 'tus-resumable': '1.0.0' };
      const dir = join(short.config.dataDir, 'uploads', 'files');
      const created = await fetch(`${short.url}/api/upload`, {
        method: 'POST',
        headers: { ...headers, 'upload-length': String(data.length), 'upload-metadata': metadata('abandoned.raw') },
      });
      expect(created.status).toBe(201);
      const url = `${short.url}${created.headers.get('location')}`;
      const first = await fetch(url, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: data.subarray(0, 1000),
      });
      // On a slow machine the upload may have expired already (410): abandoned all the same.
      expect([204, 410]).toContain(first.status);
      const id = url.split('/').pop()!;
      // Expired after a second (HEAD answers 410), removed by the next clean-up (every second here); the
      // store removes the file and then its metadata, so both are waited for.
      const left = () => existsSync(join(dir, id)) || existsSync(join(dir, `${id}.json`));
      let status = 200;
      for (let i = 0; i < 100 && (status === 200 || left()); i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await fetch(url, { method: 'HEAD', headers })).status;
      }
      expect([404, 410]).toContain(status);
      expect(existsSync(join(dir, id))).toBe(false);
      expect(existsSync(join(dir, `${id}.json`))).toBe(false);
    } finally {
      bob.client.close();
      await short.stop();
    }
  });
});
