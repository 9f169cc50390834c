import { rmSync } from 'node:fs';
import type { Item } from '../../src/shared/items/types';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { startServerProcess } from '../support/serverProcess';
import { ADMIN, freshDataDir, freshPostgresDatabase, testDriver } from '../support/testServer';

/** Where the server process keeps its data on this project's driver. */
async function storageEnv(): Promise<{ env: Record<string, string>; cleanup: () => void }> {
  const dir = freshDataDir();
  const env: Record<string, string> = { DATA_DIR: dir };
  if (testDriver() === 'postgres') env.DATABASE_URL = await freshPostgresDatabase();
  return { env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

test('no acknowledged write is lost when the server is killed with SIGKILL', async () => {
  const { env, cleanup } = await storageEnv();
  try {
    const first = await startServerProcess(env);
    const token = await signIn(first.url, ADMIN.email, ADMIN.password);
    const { client } = await ProtocolClient.connect(first.wsUrl, token);
    const acknowledged: Item[] = [];
    // Fire many writes at once, and kill the process the moment the last reply arrives.
    const writes = Array.from({ length: 40 }, (_, i) =>
      client.call<Item>('create/Contact', { lastName: `Durable ${i}` }).then(async (item) => {
        const updated = await client.call<Item>('update', { $id: item.$id, _u: 1, firstName: `Kept ${i}` });
        acknowledged.push(updated);
      }),
    );
    await Promise.all(writes);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServerProcess(env);
    const again = await ProtocolClient.connect(second.wsUrl, await signIn(second.url, ADMIN.email, ADMIN.password));
    const stored = await again.client.call<Record<string, Item>>(
      'readMany/object',
      acknowledged.map((i) => i.$id),
    );
    expect(Object.keys(stored)).toHaveLength(40);
    for (const item of acknowledged) expect(stored[item.$id]).toMatchObject({ _u: 2, firstName: item.firstName, lastName: item.lastName });
    again.client.close();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    cleanup();
  }
});

test('SIGTERM closes open sockets and exits cleanly', async () => {
  const { env, cleanup } = await storageEnv();
  try {
    const srv = await startServerProcess(env);
    const { client } = await ProtocolClient.connect(srv.wsUrl, await signIn(srv.url, ADMIN.email, ADMIN.password));
    srv.child.kill('SIGTERM');
    expect((await client.closed).code).toBe(1001);
    expect(await srv.exited).toBe(0);
    expect(srv.output()).toContain('closing sockets and the database');
  } finally {
    cleanup();
  }
});
