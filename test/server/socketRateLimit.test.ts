import { SOCKET_RATE_BURST } from '../../src/shared/constants';
import type { Frame } from '../../src/shared/protocol';
import { buildUser, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

// Issue 19: rate limits per socket. A token bucket per socket; frames over it are answered
// tooManyRequests without being run, and a socket that keeps on flooding is closed.

let srv: RunningServer;
let user: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  user = await buildUser(srv);
});
afterAll(async () => {
  user?.client.close();
  await srv.stop();
});

/** Sends `n` pings at once on a fresh socket of `user`; answers the replies. */
async function burst(client: ProtocolClient, n: number): Promise<Frame[]> {
  return Promise.all(Array.from({ length: n }, () => client.request('ping')));
}

const fresh = async (): Promise<ProtocolClient> => (await ProtocolClient.connect(srv.wsUrl, user.token)).client;

test('a burst as large as a page load needs, and more, is answered in full', async () => {
  const client = await fresh();
  const replies = await burst(client, SOCKET_RATE_BURST - 10);
  expect(replies.filter((r) => r.erred)).toEqual([]);
  client.close();
});

test('frames over the limit are answered tooManyRequests, unrun; the socket recovers', async () => {
  const client = await fresh();
  const replies = await burst(client, SOCKET_RATE_BURST + 100);
  const refused = replies.filter((r) => r.erred);
  expect(refused.length).toBeGreaterThanOrEqual(50);
  for (const r of refused) expect(r.b).toMatchObject({ userMessage: 'tooManyRequests' });
  expect(replies.filter((r) => r.b === 'pong').length).toBeGreaterThanOrEqual(SOCKET_RATE_BURST);
  await new Promise((r) => setTimeout(r, 1100));
  expect(await client.call('ping')).toBe('pong');
  client.close();
});

test('a socket that keeps on flooding is closed 1008, and other sockets are not affected', async () => {
  const flooder = await fresh();
  const other = await fresh();
  const flood = setInterval(() => {
    for (let i = 0; i < 100; i++) if (flooder.socket.readyState === flooder.socket.OPEN) flooder.sendRaw('{"o":"ping","s":1}');
  }, 20);
  try {
    expect(await flooder.closed).toEqual({ code: 1008, reason: 'tooManyRequests' });
  } finally {
    clearInterval(flood);
  }
  expect(await other.call('ping')).toBe('pong');
  other.close();
});
