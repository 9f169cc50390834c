import { TOKEN_HEADER } from '../../src/shared/constants';
import type { NewTokenBody, TokenWarningBody } from '../../src/shared/protocol';
import { buildUser } from '../support/factories';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { ADMIN, startTestServer, type RunningServer } from '../support/testServer';

const post = (srv: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('sign-in', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  test('the right pair answers 200 with an opaque token of at least 128 bits in x-vgn-token', async () => {
    const res = await post(srv, '/api/sign-in', { email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(res.status).toBe(200);
    const token = res.headers.get(TOKEN_HEADER)!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(token).not.toContain(ADMIN.email);
    const stored = await srv.server.services.db.query<{ token_hash: string }>('SELECT token_hash FROM tokens');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);
  });

  test('a wrong pair answers 401 signInFailed, the same for an unknown e-mail', async () => {
    for (const body of [
      { email: ADMIN.email, password: 'wrong password' },
      { email: 'nobody@test.example', password: 'x' },
    ]) {
      const res = await post(srv, '/api/sign-in', body);
      expect(res.status).toBe(401);
      expect(res.headers.get(TOKEN_HEADER)).toBeNull();
      expect(await res.json()).toMatchObject({ userMessage: 'signInFailed' });
    }
  });

  test('a malformed body answers 400', async () => {
    expect((await post(srv, '/api/sign-in', { email: 3 })).status).toBe(400);
    const res = await fetch(`${srv.url}/api/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(res.status).toBe(400);
  });

  test('failures from one address slow down only past a higher allowance than an account', async () => {
    const user = await buildUser(srv);
    user.client.close();
    // Other accounts' failures from the same address do not lock this user out yet.
    for (let i = 0; i < 8; i++) await post(srv, '/api/sign-in', { email: `someone${i}@test.example`, password: 'x' });
    expect((await post(srv, '/api/sign-in', { email: user.email, password: user.password })).status).toBe(200);
  });

  test('repeated failures on one account are slowed down, even with the right password', async () => {
    const user = await buildUser(srv);
    user.client.close();
    for (let i = 0; i < 6; i++) await post(srv, '/api/sign-in', { email: user.email, password: `guess ${i}` });
    const res = await post(srv, '/api/sign-in', { email: user.email, password: user.password });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ userMessage: 'signInThrottled' });
  });

  test('HTTP calls authenticate with Authorization: Bearer', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const me = await post(srv, '/api/item', { o: 'read/User-1', s: 1 }, { authorization: `Bearer ${token}` });
    expect(await me.json()).toMatchObject({ o: 'read/User-1', s: 1, b: { $id: 'User-1', email: ADMIN.email } });
    const bad = await post(srv, '/api/item', { o: 'read/User-1', s: 1 }, { authorization: 'Bearer not-a-real-token-at-all-123' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ erred: true, b: { userMessage: 'notSignedIn' } });
  });
});

describe('token lifetime', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer({ tokenTtlSeconds: 3, tokenWarningSeconds: 2 });
  });
  afterAll(() => srv.stop());

  test('tokenWarning is pushed before expiry, and the socket is closed with tokenExpired at expiry', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const { client, session } = await ProtocolClient.connect(srv.wsUrl, token);
    const warning = await client.nextPush((f) => f.o === 'tokenWarning', 5000);
    expect((warning.b as TokenWarningBody).expires).toBe(session.tokenExpires);
    expect(await client.closed).toEqual({ code: 4001, reason: 'tokenExpired' });
  });

  test('an expired token is refused on connect with expiredOnConnect', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    await new Promise((r) => setTimeout(r, 3200));
    const client = await ProtocolClient.open(srv.wsUrl);
    client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    expect(await client.closed).toEqual({ code: 4001, reason: 'expiredOnConnect' });
  });

  test('nextToken is answered by newToken; the socket then lives on the new token', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(srv.wsUrl, token);
    await client.nextPush((f) => f.o === 'tokenWarning', 5000);
    await new Promise((r) => setTimeout(r, 500));
    expect(await client.call('nextToken')).toBeNull();
    const fresh = (await client.nextPush((f) => f.o === 'newToken')).b as NewTokenBody;
    expect(fresh.token).not.toBe(token);
    expect(Date.parse(fresh.expires)).toBeGreaterThan(Date.now() + 2000);
    // The old expiry passes and the socket stays open.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await client.call('ping')).toBe('pong');
    const second = await ProtocolClient.connect(srv.wsUrl, fresh.token);
    expect(second.session.email).toBe(ADMIN.email);
    second.client.close();
    client.close();
  });
});

describe('token rotation', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer({ tokenGraceSeconds: 1 });
  });
  afterAll(() => srv.stop());

  test('after nextToken the old token works for the grace period only; the new one works on', async () => {
    const old = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(srv.wsUrl, old);
    expect(await client.call('nextToken')).toBeNull();
    const fresh = ((await client.nextPush((f) => f.o === 'newToken')).b as NewTokenBody).token;
    const readWith = (token: string) => post(srv, '/api/item', { o: 'read/User-1', s: 1 }, { authorization: `Bearer ${token}` });
    // Within the grace period: another tab, or a request already on its way, still passes.
    expect((await readWith(old)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await readWith(old)).status).toBe(401);
    const late = await ProtocolClient.open(srv.wsUrl);
    late.sendRaw(JSON.stringify({ o: 'tokenAuth', b: old, v: 'test' }));
    expect(await late.closed).toMatchObject({ code: 4001 });
    expect((await readWith(fresh)).status).toBe(200);
    expect(await client.call('ping')).toBe('pong');
    client.close();
  });
});

describe('sign-out', () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(() => srv.stop());

  test('signout closes every socket of that token with signedout, and only those', async () => {
    const token = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const other = await signIn(srv.url, ADMIN.email, ADMIN.password);
    const a = await ProtocolClient.connect(srv.wsUrl, token);
    const b = await ProtocolClient.connect(srv.wsUrl, token);
    const c = await ProtocolClient.connect(srv.wsUrl, other);
    void a.client.request('signout').catch(() => undefined);
    expect(await a.client.closed).toEqual({ code: 4001, reason: 'signedout' });
    expect(await b.client.closed).toEqual({ code: 4001, reason: 'signedout' });
    expect(await c.client.call('ping')).toBe('pong');
    c.client.close();

    const again = await ProtocolClient.open(srv.wsUrl);
    again.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    expect(await again.closed).toEqual({ code: 4001, reason: 'identFailed' });
    const http = await post(srv, '/api/item', { o: 'ping', s: 1 }, { authorization: `Bearer ${token}` });
    expect(http.status).toBe(401);
  });
});
