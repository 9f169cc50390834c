import { hashToken } from '../../src/server/accounts/TokenService';
import { configFromEnv } from '../../src/server/config';
import type { NewTokenBody, TokenWarningBody } from '../../src/shared/protocol';
import { buildUser, connectAdmin } from '../support/factories';
import { ProtocolClient, signIn, type Closed } from '../support/protocolClient';
import { ADMIN, startTestServer, type RunningServer } from '../support/testServer';

/** ASVS 5.0 7.3.1 (inactivity timeout) and 7.3.2 (absolute session lifetime), on both drivers. */

const DAY_MS = 24 * 3600 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const readWith = (srv: RunningServer, token: string) =>
  fetch(`${srv.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ o: 'read/User-1', s: 1 }),
  });

/** A file GET authenticated by the cookie: 401 for a refused token, 404 (no such attachment) otherwise. */
const fileWith = (srv: RunningServer, token: string) =>
  fetch(`${srv.url}/attachment/Attachment-999999`, { headers: { cookie: `vgn-token=${encodeURIComponent(token)}` } });

/** Where a tokenAuth with `token` ends: authed, or the close. */
async function connectOutcome(srv: RunningServer, token: string): Promise<'authed' | Closed> {
  const client = await ProtocolClient.open(srv.wsUrl);
  const authed = client.nextPush((f) => f.o === 'authed').then(() => 'authed' as const);
  client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
  const outcome = await Promise.race([authed, client.closed]);
  client.close();
  return outcome;
}

/** Moves a token's last use `ms` into the past, as if that much time had gone by unused. */
async function ageLastUse(srv: RunningServer, token: string, ms: number): Promise<void> {
  const until = new Date(Date.now() - ms).toISOString();
  await srv.server.services.db.query('UPDATE tokens SET last_used_at = $2 WHERE token_hash = $1', [hashToken(token), until]);
}

/** Moves the start of a token's session `ms` into the past. */
async function ageSession(srv: RunningServer, token: string, ms: number): Promise<Date> {
  const start = new Date(Date.now() - ms);
  await srv.server.services.db.query('UPDATE tokens SET session_started_at = $2 WHERE token_hash = $1', [
    hashToken(token),
    start.toISOString(),
  ]);
  return start;
}

async function tokenRow(srv: RunningServer, token: string): Promise<{ session_started_at: Date; expires_at: Date; last_used_at: Date }> {
  const res = await srv.server.services.db.query<{
    session_started_at: Date | string;
    expires_at: Date | string;
    last_used_at: Date | string;
  }>('SELECT session_started_at, expires_at, last_used_at FROM tokens WHERE token_hash = $1', [hashToken(token)]);
  const row = res.rows[0]!;
  return {
    session_started_at: new Date(row.session_started_at),
    expires_at: new Date(row.expires_at),
    last_used_at: new Date(row.last_used_at),
  };
}

describe('inactivity timeout (TOKEN_IDLE_SECONDS, 7 days by default)', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  test('a token unused for the idle time is refused over HTTP, by the file cookie and on the socket, as an expired one is', async () => {
    const idle = await signIn(srv.url, ADMIN.email, ADMIN.password);
    expect((await readWith(srv, idle)).status).toBe(200);
    await ageLastUse(srv, idle, 7 * DAY_MS + 60_000);
    const http = await readWith(srv, idle);
    expect(http.status).toBe(401);
    expect(await http.json()).toMatchObject({ erred: true, b: { userMessage: 'notSignedIn' } });
    expect((await fileWith(srv, idle)).status).toBe(401);
    expect(await connectOutcome(srv, idle)).toEqual({ code: 4001, reason: 'expiredOnConnect' });
    // Refusals are no use: the token stays idle.
    expect((await readWith(srv, idle)).status).toBe(401);
  });

  test("each use restarts the idle clock: HTTP, the file cookie and a socket's tokenAuth", async () => {
    const used = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const uses: [string, () => Promise<number | 'authed' | Closed>][] = [
      ['Bearer', async () => (await readWith(srv, used)).status],
      ['cookie', async () => (await fileWith(srv, used)).status],
      ['tokenAuth', () => connectOutcome(srv, used)],
    ];
    const answers: Record<string, number | 'authed' | Closed> = {};
    for (const [name, use] of uses) {
      await ageLastUse(srv, used, 7 * DAY_MS - 60_000);
      const before = Date.now();
      answers[name] = await use();
      expect([name, (await tokenRow(srv, used)).last_used_at.getTime() >= before - 1000]).toEqual([name, true]);
    }
    expect(answers).toEqual({ Bearer: 200, cookie: 404, tokenAuth: 'authed' });
  });
});

describe('inactivity timeout on open sockets', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer({ tokenIdleSeconds: 2 });
  });
  afterAll(() => srv.stop());

  test('frames on an open socket keep its token from going idle; an unused token beside it goes idle', async () => {
    const busy = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const quiet = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(srv.wsUrl, busy);
    for (let i = 0; i < 7; i++) {
      await sleep(400);
      expect(await client.call('ping')).toBe('pong');
    }
    expect((await readWith(srv, busy)).status).toBe(200);
    expect((await readWith(srv, quiet)).status).toBe(401);
    client.close();
  });

  test('a socket that falls silent is closed with tokenExpired once its token has gone idle', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(srv.wsUrl, token);
    const started = Date.now();
    expect(await client.closed).toEqual({ code: 4001, reason: 'tokenExpired' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect((await readWith(srv, token)).status).toBe(401);
  });
});

describe('absolute session lifetime (TOKEN_MAX_AGE_SECONDS, 30 days by default)', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  test("nextToken keeps the session's start; far from the cap the new token gets the full TTL", async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const start = (await tokenRow(srv, token)).session_started_at;
    const { client } = await ProtocolClient.connect(srv.wsUrl, token);
    expect(await client.call('nextToken')).toBeNull();
    const fresh = (await client.nextPush((f) => f.o === 'newToken')).b as NewTokenBody;
    expect((await tokenRow(srv, fresh.token)).session_started_at.toISOString()).toBe(start.toISOString());
    expect(Math.abs(Date.parse(fresh.expires) - (Date.now() + srv.config.tokenTtlSeconds * 1000))).toBeLessThan(10_000);
    client.close();
  });

  test('near the cap nextToken answers a token that expires at the cap, and it works', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(srv.wsUrl, token);
    const start = await ageSession(srv, token, 30 * DAY_MS - 3600_000);
    const cap = new Date(start.getTime() + 30 * DAY_MS);
    expect(await client.call('nextToken')).toBeNull();
    const fresh = (await client.nextPush((f) => f.o === 'newToken')).b as NewTokenBody;
    expect(fresh.expires).toBe(cap.toISOString());
    expect((await tokenRow(srv, fresh.token)).session_started_at.toISOString()).toBe(start.toISOString());
    expect((await readWith(srv, fresh.token)).status).toBe(200);
    // Refreshing again cannot pass the cap either.
    expect(await client.call('nextToken')).toBeNull();
    const again = (await client.nextPush((f) => f.o === 'newToken')).b as NewTokenBody;
    expect(again.expires).toBe(cap.toISOString());
    expect(await client.call('ping')).toBe('pong');
    client.close();
  });

  test("a session past its cap is refused, even before its token's own expiry, and cannot be refreshed", async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(srv.wsUrl, token);
    await ageSession(srv, token, 30 * DAY_MS + 60_000);
    expect(await client.request('nextToken')).toMatchObject({ erred: true, b: { userMessage: 'notSignedIn' } });
    expect((await readWith(srv, token)).status).toBe(401);
    expect(await connectOutcome(srv, token)).toEqual({ code: 4001, reason: 'expiredOnConnect' });
    client.close();
  });

  test('a socket whose session reaches the cap is warned, then closed with tokenExpired at the cap', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const start = await ageSession(srv, token, 30 * DAY_MS - 1500);
    const cap = new Date(start.getTime() + 30 * DAY_MS);
    const { client, session } = await ProtocolClient.connect(srv.wsUrl, token);
    expect(session.tokenExpires).toBe(cap.toISOString());
    const warning = await client.nextPush((f) => f.o === 'tokenWarning', 3000);
    expect((warning.b as TokenWarningBody).expires).toBe(cap.toISOString());
    expect(await client.closed).toEqual({ code: 4001, reason: 'tokenExpired' });
  });

  test("a masquerade token keeps the administrator's session start and cap, and goes idle like any token", async () => {
    const admin = await connectAdmin(srv);
    const bob = await buildUser(srv);
    const start = await ageSession(srv, admin.token, 20 * DAY_MS);
    const cap = new Date(start.getTime() + 30 * DAY_MS);
    const { newToken } = await admin.client.call<{ newToken: string }>('act/masquerade', { targetUserID: bob.id });
    const row = await tokenRow(srv, newToken);
    expect(row.session_started_at.toISOString()).toBe(start.toISOString());
    expect(row.expires_at.toISOString()).toBe(cap.toISOString());
    const masq = await ProtocolClient.connect(srv.wsUrl, newToken);
    const stopped = await masq.client.call<{ newToken: string }>('act/masquerade', { stop: true });
    expect((await tokenRow(srv, stopped.newToken)).session_started_at.toISOString()).toBe(start.toISOString());

    const second = await admin.client.call<{ newToken: string }>('act/masquerade', { targetUserID: bob.id });
    expect((await readWith(srv, second.newToken)).status).toBe(200);
    await ageLastUse(srv, second.newToken, 7 * DAY_MS + 60_000);
    expect((await readWith(srv, second.newToken)).status).toBe(401);
    for (const c of [admin.client, bob.client, masq.client]) c.close();
  });
});

describe('configuration', () => {
  test('defaults: 14 days TTL, 7 days idle, 30 days maximum age', () => {
    const config = configFromEnv({});
    expect(config.tokenTtlSeconds).toBe(14 * 86400);
    expect(config.tokenIdleSeconds).toBe(7 * 86400);
    expect(config.tokenMaxAgeSeconds).toBe(30 * 86400);
  });

  test('a TTL set above the maximum age is refused; the default TTL is clamped to a lower maximum age', () => {
    expect(() => configFromEnv({ TOKEN_TTL_SECONDS: '7200', TOKEN_MAX_AGE_SECONDS: '3600' })).toThrow(/TOKEN_TTL_SECONDS/);
    expect(configFromEnv({ TOKEN_MAX_AGE_SECONDS: '3600' }).tokenTtlSeconds).toBe(3600);
    expect(() => configFromEnv({ TOKEN_IDLE_SECONDS: '0' })).toThrow(/TOKEN_IDLE_SECONDS/);
  });
});
