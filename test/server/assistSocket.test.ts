/** `/ws-assist/socket` (issue 18, spec 000 §7): authenticated like /ws, Origin checked, agents only with the SupportAgent capability, consent relayed. */
import * as tus from 'tus-js-client';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let user: TestUser;
let agent: TestUser;
let plain: TestUser;
let admin: TestUser;

/** Stores `name` as a live-help recording on `owner`'s own record, uploaded as `owner` (as the widget does); answers the Attachment id. */
function storeRecording(owner: TestUser, name: string): Promise<string> {
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(64)]);
  return new Promise((resolve, reject) => {
    new tus.Upload(webm, {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${owner.token}` },
      metadata: { filename: name, relType: 'User', relIndex: owner.id.slice('User-'.length), relProp: 'assistRecordings' },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('x-kk-attachment-id') ?? ''),
    }).start();
  });
}
const fileStatus = async (id: string, token: string): Promise<number> =>
  (await fetch(`${srv.url}/attachment/${id}`, { headers: { authorization: `Bearer ${token}` } })).status;

const url = (peerId: string, identity: 'user' | 'agent', origin = srv.url) => {
  const q = new URLSearchParams({ peerId, identity, tabId: 't1', sessionInfo: JSON.stringify({ name: 'Ada', email: 'a@x', path: '/' }) });
  return { wsUrl: `${srv.wsUrl.replace(/\/ws$/, '/ws-assist/socket')}?${q.toString()}`, origin };
};
/** Reads with `read` until `done` holds of what it answers (or 50 tries, 50 ms apart); answers the last reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 1; i < 50 && !done(value); i += 1) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}
async function join(peerId: string, identity: 'user' | 'agent', token: string): Promise<ProtocolClient> {
  const { wsUrl, origin } = url(peerId, identity);
  const client = await ProtocolClient.open(wsUrl, { origin });
  client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
  await client.nextPush((f) => f.o === 'authed');
  return client;
}

beforeAll(async () => {
  srv = await startTestServer({ authTimeoutMs: 1500 });
  admin = await connectAdmin(srv);
  user = await buildUser(srv, { name: 'Ada Lovelace' });
  agent = await buildUser(srv, { name: 'Sam Support' });
  plain = await buildUser(srv, { name: 'Pat Plain' });
  await admin.client.call('act/setCapabilities', { userId: agent.id, capabilities: { SupportAgent: true } });
  for (const u of [agent, plain]) u.client.close();
});
afterAll(async () => {
  user.client.close();
  admin.client.close();
  await srv.stop();
});

describe('/ws-assist/socket', () => {
  it('closes a socket without a good token with 4001', async () => {
    const { wsUrl } = url('help-a', 'user');
    const client = await ProtocolClient.open(wsUrl);
    client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: 'x'.repeat(43), v: 'test' }));
    expect(await client.closed).toEqual({ code: 4001, reason: 'identFailed' });
  });

  it('refuses an upgrade from another origin', async () => {
    const { wsUrl } = url('help-a', 'user');
    await expect(ProtocolClient.open(wsUrl, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });

  it('refuses an agent without the SupportAgent capability', async () => {
    const asking = await join('help-b', 'user', user.token);
    const notAgent = await join('help-b', 'agent', plain.token);
    expect(await notAgent.closed).toEqual({ code: 4003, reason: 'notSupportAgent' });
    asking.close();
  });

  it('relays a consent round trip, a busy answer, and End to both sides', async () => {
    const asking = await join('help-c', 'user', user.token);
    const helper = await join('help-c', 'agent', agent.token);
    expect((await helper.nextPush((f) => f.o === 'assist/session')).b).toMatchObject({ peerId: 'help-c', sessionInfo: { name: 'Ada' } });
    const joined = await asking.nextPush((f) => f.o === 'assist/agentJoined');
    expect(joined.b).toEqual({ agentId: agent.id, name: 'Sam Support', iceServers: [] });

    helper.sendRaw(JSON.stringify({ o: 'assist/request', b: { kind: 'control' } }));
    expect((await asking.nextPush((f) => f.o === 'assist/request')).b).toEqual({ kind: 'control', agentId: agent.id });
    asking.sendRaw(JSON.stringify({ o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: agent.id } }));
    expect((await helper.nextPush((f) => f.o === 'assist/answer')).b).toEqual({ kind: 'control', answer: 'accept', agentId: agent.id });

    helper.sendRaw(JSON.stringify({ o: 'assist/request', b: { kind: 'control' } }));
    await asking.nextPush((f) => f.o === 'assist/request');
    asking.sendRaw(JSON.stringify({ o: 'assist/answer', b: { kind: 'control', answer: 'busy', agentId: agent.id } }));
    expect((await helper.nextPush((f) => f.o === 'assist/answer')).b).toEqual({ kind: 'control', answer: 'busy', agentId: agent.id });

    asking.sendRaw(JSON.stringify({ o: 'assist/end' }));
    await helper.nextPush((f) => f.o === 'assist/end');
    expect(await helper.closed).toEqual({ code: 1000, reason: 'ended' });
    asking.close();
  });

  it('keeps every consent event in an audit trail the user and administrators read, and no one else', async () => {
    type Row = {
      peerId: string;
      userId: string;
      agentId: string | null;
      event: string;
      kind: string | null;
      answer: string | null;
      by: string;
    };
    const read = async (client: ProtocolClient) =>
      (await client.call<{ events: Row[] }>('act/assistAudit')).events.filter((e) => e.peerId === 'help-c');
    const mine = await until(
      () => read(user.client),
      (rows) => rows.length >= 7,
    );
    expect(mine.map((e) => [e.event, e.kind, e.answer, e.by]).reverse()).toEqual([
      ['asked', null, null, 'user'],
      ['joined', null, null, 'agent'],
      ['requested', 'control', null, 'agent'],
      ['answered', 'control', 'accept', 'user'],
      ['requested', 'control', null, 'agent'],
      ['answered', 'control', 'busy', 'user'],
      ['ended', null, null, 'user'],
    ]);
    expect(mine.every((e) => e.userId === user.id)).toBe(true);
    expect(await read(admin.client)).toHaveLength(7);
    const other = await buildUser(srv, { name: 'Nosy Neighbour' });
    expect(await read(other.client)).toEqual([]);
    other.client.close();
  });

  it("lists the waiting users to support agents only, and names the user and the agent in one session's trail", async () => {
    const asking = await join('help-d', 'user', user.token);
    const sam = await ProtocolClient.connect(srv.wsUrl, agent.token);
    const nosy = await ProtocolClient.connect(srv.wsUrl, plain.token);
    // On PostgreSQL the shared list is written just after the user's socket joins: the console reads it again until it shows.
    const { requests } = await until(
      () =>
        sam.client.call<{ requests: { peerId: string; name: string; email: string; path: string; askedAt: string }[] }>(
          'act/assistWaiting',
        ),
      (r) => r.requests.some((q) => q.peerId === 'help-d'),
    );
    expect(requests.find((r) => r.peerId === 'help-d')).toMatchObject({ name: 'Ada', email: 'a@x', path: '/', title: '' });
    expect(Number.isNaN(Date.parse(requests.find((r) => r.peerId === 'help-d')!.askedAt))).toBe(false);
    await expect(nosy.client.call('act/assistWaiting')).rejects.toThrow(/notAllowed/);
    // Nor does anyone else read this session's trail by naming it; the agent does.
    expect((await nosy.client.call<{ events: unknown[] }>('act/assistAudit', { peerId: 'help-d' })).events).toEqual([]);
    const helper = await join('help-d', 'agent', agent.token);
    await asking.nextPush((f) => f.o === 'assist/agentJoined');
    type Named = { event: string; userName: string; agentName: string | null };
    const rows = await until(
      async () => (await sam.client.call<{ events: Named[] }>('act/assistAudit', { peerId: 'help-d' })).events,
      (r) => r.length >= 2,
    );
    expect(rows.map((r) => [r.event, r.userName, r.agentName])).toEqual([
      ['joined', 'Ada Lovelace', 'Sam Support'],
      ['asked', 'Ada Lovelace', null],
    ]);
    helper.close();
    asking.close();
    sam.client.close();
    nosy.client.close();
  });

  it("lists a user's recordings to her and administrators only; no one else lists or opens them", async () => {
    const id = await storeRecording(user, 'Live help recording, 28-Nov-2026 10:00.webm');
    type Listed = { recordings: { id: string; name: string; createdAt: string; size: number | null }[] };
    const own = await user.client.call<Listed>('act/assistRecordings', { userId: user.id });
    expect(own.recordings).toEqual([
      { id, name: 'Live help recording, 28-Nov-2026 10:00.webm', createdAt: expect.any(String), size: expect.any(Number) },
    ]);
    expect((await admin.client.call<Listed>('act/assistRecordings', { userId: user.id })).recordings.map((r) => r.id)).toEqual([id]);
    expect(await fileStatus(id, user.token)).toBe(200);
    // Another user, a support agent among them, neither lists nor opens them.
    for (const other of [plain, agent]) {
      const { client } = await ProtocolClient.connect(srv.wsUrl, other.token);
      await expect(client.call('act/assistRecordings', { userId: user.id })).rejects.toThrow(/notAllowed/);
      expect((await client.call<Listed>('act/assistRecordings', { userId: other.id })).recordings).toEqual([]);
      expect(await fileStatus(id, other.token)).toBe(404);
      client.close();
    }
    // Deleted, it is gone from her list.
    await user.client.call(`delete/${id}`);
    expect((await user.client.call<Listed>('act/assistRecordings', { userId: user.id })).recordings).toEqual([]);
  });
});
