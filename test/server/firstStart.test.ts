import { rmSync } from 'node:fs';
import type { Item } from '../../src/shared/items/types';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { startServerProcess, waitForOutput, type ServerProcess } from '../support/serverProcess';
import { freshDataDir, freshPostgresDatabase, testDriver } from '../support/testServer';

test('the first start prints a generated administrator password once and adds the demo community', async () => {
  const dir = freshDataDir();
  const env: Record<string, string> = { DATA_DIR: dir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SEED_DEMO: '1' };
  if (testDriver() === 'postgres') env.DATABASE_URL = await freshPostgresDatabase();
  const started: ServerProcess[] = [];
  try {
    const first = await startServerProcess(env);
    started.push(first);
    const m = await waitForOutput(first, /Sign in as (\S+) with the password (\S+)/);
    expect(m[1]).toBe('admin@knowledgekeeper.local');
    await waitForOutput(first, /demo organisations, contacts and users were added/);
    const token = await signIn(first.url, m![1]!, m![2]!);
    const { client, session } = await ProtocolClient.connect(first.wsUrl, token);
    expect(session.admin).toBe(true);
    const orgs = await client.call<Record<string, Item>>('readMany/object', ['Organization-1', 'Organization-2', 'Organization-3']);
    expect(
      Object.values(orgs)
        .map((o) => o.displayName)
        .sort(),
    ).toEqual(['Lakeview First Nation', 'Ministry of Lands and Resources', 'Northern Minerals Ltd.']);
    const mary = await client.call<Item>('read/Contact-1');
    expect(mary.$labels).toMatchObject({ 'Organization-1': 'Lakeview First Nation' });
    client.close();
    first.child.kill('SIGTERM');
    await first.exited;

    const second = await startServerProcess(env);
    started.push(second);
    expect(second.output()).not.toContain('with the password');
    expect(second.output()).not.toContain('demo organisations');
    expect(await signIn(second.url, m![1]!, m![2]!)).toBeTruthy();
    second.child.kill('SIGTERM');
    await second.exited;
  } finally {
    for (const p of started) p.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
  // A process start, every module's migrations and the whole demo: longer than a request-sized test.
}, 90_000);
