import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { startPostgresCluster, type PostgresCluster } from '../../../scripts/postgresCluster';
import type { Item } from '../../../src/shared/items/types';
import { signIn } from '../../support/protocolClient';
import { ReconnectingClient } from '../../support/reconnectingClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN, freshDataDir } from '../../support/testServer';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: PostgresCluster;
let server: ServerProcess;
let dataDir: string;
let token: string;

beforeAll(async () => {
  // A cluster of its own: restarting the shared one would break every other test running beside this file.
  cluster = await startPostgresCluster();
  dataDir = freshDataDir();
  server = await startServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
  token = await signIn(server.url, ADMIN.email, ADMIN.password);
}, 90_000); // a cluster of its own and a server process: slow on a cold, busy machine
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('PostgreSQL restarted under writes: nothing acknowledged is lost, the rest is refused clearly, and watchers hear again', async () => {
  const writer = await new ReconnectingClient([server.wsUrl], token).start();
  const watched = await writer.call<Item>('create/Contact', { lastName: 'Watched Through A Restart' });
  const watcher = await new ReconnectingClient([server.wsUrl], token, (c) => c.call(`addWatch/${watched.$id}`)).start();

  const acknowledged: string[] = [];
  const refusals = new Set<string>();
  let writing = true;
  const writes = (async () => {
    for (let i = 0; writing; i++) {
      try {
        acknowledged.push((await writer.call<Item>('create/Contact', { lastName: `Restart ${i}` })).$id);
        await sleep(20); // within the socket's rate limit, as a busy person would be
      } catch (e) {
        refusals.add(
          /"userMessage":"(\w+)"|socket closed (\d+)/
            .exec(String((e as Error).message))
            ?.slice(1)
            .find(Boolean) ?? String(e),
        );
        await sleep(50);
      }
    }
  })();

  while (acknowledged.length < 5) await sleep(50);
  const before = acknowledged.length;
  await run(...cluster.restartCommand());
  const restarted = acknowledged.length;
  // Writes go on after the restart, through the same server process.
  while (acknowledged.length < restarted + 20) await sleep(100);
  writing = false;
  await writes;

  expect(before).toBeGreaterThan(0);
  // A write caught by the restart waits for it, or is refused with the catalogue's key (or its socket is asked to reconnect): never lost silently.
  expect([...refusals].filter((r) => r !== 'databaseUnavailable' && r !== '1012')).toEqual([]);
  // Every socket is asked to connect again once listening resumes, which may come after those writes: the read waits for it.
  while (writer.closes.length === 0) await sleep(100);
  expect(writer.closes).toEqual(['1012 databaseReconnected']);
  const stored = await writer.call<Record<string, Item>>('readMany/object', acknowledged);
  expect(Object.keys(stored).sort()).toEqual([...acknowledged].sort());

  // Pushes missed while PostgreSQL was away: the watcher's socket was asked to connect again (and so watches and reads again)...
  while (watcher.closes.length === 0) await sleep(100);
  expect(watcher.closes).toEqual(['1012 databaseReconnected']);
  // ...and, once it has connected again and watches again, is told of what changes now.
  const again = await watcher.connected();
  const pushed = again.nextPush(
    (f) => f.o === 'item/update' && (f.b as Item).$id === watched.$id && (f.b as Item).firstName === 'Still Seen',
  );
  const updated = await writer.call<Item>('update', { $id: watched.$id, _u: 1, firstName: 'Still Seen' });
  expect((await pushed).b).toMatchObject({ firstName: 'Still Seen', _u: updated._u });
  writer.stop();
  watcher.stop();
}, 60_000);
