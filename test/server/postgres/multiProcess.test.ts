import type { Item } from '../../../src/shared/items/types';
import { ProtocolClient, signIn } from '../../support/protocolClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshPostgresDatabase } from '../../support/testServer';

let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const url = await freshPostgresDatabase();
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
