/**
 * A module's server part is applied whole from its registry line (docs/modules.md): the example
 * journal module of test/support/exampleModule, added to the registries here alone, gets its
 * migration, demo data, validator, change hook, typed operation, permission rules and derived field,
 * on both database drivers.
 */
import { rmSync } from 'node:fs';
import { createServer } from '../../src/server/app';
import type { ModuleServer } from '../../src/server/modules/ModuleServer';
import type { Item } from '../../src/shared/items/types';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import type { Frame } from '../../src/shared/protocol';
import { startTestServer, testConfig, type RunningServer } from '../support/testServer';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

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

const DAY = 86_400_000;
/** The calendar day (UTC) `days` before today. */
const daysBefore = (days: number): string => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
const isEntry = (id: string) => (f: Frame) => f.o === 'item/update' && (f.b as Item).$id === id;

describe("the module's permission rules", () => {
  let author: TestUser;
  let other: TestUser;
  let open: Item;
  let secret: Item;

  beforeAll(async () => {
    author = await buildUser(srv, { name: 'Rita Author' });
    other = await buildUser(srv, { name: 'Olav Other' });
    await admin.client.call('act/setCapabilities', { userId: author.id, capabilities: { Research: true } });
    // Capabilities reach an open socket through a refresh.
    let made = await author.client.request('create/JournalEntry', { title: 'Open entry', date: '2026-04-22', $access: 'COMMUNITY' });
    for (let i = 0; i < 50 && made.erred; i++) {
      await new Promise((r) => setTimeout(r, 50));
      made = await author.client.request('create/JournalEntry', { title: 'Open entry', date: '2026-04-22', $access: 'COMMUNITY' });
    }
    open = made.b as Item;
    secret = await author.client.call<Item>('create/JournalEntry', {
      title: 'Den site',
      date: '2026-04-22',
      $access: 'COMMUNITY',
      private: true,
      // A derived property from someone who may not write read-only ones: dropped, not refused.
      $daysAgo: 0,
    });
  });
  afterAll(() => {
    author?.client.close();
    other?.client.close();
  });

  it('creates entries only for holders of the Research capability (the create rule), dropping a derived property sent', async () => {
    expect(open.$id).toMatch(/^JournalEntry-/);
    expect(secret.$daysAgo).toBe(Math.round((Date.parse(`${daysBefore(0)}T00:00:00Z`) - Date.parse('2026-04-22T00:00:00Z')) / DAY));
    expect(await other.client.request('create/JournalEntry', { title: 'Not mine to keep', date: '2026-04-22' })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
  });

  it('keeps an entry marked private from everyone but its author and administrators, on every path', async () => {
    // The same answer as for a missing entry: nobody learns that it is there.
    const missing = await other.client.request('read/JournalEntry-999');
    expect(await other.client.request(`read/${secret.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    expect(missing).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    expect((await other.client.call<Item>(`read/${open.$id}`)).title).toBe('Open entry');
    expect((await author.client.call<Item>(`read/${secret.$id}`)).title).toBe('Den site');
    expect((await admin.client.call<Item>(`read/${secret.$id}`)).title).toBe('Den site');
    const search = { must: { _: 'JournalEntry' }, max: 50 };
    const theirs = await other.client.call<{ ids: string[]; total: number }>('search/ids', search);
    expect(theirs.ids).toContain(open.$id);
    expect(theirs.ids).not.toContain(secret.$id);
    expect((await author.client.call<{ ids: string[] }>('search/ids', search)).ids).toEqual(expect.arrayContaining([open.$id, secret.$id]));
    expect(Object.keys(await other.client.call<object>('readMany/object', [open.$id, secret.$id]))).toEqual([open.$id]);
    expect(await other.client.call('act/isAllowed', { id: secret.$id, actions: ['read', 'update'] })).toMatchObject({
      allowed: { read: false, update: false },
    });
    expect(await author.client.call('act/isAllowed', { id: secret.$id, actions: ['read', 'update'] })).toMatchObject({
      allowed: { read: true, update: true },
    });
  });

  it('narrows grants too: a grantee of a private entry still cannot read it', async () => {
    await admin.client.call('act/grant', { id: secret.$id, grantee: other.id, actions: ['read'] });
    expect(await other.client.request(`read/${secret.$id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    expect(Object.keys(await other.client.call<object>('readMany/object', [secret.$id]))).toEqual([]);
  });

  it('pushes a private entry to no watcher who may not read it, and the same entry once unmarked', async () => {
    await other.client.call('addWatch/JournalEntry-0', {});
    const current = await author.client.call<Item>(`read/${secret.$id}`);
    await author.client.call('update', { $id: secret.$id, _u: current._u, title: 'Den site, still in use' });
    const reopened = await author.client.call<Item>('update', { $id: secret.$id, _u: current._u + 1, private: false });
    const pushed = await other.client.nextPush((f) => isEntry(secret.$id)(f) && (f.b as Item)._u === reopened._u);
    expect(pushed.b).toMatchObject({ title: 'Den site, still in use', private: false });
    // The change made while it was private reached the author's socket only, never this one.
    expect(other.client.pushes.filter((f) => isEntry(secret.$id)(f) && (f.b as Item).private === true)).toEqual([]);
  });
});

describe("the module's derived field", () => {
  it('is computed on read, readMany and pushes from the stored date and the clock', async () => {
    const entry = await admin.client.call<Item>('create/JournalEntry', { title: 'Swallows back', date: daysBefore(3) });
    expect(entry.$daysAgo).toBe(3);
    expect((await admin.client.call<Item>(`read/${entry.$id}`)).$daysAgo).toBe(3);
    expect((await admin.client.call<Record<string, Item>>('readMany/object', [entry.$id]))[entry.$id]!.$daysAgo).toBe(3);
    await admin.client.call(`addWatch/${entry.$id}`);
    const moved = await admin.client.call<Item>('update', { $id: entry.$id, _u: entry._u, date: daysBefore(10) });
    expect(moved.$daysAgo).toBe(10);
    expect((await admin.client.nextPush((f) => isEntry(entry.$id)(f) && (f.b as Item)._u === moved._u)).b).toMatchObject({ $daysAgo: 10 });
  });

  it('is ignored, never stored, when a client sends it', async () => {
    const entry = await admin.client.call<Item>('create/JournalEntry', { title: 'Ice off the lake', date: daysBefore(1), $daysAgo: 400 });
    expect(entry.$daysAgo).toBe(1);
    // Sending the item back as it was read changes nothing; the derived value alone is no change at all.
    expect((await admin.client.call<Item>('update', { ...entry, $daysAgo: 7 }))._u).toBe(entry._u);
    const stored = await srv.server.services.db.query<{ data: Record<string, unknown> | string }>('SELECT data FROM items WHERE id = $1', [
      entry.$id,
    ]);
    const data = stored.rows[0]!.data;
    expect(Object.keys(typeof data === 'string' ? (JSON.parse(data) as object) : data).sort()).toEqual(['date', 'state', 'title']);
  });
});

describe('a faulty server part', () => {
  const registry = (): ModuleServer[] => jest.requireMock<{ moduleServers: ModuleServer[] }>('../../src/modules/server').moduleServers;

  const startWith = async (extra: ModuleServer): Promise<unknown> => {
    const config = await testConfig();
    registry().push(extra);
    try {
      const started = await createServer(config);
      await started.close();
      return null;
    } catch (e) {
      return e;
    } finally {
      registry().pop();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  };

  it('stops the start when a type is ruled twice for one action, saying which', async () => {
    const twice: ModuleServer = {
      name: 'journal-copy',
      ops: [],
      permissions: [{ type: 'JournalEntry', action: 'read', allow: () => true, sql: () => 'TRUE' }],
    };
    expect(String(await startWith(twice))).toContain('JournalEntry is ruled twice for read: by module journal and by module journal-copy');
  });

  it("stops the start when a derived field is not declared as the server's", async () => {
    const undeclared: ModuleServer = {
      name: 'journal-copy',
      ops: [],
      derived: [{ type: 'JournalEntry', name: '$weather', compute: () => 'fair' }],
    };
    expect(String(await startWith(undeclared))).toContain('Derived field JournalEntry.$weather: JournalEntry does not declare $weather');
    const writable: ModuleServer = {
      name: 'journal-copy',
      ops: [],
      derived: [{ type: 'JournalEntry', name: 'title', compute: () => 'x' }],
    };
    expect(String(await startWith(writable))).toContain('must be readOnly');
  });
});
