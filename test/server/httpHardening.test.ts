import WebSocket from 'ws';
import { TOKEN_HEADER } from '../../src/shared/constants';
import { configFromEnv, type ServerConfig } from '../../src/server/config';
import { ADDRESS_LIMITS } from '../../src/server/http/rateLimits';
import { buildUser } from '../support/factories';
import { linkToken, readOutbox } from '../support/outbox';
import { ADMIN, startTestServer, type RunningServer } from '../support/testServer';

const post = (srv: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Answers the HTTP status of a socket upgrade sent with `headers` (101 when it opened). */
function upgradeStatus(srv: RunningServer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(srv.wsUrl, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (e) => {
      if (!/Unexpected server response/.test(e.message)) reject(e);
    });
  });
}

async function withServer(overrides: Partial<ServerConfig>, run: (srv: RunningServer) => Promise<void>): Promise<void> {
  const srv = await startTestServer(overrides);
  try {
    await run(srv);
  } finally {
    await srv.stop();
  }
}

describe('socket origins without PUBLIC_URL', () => {
  test("an Origin naming this host is accepted only with the connection's scheme", async () => {
    await withServer({}, async (srv) => {
      const host = new URL(srv.url).host;
      expect(await upgradeStatus(srv, { origin: `http://${host}` })).toBe(101);
      expect(await upgradeStatus(srv, { origin: `https://${host}` })).toBe(403);
      expect(await upgradeStatus(srv, { origin: `http://evil.example` })).toBe(403);
      // An untrusted peer cannot claim https.
      expect(await upgradeStatus(srv, { origin: `https://${host}`, 'x-forwarded-proto': 'https' })).toBe(403);
    });
  });

  test('behind a trusted proxy that says https, the https origin is the one accepted', async () => {
    await withServer({ trustProxy: ['127.0.0.1'] }, async (srv) => {
      const host = new URL(srv.url).host;
      expect(await upgradeStatus(srv, { origin: `https://${host}`, 'x-forwarded-proto': 'https' })).toBe(101);
      expect(await upgradeStatus(srv, { origin: `http://${host}`, 'x-forwarded-proto': 'https' })).toBe(403);
      expect(
        await upgradeStatus(srv, {
          origin: 'https://records.example.org',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'records.example.org',
        }),
      ).toBe(101);
    });
  });
});

describe('answers carrying a token are never stored', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  test('sign-in answers Cache-Control: no-store with the token', async () => {
    const res = await post(srv, '/api/sign-in', { email: ADMIN.email, password: ADMIN.password });
    expect(res.headers.get(TOKEN_HEADER)).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('set-pass answers Cache-Control: no-store with the token', async () => {
    const user = await buildUser(srv);
    user.client.close();
    await post(srv, '/api/forgot-password', { email: user.email });
    const mail = (await readOutbox(srv.config.dataDir)).filter((m) => m.to.includes(user.email)).at(-1)!;
    const res = await post(srv, '/api/set-pass', { token: linkToken(mail, '/set-pass'), password: 'a new and long password' });
    expect(res.status).toBe(200);
    expect(res.headers.get(TOKEN_HEADER)).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('answers of POST /api/item (private data) are not stored either', async () => {
    const admin = await post(srv, '/api/sign-in', { email: ADMIN.email, password: ADMIN.password });
    const res = await post(srv, '/api/item', { o: 'read/User-1', s: 1 }, { authorization: `Bearer ${admin.headers.get(TOKEN_HEADER)!}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('per-address rate limits on what anonymous callers can hammer', () => {
  const forgot = (srv: RunningServer, headers: Record<string, string> = {}) =>
    post(srv, '/api/forgot-password', { email: 'nobody@test.example' }, headers);
  const times = async (n: number, call: () => Promise<Response>): Promise<number[]> => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await call()).status);
    return statuses;
  };

  test('past the limit an address is answered 429 tooManyRequests with Retry-After', async () => {
    await withServer({}, async (srv) => {
      expect(await times(ADDRESS_LIMITS.forgotPassword.max, () => forgot(srv))).toEqual(Array(ADDRESS_LIMITS.forgotPassword.max).fill(200));
      const refused = await forgot(srv);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ userMessage: 'tooManyRequests', sysMessage: expect.any(String) });
      // A forged X-Forwarded-For from an untrusted peer is no fresh address.
      expect((await forgot(srv, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
      // Each route has its own allowance.
      expect((await post(srv, '/api/sign-in', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    });
  });

  test('behind a trusted proxy each client address has its own allowance', async () => {
    await withServer({ trustProxy: ['127.0.0.1'] }, async (srv) => {
      const a = { 'x-forwarded-for': '203.0.113.10' };
      await times(ADDRESS_LIMITS.forgotPassword.max, () => forgot(srv, a));
      expect((await forgot(srv, a)).status).toBe(429);
      expect((await forgot(srv, { 'x-forwarded-for': '203.0.113.11' })).status).toBe(200);
    });
  });

  test('ANONYMOUS_REQUESTS_PER_MINUTE sets the anonymous allowance (3,000 unless set); a bad value stops the start', () => {
    expect(configFromEnv({}).anonymousRequestsPerMinute).toBe(ADDRESS_LIMITS.anonymousItem.max);
    expect(configFromEnv({ ANONYMOUS_REQUESTS_PER_MINUTE: '600' }).anonymousRequestsPerMinute).toBe(600);
    expect(() => configFromEnv({ ANONYMOUS_REQUESTS_PER_MINUTE: 'many' })).toThrow(/ANONYMOUS_REQUESTS_PER_MINUTE/);
  });

  test('anonymous POST /api/item is limited per address; signed-in calls are not held by that limit', async () => {
    // The default allows 3,000 a minute; a site may set its own (ANONYMOUS_REQUESTS_PER_MINUTE).
    await withServer({ anonymousRequestsPerMinute: 100 }, async (srv) => {
      const anonymous = () => post(srv, '/api/item', { o: 'ping', s: 1 });
      const statuses: number[] = [];
      for (let sent = 0; sent < 100; sent += 25) {
        statuses.push(...(await Promise.all(Array.from({ length: 25 }, async () => (await anonymous()).status))));
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(0);
      const refused = await anonymous();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ userMessage: 'tooManyRequests' });
      const signedIn = await post(srv, '/api/sign-in', { email: ADMIN.email, password: ADMIN.password });
      const token = signedIn.headers.get(TOKEN_HEADER)!;
      expect((await post(srv, '/api/item', { o: 'ping', s: 1 }, { authorization: `Bearer ${token}` })).status).toBe(200);
    });
  });
});
