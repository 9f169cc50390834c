import WebSocket from 'ws';
import { OpError } from '../../src/server/OpError';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { ADMIN, startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let token: string;

beforeAll(async () => {
  srv = await startTestServer({ authTimeoutMs: 1500, wsMaxMsgSize: 64 * 1024 });
  token = await signIn(srv.url, ADMIN.email, ADMIN.password);
});
afterAll(() => srv.stop());

describe('authentication on the socket', () => {
  test('tokenAuth is answered by authed with the user session', async () => {
    const { client, session } = await ProtocolClient.connect(srv.wsUrl, token);
    expect(session).toMatchObject({ _t: 'User', email: ADMIN.email, admin: true, masquerading: false, $version: srv.config.version });
    expect(session.$id).toMatch(/^User-\d+$/);
    expect(session.capabilities.Core).toBe(true);
    expect(Date.parse(session.tokenExpires)).toBeGreaterThan(Date.now());
    client.close();
  });

  test('an unknown token is closed with 4001 identFailed', async () => {
    const client = await ProtocolClient.open(srv.wsUrl);
    client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: 'x'.repeat(43), v: 'test' }));
    expect(await client.closed).toEqual({ code: 4001, reason: 'identFailed' });
  });

  test('a first frame other than tokenAuth is closed with identFailed', async () => {
    const client = await ProtocolClient.open(srv.wsUrl);
    client.sendRaw(JSON.stringify({ o: 'read/User-1', s: 1 }));
    expect(await client.closed).toEqual({ code: 4001, reason: 'identFailed' });
  });

  test('a socket that does not authenticate in time is closed', async () => {
    const client = await ProtocolClient.open(srv.wsUrl);
    expect(await client.closed).toEqual({ code: 4001, reason: 'authTimeout' });
  });

  test('a sign-in still being checked when the time to authenticate runs out goes on', async () => {
    // Checking the token waits out a restart of the database: the deadline is for sending tokenAuth.
    const { tokens } = srv.server.services;
    const original = tokens.resolve.bind(tokens);
    const resolve = jest.spyOn(tokens, 'resolve');
    resolve.mockImplementationOnce(async (t: string) => {
      await new Promise((r) => setTimeout(r, srv.config.authTimeoutMs + 500));
      return original(t);
    });
    const client = await ProtocolClient.open(srv.wsUrl);
    client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    expect(await client.nextPush((f) => f.o === 'authed')).toMatchObject({ b: { email: ADMIN.email } });
    resolve.mockRestore();
    client.close();
  });

  test('frames sent right after tokenAuth, before authed arrives, are answered', async () => {
    const client = await ProtocolClient.open(srv.wsUrl);
    client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    const reply = await client.request('ping');
    expect(reply).toEqual({ o: 'ping', s: 1, b: 'pong' });
    expect(client.pushes[0]?.o).toBe('authed');
    client.close();
  });

  test('a sign-in the server cannot check is closed to connect again, and the token stays good', async () => {
    // The database out of reach (restarting): a close 4001 identFailed would sign the person out.
    const resolve = jest.spyOn(srv.server.services.tokens, 'resolve');
    resolve.mockRejectedValueOnce(new OpError('databaseUnavailable', 'PostgreSQL cannot be reached'));
    const restarting = await ProtocolClient.open(srv.wsUrl);
    restarting.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    expect(await restarting.closed).toEqual({ code: 1012, reason: 'databaseUnavailable' });
    // Any other failure: the connection is lost (the client counts a failure and tries again later).
    resolve.mockRejectedValueOnce(new Error('out of memory'));
    const failed = await ProtocolClient.open(srv.wsUrl);
    failed.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    expect(await failed.closed).toEqual({ code: 1011, reason: 'serverError' });
    resolve.mockRestore();
    const { client } = await ProtocolClient.connect(srv.wsUrl, token);
    expect((await client.request('ping')).b).toBe('pong');
    client.close();
  });

  test('a request whose use of the token cannot be recorded is answered so, and the socket lives on', async () => {
    const { client } = await ProtocolClient.connect(srv.wsUrl, token);
    const touch = jest.spyOn(srv.server.services.tokens, 'touch');
    touch.mockRejectedValueOnce(new OpError('databaseUnavailable', 'PostgreSQL cannot be reached'));
    expect(await client.request('ping')).toMatchObject({ o: 'ping', s: 1, erred: true, b: { userMessage: 'databaseUnavailable' } });
    touch.mockRestore();
    expect(await client.request('ping')).toEqual({ o: 'ping', s: 2, b: 'pong' });
    client.close();
  });

  test('an upgrade from a foreign Origin is refused', async () => {
    await expect(ProtocolClient.open(srv.wsUrl, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const same = await ProtocolClient.open(srv.wsUrl, { origin: srv.url });
    same.close();
  });
});

