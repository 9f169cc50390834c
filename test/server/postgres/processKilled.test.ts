import type { Item } from '../../../src/shared/items/types';
import { signIn } from '../../support/protocolClient';
import { ReconnectingClient } from '../../support/reconnectingClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshPostgresDatabase } from '../../support/testServer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const url = await freshPostgresDatabase();
  a = await startServerProcess({ DATABASE_URL: url });
  b = await startServerProcess({ DATABASE_URL: url });
});
afterAll(async () => {
  for (const p of [a, b]) if (p?.child.exitCode === null) p.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
});

test('one of two server processes killed under writes: its sockets go on through the other, and nothing acknowledged is lost', async () => {
  const token = await signIn(a.url, ADMIN.email, ADMIN.password);
  // The writer starts on the process that will die; the watcher is on the one that lives.
  const writer = await new ReconnectingClient([a.wsUrl, b.wsUrl], token).start();
  const watched = await writer.call<Item>('create/Contact', { lastName: 'Watched Across A Crash' });
  const watcher = await new ReconnectingClient([b.wsUrl], token, (c) => c.call(`addWatch/${watched.$id}`)).start();

  const acknowledged: string[] = [];
  const refusals: string[] = [];
  let writing = true;
  const writes = (async () => {
    for (let i = 0; writing; i++) {
      try {
        acknowledged.push((await writer.call<Item>('create/Contact', { lastName: `Crash ${i}` })).$id);
        await sleep(20);
      } catch (e) {
        refusals.push(String((e as Error).message));
        await sleep(50);
      }
    }
  })();

  while (acknowledged.length < 5) await sleep(50);
  // A change made through the first process reaches the watcher on the second.
  const seen = await writer.call<Item>('update', { $id: watched.$id, _u: 1, firstName: 'Before' });
  await (
    await watcher.connected()
  ).nextPush((f) => f.o === 'item/update' && (f.b as Item).$id === watched.$id && (f.b as Item)._u === seen._u);

  a.child.kill('SIGKILL');
  await a.exited;
  const killed = acknowledged.length;
  while (acknowledged.length < killed + 20) await sleep(100);
  writing = false;
  await writes;

  // The writer's socket was cut (no close frame) and it went on through the second process.
  expect(writer.closes).toEqual(['1006 ']);
  expect(writer.connectedTo).toEqual([a.wsUrl, b.wsUrl]);
  // At most the one request in flight when the process died is refused; every acknowledged write is stored.
  expect(refusals.length).toBeLessThanOrEqual(1);
  const stored = await writer.call<Record<string, Item>>('readMany/object', acknowledged);
  expect(Object.keys(stored).sort()).toEqual([...acknowledged].sort());

  // The watcher on the living process never noticed, and still hears of changes.
  const after = await writer.call<Item>('update', { $id: watched.$id, _u: seen._u, firstName: 'After' });
  const push = await (
    await watcher.connected()
  ).nextPush((f) => f.o === 'item/update' && (f.b as Item).$id === watched.$id && (f.b as Item)._u === after._u);
  expect(push.b).toMatchObject({ firstName: 'After' });
  expect(watcher.closes).toEqual([]);
  writer.stop();
  watcher.stop();
}, 60_000);
