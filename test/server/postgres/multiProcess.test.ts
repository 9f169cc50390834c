import type { Item } from '../../../src/shared/items/types';
import { ProtocolClient, signIn } from '../../support/protocolClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshPostgresDatabase } from '../../support/testServer';

let a: ServerProcess;
let b: ServerProcess;
let databaseUrl: string;

beforeAll(async () => {
  const url = await freshPostgresDatabase();
  databaseUrl = url;
  // Started together: the migration lock keeps them from racing on an empty database.
  const started = await Promise.allSettled([startServerProcess({ DATABASE_URL: url }), startServerProcess({ DATABASE_URL: url })]);
  if (started.some((s) => s.status === 'rejected')) {
    for (const s of started) if (s.status === 'fulfilled') s.value.child.kill('SIGKILL');
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
  }
  [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
});
afterAll(async () => {
  for (const p of [a, b]) p?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
});

test('a watcher on the second process sees an update made through the first', async () => {
  const token = await signIn(a.url, ADMIN.email, ADMIN.password);
  const writer = await ProtocolClient.connect(a.wsUrl, token);
  const watcher = await ProtocolClient.connect(b.wsUrl, await signIn(b.url, ADMIN.email, ADMIN.password));
  const item = await writer.client.call<Item>('create/Contact', { lastName: 'Across Processes' });
  await watcher.client.call(`addWatch/${item.$id}`);
  // The second process now holds the item in its cache at _u 1.
  expect((await watcher.client.call<Item>(`read/${item.$id}`))._u).toBe(1);
  await watcher.client.call('addWatch/Contact-0', { lastName: 'Typed Across' });
  await writer.client.call('update', { $id: item.$id, _u: 1, firstName: 'Seen' });
  const push = await watcher.client.nextPush((f) => f.o === 'item/update' && (f.b as Item).$id === item.$id && (f.b as Item)._u === 2);
  expect(push.b).toMatchObject({ firstName: 'Seen', lastName: 'Across Processes' });
  // Once the change has reached the second process, its reads are fresh too.
  expect(await watcher.client.call<Item>(`read/${item.$id}`)).toMatchObject({ _u: 2, firstName: 'Seen' });
  const typed = await writer.client.call<Item>('create/Contact', { lastName: 'Typed Across' });
  expect((await watcher.client.nextPush((f) => f.o === 'item/update' && (f.b as Item).$id === typed.$id)).b).toMatchObject({ _u: 1 });
  writer.client.close();
  watcher.client.close();
});

test('signing out through one process closes the sockets of that token on the other', async () => {
  const token = await signIn(a.url, ADMIN.email, ADMIN.password);
  const onA = await ProtocolClient.connect(a.wsUrl, token);
  const onB = await ProtocolClient.connect(b.wsUrl, token);
  void onA.client.request('signout').catch(() => undefined);
  expect(await onB.client.closed).toEqual({ code: 4001, reason: 'signedout' });
  expect(await onA.client.closed).toEqual({ code: 4001, reason: 'signedout' });
});

test('a site text changed through one process reaches the open pages of the other', async () => {
  const adminOnA = await ProtocolClient.connect(a.wsUrl, await signIn(a.url, ADMIN.email, ADMIN.password));
  const userOnB = await ProtocolClient.connect(b.wsUrl, await signIn(b.url, ADMIN.email, ADMIN.password));
  try {
    const pushed = userOnB.client.nextPush((f) => f.o === 'localeOverride');
    await adminOnA.client.call('act/setLocaleOverride', { lang: 'en', key: 'app.subtitle', message: 'Across processes' });
    expect((await pushed).b).toEqual({ lang: 'en', key: 'app.subtitle', message: 'Across processes' });
  } finally {
    adminOnA.client.close();
    userOnB.client.close();
  }
});

test('live assist: a user on one process and a support agent on the other meet, and every frame crosses between them', async () => {
  const adminOnA = await ProtocolClient.connect(a.wsUrl, await signIn(a.url, ADMIN.email, ADMIN.password));
  const adminId = adminOnA.session.$id;
  await adminOnA.client.call('act/setCapabilities', { userId: adminId, capabilities: { SupportAgent: true } });
  const ada = await adminOnA.client.call<Item>('create/User', { name: 'Ada Across', email: 'ada.across@test.example' });
  const masquerading = await ProtocolClient.connect(a.wsUrl, await signIn(a.url, ADMIN.email, ADMIN.password));
  const { newToken: adaToken } = await masquerading.client.call<{ newToken: string }>('act/masquerade', { targetUserID: ada.$id });
  const agentToken = await signIn(b.url, ADMIN.email, ADMIN.password);
  const assist = async (on: ServerProcess, identity: 'user' | 'agent', token: string, peerId = 'across-1'): Promise<ProtocolClient> => {
    const q = new URLSearchParams({
      peerId,
      identity,
      tabId: 't1',
      sessionInfo: JSON.stringify({ name: 'Ada Across', email: 'ada.across@test.example', path: '/' }),
    });
    const client = await ProtocolClient.open(`${on.url.replace(/^http/, 'ws')}/ws-assist/socket?${q.toString()}`, { origin: on.url });
    client.sendRaw(JSON.stringify({ o: 'tokenAuth', b: token, v: 'test' }));
    await client.nextPush((f) => f.o === 'authed');
    return client;
  };
  const agentOnB = await ProtocolClient.connect(b.wsUrl, agentToken);
  /** The agent's process's waiting list, once `peerId` is on it (or off it); the owner writes it just after the join. */
  const waitingList = async (peerId: string, listed: boolean): Promise<{ peerId: string; name: string }[]> => {
    let rows: { peerId: string; name: string }[] = [];
    for (let i = 0; i < 100; i += 1) {
      rows = (await agentOnB.client.call<{ requests: typeof rows }>('act/assistWaiting')).requests;
      if (rows.some((r) => r.peerId === peerId) === listed) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return rows;
  };
  const user = await assist(a, 'user', adaToken);
  // The agent's process lists her among those waiting.
  expect((await waitingList('across-1', true)).find((r) => r.peerId === 'across-1')).toMatchObject({ name: 'Ada Across' });

  // The agent joins on B: B's relay checked the capability; A's hub answers with the request and tells her.
  const agent = await assist(b, 'agent', agentToken);
  expect((await agent.nextPush((f) => f.o === 'assist/session')).b).toMatchObject({ peerId: 'across-1', userId: ada.$id });
  expect((await user.nextPush((f) => f.o === 'assist/agentJoined')).b).toMatchObject({ agentId: adminId });

  // A live view larger than a notification reaches the agent whole.
  const fields = Array.from({ length: 200 }, (_, i) => ({ label: `Field ${i}`, value: `Value number ${i} of the item` }));
  const view = {
    full: { path: '/i-Contact-1', cells: [{ key: 'i-Contact-1', title: 'A long record', fields }], focus: null, scrollY: 0, hidden: false },
  };
  expect(JSON.stringify(view).length).toBeGreaterThan(8000);
  user.sendRaw(JSON.stringify({ o: 'assist/view', b: view }));
  expect((await agent.nextPush((f) => f.o === 'assist/view')).b).toEqual(view);

  // Control: the agent asks (stamped with the real agent), she accepts, the agent is told; its command reaches her tab.
  agent.sendRaw(JSON.stringify({ o: 'assist/request', b: { kind: 'control', agentId: 'someone-else' } }));
  expect((await user.nextPush((f) => f.o === 'assist/request')).b).toEqual({ kind: 'control', agentId: adminId });
  user.sendRaw(JSON.stringify({ o: 'assist/answer', b: { kind: 'control', answer: 'accept', agentId: adminId } }));
  expect((await agent.nextPush((f) => f.o === 'assist/answer')).b).toEqual({ kind: 'control', answer: 'accept', agentId: adminId });
  agent.sendRaw(JSON.stringify({ o: 'assist/command', b: { command: { type: 'navigate', path: '/search' } } }));
  expect((await user.nextPush((f) => f.o === 'assist/command')).b).toEqual({
    command: { type: 'navigate', path: '/search' },
    agentId: adminId,
  });

  // She ends it: the agent on the other process is told and disconnected; nobody is waiting any more.
  user.sendRaw(JSON.stringify({ o: 'assist/end' }));
  await agent.nextPush((f) => f.o === 'assist/end');
  expect(await agent.closed).toEqual({ code: 1000, reason: 'ended' });
  expect((await waitingList('across-1', false)).some((r) => r.peerId === 'across-1')).toBe(false);

  // Her tab drops and comes back on the other process: the request moves there; the agent is told it ended, and joins again.
  const dropping = await assist(a, 'user', adaToken, 'across-2');
  await waitingList('across-2', true);
  const helper = await assist(b, 'agent', agentToken, 'across-2');
  await dropping.nextPush((f) => f.o === 'assist/agentJoined');
  dropping.close();
  const back = await assist(b, 'user', adaToken, 'across-2');
  await helper.nextPush((f) => f.o === 'assist/end');
  expect(await helper.closed).toEqual({ code: 1000, reason: 'ended' });
  const rejoined = await assist(b, 'agent', agentToken, 'across-2');
  expect((await rejoined.nextPush((f) => f.o === 'assist/session')).b).toMatchObject({ peerId: 'across-2', userId: ada.$id });
  await back.nextPush((f) => f.o === 'assist/agentJoined');
  back.sendRaw(JSON.stringify({ o: 'assist/end' }));
  expect(await rejoined.closed).toEqual({ code: 1000, reason: 'ended' });

  // A third process stops (a restart): its agent leaves her request held on A (she is told), and the agent on B
  // helping a request it held is told that session ended.
  const c = await startServerProcess({ DATABASE_URL: databaseUrl });
  const onA = await assist(a, 'user', adaToken, 'across-3');
  const onC = await assist(c, 'user', adaToken, 'across-4');
  await waitingList('across-3', true);
  await waitingList('across-4', true);
  await assist(c, 'agent', await signIn(c.url, ADMIN.email, ADMIN.password), 'across-3');
  const agentForC = await assist(b, 'agent', agentToken, 'across-4');
  await onA.nextPush((f) => f.o === 'assist/agentJoined');
  await onC.nextPush((f) => f.o === 'assist/agentJoined');
  c.child.kill('SIGTERM');
  expect((await onA.nextPush((f) => f.o === 'assist/agentLeft')).b).toEqual({ agentId: adminId });
  await agentForC.nextPush((f) => f.o === 'assist/end');
  expect(await agentForC.closed).toEqual({ code: 1000, reason: 'ended' });
  await c.exited;
  onA.sendRaw(JSON.stringify({ o: 'assist/end' }));
  for (const client of [user, onA, adminOnA.client, masquerading.client, agentOnB.client]) client.close();
});
