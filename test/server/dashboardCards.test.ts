/**
 * Dashboard cards on a real server, with the example journal registered (both drivers): the searches
 * its cards send find what each card shows, for the reader alone; the type watch a card opens pushes a
 * matching entry another user creates (and not one the reader may not read) until the card takes it
 * away; and a card key defined twice stops the start, naming both modules.
 */
import { rmSync } from 'node:fs';
import { createServer } from '../../src/server/app';
import { cardQuery } from '../../src/shared/dashboard/cardQuery';
import type { CardDef } from '../../src/shared/dashboard/CardDef';
import type { Item } from '../../src/shared/items/types';
import type { ModuleModel } from '../../src/shared/modules/ModuleModel';
import type { SearchReply } from '../../src/shared/search/SearchQuery';
import { journalModule } from '../support/exampleModule/model';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, testConfig, type RunningServer } from '../support/testServer';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

const cardOf = (key: string): CardDef => {
  const card = journalModule.cards?.find((c) => c.key === key);
  if (!card) throw new Error(`the journal has no card ${key}`);
  return card;
};
const CALENDAR = cardOf('journal.calendar');
const RECENT = cardOf('journal.recent');

let srv: RunningServer;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  author = await buildUser(srv, { name: 'Rose Author' });
  reader = await buildUser(srv, { name: 'Sam Reader' });
  await admin.client.call('act/setCapabilities', { userId: author.id, capabilities: { Research: true } });
  // Capabilities reach an open socket through a refresh: wait until the author may write.
  for (let i = 0; i < 50; i++) {
    const allowed = await author.client.call<{ allowed: Record<string, boolean> }>('act/isAllowed', {
      id: 'JournalEntry-0',
      actions: ['create'],
    });
    if (allowed.allowed.create) break;
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  for (const u of [admin, author, reader]) u?.client.close();
  await srv.stop();
});

const create = (who: TestUser, title: string, date: string, extra: Record<string, unknown> = {}) =>
  who.client.call<Item>('create/JournalEntry', { title, date, $access: 'COMMUNITY', ...extra });
const search = (who: TestUser, card: CardDef, month: string | null) => who.client.call<SearchReply>('search/ids', cardQuery(card, month));

describe("the journal's cards", () => {
  it("a calendar card's month holds that month's entries, earliest first; the list card the newest, five at most", async () => {
    const april = [await create(author, 'Geese on the lake', '2025-04-20'), await create(author, 'Ice out', '2025-04-02')];
    const may = await create(author, 'Moose tracks', '2025-05-04');
    const calendar = await search(reader, CALENDAR, '2025-04');
    expect(calendar.ids).toEqual([april[1]!.$id, april[0]!.$id]);
    expect(calendar.labels[april[0]!.$id]).toBe('Geese on the lake');
    expect((await search(reader, CALENDAR, '2025-05')).ids).toEqual([may.$id]);
    expect((await search(reader, CALENDAR, '2025-03')).ids).toEqual([]);
    for (const n of [1, 2, 3]) await create(author, `Count ${n}`, '2025-06-01');
    const recent = await search(reader, RECENT, null);
    expect(recent.ids).toHaveLength(5);
    expect(recent.labels[recent.ids[0]!]).toBe('Count 3');
    expect(recent.total).toBe(6);
    // The card reads its hits to place them on their dates.
    const read = await reader.client.call<Record<string, Item>>('readMany/object', calendar.ids);
    expect(read[april[0]!.$id]?.date).toBe('2025-04-20');
  });

  it('an entry kept private by its author is on no one else’s card', async () => {
    const kept = await create(author, 'Den site', '2025-07-09', { private: true });
    expect((await search(reader, CALENDAR, '2025-07')).ids).toEqual([]);
    expect((await search(author, CALENDAR, '2025-07')).ids).toEqual([kept.$id]);
  });

  it("the card's type watch pushes another user's new entry at once, never one the reader may not read, until it is removed", async () => {
    const { count } = await reader.client.call<{ count: number }>('addWatch/JournalEntry-0', {});
    const pushed = reader.client.nextPush((f) => f.o === 'item/update' && (f.b as Item).title === 'Swans arrived');
    await create(author, 'Hidden heron', '2025-08-01', { private: true });
    const swans = await create(author, 'Swans arrived', '2025-08-02');
    expect(((await pushed).b as Item).$id).toBe(swans.$id);
    expect(reader.client.pushes.some((f) => f.o === 'item/update' && (f.b as Item).title === 'Hidden heron')).toBe(false);
    // What the card then asks finds it.
    expect((await search(reader, CALENDAR, '2025-08')).ids).toEqual([swans.$id]);
    await reader.client.call(`removeWatch/JournalEntry-0/${count}`);
    const before = reader.client.pushes.length;
    const later = await create(author, 'After the card closed', '2025-08-03');
    // The author's own socket is told by then (a change is pushed to every watcher together).
    await author.client.call('read/' + later.$id);
    await new Promise((r) => setTimeout(r, 200));
    expect(reader.client.pushes.slice(before).some((f) => f.o === 'item/update')).toBe(false);
  });
});

describe('a faulty card registration', () => {
  it('stops the start when a card key is defined twice, naming both modules', async () => {
    const registry = jest.requireMock<{ modules: ModuleModel[] }>('../../src/modules').modules;
    const copy: ModuleModel = {
      name: 'journal-copy',
      itemTypes: [],
      lists: [],
      menu: [],
      labels: {},
      cards: [{ key: 'journal.recent', title: 'dashboard.copy', size: 'THIRD', kind: 'list', type: 'JournalEntry' }],
    };
    const config = await testConfig();
    registry.push(copy);
    try {
      await expect(createServer(config)).rejects.toThrow(
        'Dashboard card journal.recent is defined twice: by module journal and by module journal-copy',
      );
    } finally {
      registry.pop();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
