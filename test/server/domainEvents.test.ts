/**
 * Domain events (docs/modules.md "Domain events"): a transition's event carries its context and its
 * from and to states, a module's own event the other items it concerns (shown in their timelines
 * too), an unregistered kind is refused, one kind registered twice stops the start, and a watcher is
 * told of a transition by their `$notify` preference. On both drivers.
 */
import { rmSync } from 'node:fs';
import { createServer } from '../../src/server/app';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Item } from '../../src/shared/items/types';
import type { ModuleModel } from '../../src/shared/modules/ModuleModel';
import { JOURNAL_LINKED } from '../support/exampleModule/model';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { readOutbox } from '../support/outbox';
import { startTestServer, testConfig, type RunningServer } from '../support/testServer';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

let srv: RunningServer;
/** Publishes (administrators may). */
let admin: TestUser;
/** Writes the entries (holds Research, as the journal's create rule asks). */
let author: TestUser;
/** One user per preference on the entry. */
let always: TestUser;
let never: TestUser;
let byDefault: TestUser;
let prefsOn: TestUser;
let prefsOff: TestUser;

const timeline = (user: TestUser, id: string): Promise<TimelineEvent[]> => user.client.call<TimelineEvent[]>(`timeline/${id}`);
const newEntry = (title: string): Promise<Item> =>
  author.client.call<Item>('create/JournalEntry', { title, date: '2026-04-22', $access: 'COMMUNITY' });
const notes = (user: TestUser): Promise<Item[]> => user.client.call<Item[]>('act/fetchNotifications', {});

beforeAll(async () => {
  srv = await startTestServer();
  author = await buildUser(srv, { name: 'Rita Author' });
  always = await buildUser(srv, { name: 'Al Ways' });
  never = await buildUser(srv, { name: 'Ne Ver' });
  byDefault = await buildUser(srv, { name: 'De Fault' });
  prefsOn = await buildUser(srv, { name: 'Pre Fson' });
  prefsOff = await buildUser(srv, { name: 'Pre Fsoff' });
  admin = await connectAdmin(srv);
  await admin.client.call('act/setCapabilities', { userId: author.id, capabilities: { Research: true } });
  // Capabilities reach an open socket through a refresh: wait until the author's creations are accepted.
  for (let i = 0; i < 50 && (await author.client.request('create/JournalEntry', { title: 'Probe', date: '2026-04-22' })).erred; i++)
    await new Promise((r) => setTimeout(r, 50));
});
afterAll(async () => {
  for (const u of [admin, author, always, never, byDefault, prefsOn, prefsOff]) u?.client.close();
  await srv.stop();
});

describe('the events of a transition', () => {
  it('carry their context and their from and to states, and name who took them by label', async () => {
    const entry = await newEntry('Geese on the lake');
    await author.client.call(`transition/${entry.$id}`, { event: 'entry.submit', _u: entry._u });
    const events = await timeline(author, entry.$id);
    expect(events.map((e) => e.kind)).toEqual(['created', 'state.entry.submit']);
    expect(events[1]).toMatchObject({ context: entry.$id, from: 'DRAFT', to: 'SUBMITTED', also: [], subContext: null, by: author.id });
    expect(events[1]!.labels).toEqual({ [entry.$id]: 'Geese on the lake', [author.id]: 'Rita Author' });
    expect(events[0]).toMatchObject({ context: entry.$id, from: null, to: null });
  });
});