describe('requests', () => {
  let client: ProtocolClient;
  beforeAll(async () => {
    ({ client } = await ProtocolClient.connect(srv.wsUrl, token));
  });
  afterAll(() => client.close());

  test('ping is answered by pong', async () => {
    expect(await client.request('ping')).toEqual({ o: 'ping', s: 1, b: 'pong' });
  });

  test('a malformed frame is answered erred and the socket lives on', async () => {
    client.sendRaw('{not json');
    const err = await client.nextPush((f) => f.erred === true);
    expect(err.b).toMatchObject({ userMessage: 'parseRequestFailed' });
    client.sendRaw(JSON.stringify({ b: 1, s: 99 }));
    expect((await client.nextPush((f) => f.erred === true)).b).toMatchObject({ userMessage: 'parseRequestFailed' });
    client.sendRaw(Buffer.from([1, 2, 3]));
    expect((await client.nextPush((f) => f.erred === true)).b).toMatchObject({ userMessage: 'parseRequestFailed' });
    expect((await client.request('ping')).b).toBe('pong');
  });

  test('an unknown operation is answered erred with unknownOperation', async () => {
    const reply = await client.request('frobnicate/Contact-1');
    expect(reply).toMatchObject({ o: 'frobnicate/Contact-1', erred: true, b: { userMessage: 'unknownOperation' } });
    expect(reply.s).toBeDefined();
  });

  test('a bad id is answered erred with invalidId', async () => {
    for (const bad of ['Contact', 'Contact-1-2-3', 'Contact-x', '-1']) {
      const reply = await client.request(`read/${bad}`);
      expect(reply).toMatchObject({ erred: true, b: { userMessage: 'invalidId', sysMessage: expect.stringContaining('Invalid id') } });
    }
  });

  test('a body of the wrong shape is answered erred with validationFailed', async () => {
    expect(await client.request('update', 'not an item')).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect(await client.request('update', { $id: 'Contact-1' })).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect(await client.request('readMany/object', { ids: [] })).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect(await client.request('create/Contact', [1, 2])).toMatchObject({ erred: true, b: { userMessage: 'validationFailed' } });
    expect((await client.request('ping')).b).toBe('pong');
  });

  test('a second tokenAuth is refused without closing', async () => {
    expect(await client.request('tokenAuth', token)).toMatchObject({ erred: true, b: { userMessage: 'parseRequestFailed' } });
    expect((await client.request('ping')).b).toBe('pong');
  });
});

test('a frame over wsMaxMsgSize is closed with 1009', async () => {
  const { client } = await ProtocolClient.connect(srv.wsUrl, token);
  client.sendRaw(JSON.stringify({ o: 'create/Contact', s: 1, b: { lastName: 'x'.repeat(70 * 1024) } }));
  expect((await client.closed).code).toBe(1009);
});

test('a socket connection without a token cannot reach operations', async () => {
  const ws = new WebSocket(srv.wsUrl);
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ o: 'tokenAuth', v: 'test' }));
  expect(await closed).toBe(4001);
});
