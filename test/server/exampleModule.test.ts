/**
 * A module's server part is applied whole from its registry line (docs/modules.md): the example
 * journal module of test/support/exampleModule, added to the registries here alone, gets its
 * migration, demo data, validator, change hook and typed operation, on both database drivers.
 */
import type * as ModelRegistry from '../../src/modules';
import type * as ServerRegistry from '../../src/modules/server';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

jest.mock('../../src/modules', () => {
  const product = jest.requireActual<typeof ModelRegistry>('../../src/modules');
  return { modules: [...product.modules, jest.requireActual('../support/exampleModule/model').journalModule] };
});
jest.mock('../../src/modules/server', () => {
  const product = jest.requireActual<typeof ServerRegistry>('../../src/modules/server');
  return { moduleServers: [...product.moduleServers, jest.requireActual('../support/exampleModule/server').journalServer] };
});

let srv: RunningServer;
let admin: TestUser;

beforeAll(async () => {
  srv = await startTestServer({ seedDemo: true });
  admin = await connectAdmin(srv);
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

const entries = async (): Promise<number> =>
  (await admin.client.call<{ total: number }>('search/ids', { must: { _: 'JournalEntry' }, max: 0 })).total;

describe('a module registered on its server registry line', () => {
  it('seeds its demo data on a fresh site', async () => {
    expect(await entries()).toBe(1);
  });

  it('refuses what its validator refuses, and writes nothing', async () => {
    const nextMonth = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
    const reply = await admin.client.request('create/JournalEntry', { title: 'Next month', date: nextMonth });
    expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { date: 'errors.journal.futureDate' } } });
    expect(await entries()).toBe(1);
  });

  it('logs every change in its own table (migration and change hook) and answers its operation, typed and checked', async () => {
    const entry = await admin.client.call<Item>('create/JournalEntry', { title: 'Geese on the lake', date: '2026-04-20' });
    await admin.client.call('update', { ...entry, title: 'Geese and swans on the lake' });
    expect(await admin.client.call('act/journalChanges', { entryId: entry.$id })).toEqual({ changes: 2 });
    expect(await admin.client.request('act/journalChanges', { entryId: 'Contact-1' })).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed' },
    });
    expect(await admin.client.request('act/journalChanges', { entryId: entry.$id, extra: 1 })).toMatchObject({ erred: true });
  });

  it("answers another user's private entry as it answers a missing one", async () => {
    const entry = await admin.client.call<Item>('create/JournalEntry', { title: 'Bear sign', date: '2026-04-21' });
    const ben = await buildUser(srv, { name: 'Ben Cardinal' });
    try {
      const theirs = await ben.client.request('act/journalChanges', { entryId: entry.$id });
      const missing = await ben.client.request('act/journalChanges', { entryId: 'JournalEntry-999' });
      expect(theirs).toMatchObject({ erred: true });
      expect((theirs.b as { userMessage: string }).userMessage).toBe((missing.b as { userMessage: string }).userMessage);
    } finally {
      ben.client.close();
    }
  });
});