describe("a module's own events", () => {
  it('name the other items they concern, and show in their timelines too', async () => {
    const swans = await newEntry('Swans');
    const geese = await newEntry('More geese');
    const { db, items } = srv.server.services;
    await db.transaction((tx) =>
      items.appendEvent(tx, { userId: author.id, masquerader: null }, { kind: JOURNAL_LINKED, context: geese.$id, also: [swans.$id] }),
    );
    const linked = (await timeline(author, geese.$id)).find((e) => e.kind === JOURNAL_LINKED);
    expect(linked).toMatchObject({ context: geese.$id, also: [swans.$id], u: geese._u });
    expect(linked!.labels).toMatchObject({ [swans.$id]: 'Swans', [geese.$id]: 'More geese' });
    // The item it also concerns lists it, about its context.
    expect((await timeline(author, swans.$id)).map((e) => [e.kind, e.context])).toEqual([
      ['created', swans.$id],
      [JOURNAL_LINKED, geese.$id],
    ]);
    // Appending changes nothing of the item.
    expect((await author.client.call<Item>(`read/${geese.$id}`))._u).toBe(geese._u);
  });

  it('are refused when their kind is not registered, or names what its kind does not use, and write nothing', async () => {
    const entry = await newEntry('Otters');
    const { db, items } = srv.server.services;
    const who = { userId: author.id, masquerader: null };
    await expect(db.transaction((tx) => items.appendEvent(tx, who, { kind: 'journal.unheard', context: entry.$id }))).rejects.toThrow(
      'Event kind journal.unheard is not registered by any module',
    );
    await expect(
      db.transaction((tx) => items.appendEvent(tx, who, { kind: JOURNAL_LINKED, context: entry.$id, subContext: entry.$id })),
    ).rejects.toThrow('Event kind journal.linked uses no subContext');
    expect((await timeline(author, entry.$id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('kept from the old platform (CKK1_) come back as they were stored', async () => {
    const entry = await newEntry('Old heron');
    await srv.server.services.db.query(
      `INSERT INTO events (item_id, kind, u, ts, by_user, changed) VALUES ($1, 'CKK1_MEETING_SCHEDULED', 1, now(), $2, '{}')`,
      [entry.$id, author.id],
    );
    const kept = (await timeline(author, entry.$id)).find((e) => e.kind === 'CKK1_MEETING_SCHEDULED');
    expect(kept).toMatchObject({ context: entry.$id, by: author.id, labels: { [author.id]: 'Rita Author' } });
  });
});

describe('watchers of a transition', () => {
  it('are told by their preference: ALWAYS and PREFS (profile on) yes, NEVER, PREFS (profile NONE) and DEFAULT (not the creator) no', async () => {
    const entry = await newEntry('Cranes');
    for (const [user, notify] of [
      [always, 'ALWAYS'],
      [never, 'NEVER'],
      [byDefault, 'DEFAULT'],
      [prefsOn, 'PREFS'],
      [prefsOff, 'PREFS'],
    ] as const)
      await user.client.call('act/setNotify', { id: entry.$id, notify });
    const me = await prefsOff.client.call<Item>(`read/${prefsOff.id}`);
    await prefsOff.client.call('update', { $id: prefsOff.id, _u: me._u, notifyFrequency: 'NONE' });

    await author.client.call(`transition/${entry.$id}`, { event: 'entry.submit', _u: entry._u });

    const about = async (user: TestUser): Promise<Item[]> =>
      (await notes(user)).filter((n) => (n.$context as { id: string }).id === entry.$id);
    const told = await about(always);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ $kind: 'state.entry.submit', unread: true });
    // The notification brings its event, said as the timeline says it.
    expect(told[0]!.$event).toMatchObject({
      kind: 'state.entry.submit',
      context: entry.$id,
      from: 'DRAFT',
      to: 'SUBMITTED',
      by: author.id,
    });
    expect(await about(prefsOn)).toHaveLength(1);
    for (const user of [never, byDefault, prefsOff]) expect(await about(user)).toEqual([]);
    // The author is never told of their own step.
    expect(await about(author)).toEqual([]);
  });

  it("tell the creator (DEFAULT) of another's transition, unless they chose NEVER", async () => {
    const told = await newEntry('Herons');
    const quiet = await newEntry('Egrets');
    await author.client.call('act/setNotify', { id: quiet.$id, notify: 'NEVER' });
    for (const entry of [told, quiet]) {
      const submitted = await author.client.call<Item>(`transition/${entry.$id}`, { event: 'entry.submit', _u: entry._u });
      await admin.client.call(`transition/${entry.$id}`, { event: 'entry.publish', _u: submitted._u });
    }
    const kinds = (await notes(author)).map((n) => [(n.$context as { id: string }).id, n.$kind]);
    expect(kinds).toContainEqual([told.$id, 'state.entry.publish']);
    expect(kinds.filter(([id]) => id === quiet.$id)).toEqual([]);
    // Their mail says it in words, not by the raw kind.
    const subjects = async (): Promise<string[]> =>
      (await readOutbox(srv.config.dataDir)).filter((m) => m.to === author.email).map((m) => m.subject);
    for (let i = 0; i < 100 && !(await subjects()).includes('Herons was changed (entry publish)'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await subjects()).toContain('Herons was changed (entry publish)');
    expect((await subjects()).join()).not.toContain('state.');
  });
});

describe('a faulty registration', () => {
  it('stops the start when an event kind is registered twice, naming both modules', async () => {
    const registry = jest.requireMock<{ modules: ModuleModel[] }>('../../src/modules').modules;
    const copy: ModuleModel = {
      name: 'journal-copy',
      itemTypes: [],
      lists: [],
      menu: [],
      labels: {},
      eventKinds: [{ kind: 'state.entry.submit', description: 'events.copy.submitted' }],
    };
    const config = await testConfig();
    registry.push(copy);
    try {
      await expect(createServer(config)).rejects.toThrow(
        'Event kind state.entry.submit is registered twice: by module journal and by module journal-copy',
      );
    } finally {
      registry.pop();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
