import { SITE_CONFIG_ELEMENT_ID, type Frame, type SiteConfig } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { connectAdmin, type TestUser } from '../support/factories';
import { ADMIN, startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;

beforeAll(async () => {
  srv = await startTestServer({ siteName: 'Cedar <Lake> Archive' });
  admin = await connectAdmin(srv);
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

const postItem = (frame: unknown, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(frame),
  });

describe('POST /api/item', () => {
  test('goes through the same dispatcher as the socket', async () => {
    const res = await postItem({ o: 'create/Contact', s: 7, b: { lastName: 'Over HTTP' } }, { authorization: `Bearer ${admin.token}` });
    const reply = (await res.json()) as Frame<Item>;
    expect(reply).toMatchObject({ o: 'create/Contact', s: 7, b: { _t: 'Contact', lastName: 'Over HTTP', _u: 1 } });
    expect((await admin.client.call<Item>(`read/${reply.b!.$id}`)).lastName).toBe('Over HTTP');
  });

  test('anonymous callers read PUBLIC items only, and cannot change anything', async () => {
    const pub = await admin.client.call<Item>('create/Contact', { lastName: 'Public Person', $access: 'PUBLIC' });
    const com = await admin.client.call<Item>('create/Contact', { lastName: 'Community Person', $access: 'COMMUNITY' });
    expect(await (await postItem({ o: `read/${pub.$id}`, s: 1 })).json()).toMatchObject({ b: { lastName: 'Public Person' } });
    expect(await (await postItem({ o: `read/${com.$id}`, s: 2 })).json()).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    const many = (await (await postItem({ o: 'readMany/object', s: 3, b: [pub.$id, com.$id] })).json()) as Frame<Record<string, Item>>;
    expect(Object.keys(many.b!)).toEqual([pub.$id]);
    expect(await (await postItem({ o: 'update', s: 4, b: { ...pub, lastName: 'Defaced' } })).json()).toMatchObject({
      erred: true,
      b: { userMessage: 'notSignedIn' },
    });
    expect(await (await postItem({ o: 'create/Contact', s: 5, b: { lastName: 'Spam' } })).json()).toMatchObject({
      erred: true,
      b: { userMessage: 'notSignedIn' },
    });
  });

  test('a body that is not a message answers 400 erred; a body over the limit answers 413', async () => {
    const bad = await fetch(`${srv.url}/api/item`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ erred: true, b: { userMessage: 'parseRequestFailed' } });
    const huge = await fetch(`${srv.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ o: 'ping', b: 'x'.repeat(33 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ userMessage: 'tooLarge' });
  });

  test('carries messages larger than the socket limit', async () => {
    const notes = 'n'.repeat(srv.config.wsMaxMsgSize + 10);
    const reply = (await (
      await postItem(
        { o: 'create/Contact', s: 1, b: { lastName: 'Big', middleName: notes.slice(0, 100) } },
        { authorization: `Bearer ${admin.token}` },
      )
    ).json()) as Frame<Item>;
    expect(reply.b!.lastName).toBe('Big');
    const big = await postItem(
      { o: 'readMany/object', s: 2, b: Array.from({ length: 1000 }, (_, i) => `Contact-${i + 1}`), pad: notes },
      { authorization: `Bearer ${admin.token}` },
    );
    expect(big.status).toBe(200);
  });

  test('with X-VGN-Expect-Stream the reply is polled from /api/stream/{key} until x-vgn-stream-done', async () => {
    const item = await admin.client.call<Item>('create/Contact', { lastName: 'Streamed' });
    const res = await postItem({ o: `read/${item.$id}`, s: 9 }, { authorization: `Bearer ${admin.token}`, 'x-vgn-expect-stream': '1' });
    const key = res.headers.get('x-vgn-stream-key');
    expect(key).toBeTruthy();
    const frames: Frame[] = [];
    for (let i = 0; i < 50; i++) {
      const poll = await fetch(`${srv.url}/api/stream/${key}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(poll.status).toBe(200);
      frames.push(...((await poll.json()) as Frame[]));
      if (poll.headers.get('x-vgn-stream-done') === 'true') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(frames).toEqual([{ o: `read/${item.$id}`, s: 9, b: expect.objectContaining({ lastName: 'Streamed' }) }]);
    const gone = await fetch(`${srv.url}/api/stream/${key}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(gone.status).toBe(404);
  });

  test('a stream is only given to the caller who opened it', async () => {
    const res = await postItem({ o: 'ping', s: 1 }, { authorization: `Bearer ${admin.token}`, 'x-vgn-expect-stream': '1' });
    const key = res.headers.get('x-vgn-stream-key');
    expect((await fetch(`${srv.url}/api/stream/${key}`)).status).toBe(404);
  });
});

describe('pages and configuration', () => {
  test('every app path answers index.html with the site config block', async () => {
    for (const path of ['/', '/home', '/i-Contact-1', '/sign-in?next=%2Fi-Contact-1', '/admin/all-items']) {
      const res = await fetch(`${srv.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      const m = new RegExp(`<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
      const config = JSON.parse(m![1]!) as SiteConfig;
      expect(config).toMatchObject({
        siteName: 'Cedar <Lake> Archive',
        wsMaxMsgSize: srv.config.wsMaxMsgSize,
        httpTimeout: 60000,
        wsTimeout: 60000,
        defaultBounds: [-141, 48, -53, 70],
        version: srv.config.version,
      });
      expect(config.colours.light.primary).toBe('#1976D2');
      expect(config.colours.dark.accent).toBe('#F9A825');
      expect(config.items.Contact).toEqual({ defaultIcon: 'contact' });
      expect(html).toContain('<title>Cedar &lt;Lake&gt; Archive · Community KnowledgeKeeper</title>');
    }
  });

  test('unknown API paths and files answer 404, not the page', async () => {
    expect((await fetch(`${srv.url}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${srv.url}/missing.js`)).status).toBe(404);
    expect((await fetch(`${srv.url}/index.html`)).status).toBe(404);
  });

  test('responses carry security headers', async () => {
    const res = await fetch(`${srv.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('/healthz reports the database', async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok', database: srv.server.services.db.driver, version: srv.config.version });
  });

  test('GET /locale-overrides/{lang} answers the stored overrides', async () => {
    await srv.server.services.db.query(
      "INSERT INTO locale_overrides (lang, key, message) VALUES ('en', 'app.keepTyping', 'Keep typing, friend')",
    );
    expect(await (await fetch(`${srv.url}/locale-overrides/en`)).json()).toEqual({ 'app.keepTyping': 'Keep typing, friend' });
    expect(await (await fetch(`${srv.url}/locale-overrides/fr`)).json()).toEqual({});
    expect((await fetch(`${srv.url}/locale-overrides/..%2Fetc`)).status).toBe(400);
  });

  test('GET /lov/{locale}/{listName}[/{owner}] answers the active values, keyed by owner, translated', async () => {
    const org = await admin.client.call<Item>('create/Organization', { displayName: 'List Owner Nation', type: 'COMMUNITY' });
    const other = await admin.client.call<Item>('create/Organization', { displayName: 'Other Nation', type: 'COMMUNITY' });
    const add = (key: string, t: Record<string, string>, owner: string, extra: Record<string, unknown> = {}) =>
      admin.client.call<Item>('create/LOVValue', { list: 'CNS_REGIONS', key, t, owner: { id: owner }, $access: 'PUBLIC', ...extra });
    const north = await add('NORTH', { en: 'North', fr: 'Nord' }, org.$id);
    const south = await add('SOUTH', { en: 'South' }, org.$id);
    await add('OLD', { en: 'Old region' }, org.$id, { state: 'ARCHIVED' });
    const east = await add('EAST', { en: 'East' }, other.$id);
    const all = await (await fetch(`${srv.url}/lov/fr/CNS_REGIONS`)).json();
    expect(all).toEqual({
      [org.$id]: [
        { id: north.$id, key: 'NORTH', label: 'Nord' },
        { id: south.$id, key: 'SOUTH', label: 'South' },
      ],
      [other.$id]: [{ id: east.$id, key: 'EAST', label: 'East' }],
    });
    expect(Object.keys(await (await fetch(`${srv.url}/lov/en/CNS_REGIONS/${other.$id}`)).json())).toEqual([other.$id]);
    expect((await fetch(`${srv.url}/lov/en/bad-name`)).status).toBe(400);
  });

  test('GET /lov hides values the caller may not read', async () => {
    await admin.client.call('create/LOVValue', { list: 'RES_LANGUAGES', key: 'CRE', t: { en: 'Cree' }, $access: 'COMMUNITY' });
    expect(await (await fetch(`${srv.url}/lov/en/RES_LANGUAGES`)).json()).toEqual({});
    const signedIn = await (await fetch(`${srv.url}/lov/en/RES_LANGUAGES`, { headers: { authorization: `Bearer ${admin.token}` } })).json();
    expect(signedIn).toEqual({ _: [expect.objectContaining({ key: 'CRE', label: 'Cree' })] });
  });

  test('sign-in bodies are limited in size', async () => {
    const res = await fetch(`${srv.url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: 'p'.repeat(100_000) }),
    });
    expect(res.status).toBe(413);
  });
});
