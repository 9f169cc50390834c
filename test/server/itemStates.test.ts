/**
 * States only the server changes (docs/modules.md): the example journal's entry state moves only by
 * `transition/{id}`, which runs the type's chart as the authority. An allowed transition is a change
 * with one event and a push; an illegal one (wrong state, wrong caller, stale, unreadable) and a plain
 * update of the state are refused with their message key and write nothing. On both drivers.
 */
import type { Item } from '../../src/shared/items/types';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Frame } from '../../src/shared/protocol';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

let srv: RunningServer;
let admin: TestUser;
/** Writes entries and takes their author's steps. */
let author: TestUser;
/** Holds Research: publishes, but did not write the entries. */
let editor: TestUser;

const refusal = (reply: { erred?: boolean; b?: unknown }): string | undefined =>
  reply.erred ? (reply.b as { userMessage: string }).userMessage : undefined;
const timeline = (user: TestUser, id: string): Promise<TimelineEvent[]> => user.client.call<TimelineEvent[]>(`timeline/${id}`);
const current = (id: string): Promise<Item> => admin.client.call<Item>(`read/${id}`);

/** A new entry of the author's, readable by the community (so the editor may read it too). */
async function newEntry(title: string): Promise<Item> {
  return author.client.call<Item>('create/JournalEntry', { title, date: '2026-04-22', $access: 'COMMUNITY' });
}

/** Waits until a change of `user`'s Research reached their socket: their creation of an entry is accepted, or refused. */
async function untilResearch(user: TestUser, held = true): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (!(await user.client.request('create/JournalEntry', { title: 'Probe', date: '2026-04-22' })).erred === held) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${user.id} never ${held ? 'got' : 'lost'} Research`);
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  author = await buildUser(srv, { name: 'Rita Author' });
  editor = await buildUser(srv, { name: 'Erik Editor' });
  await admin.client.call('act/setCapabilities', { userId: author.id, capabilities: { Research: true } });
  await admin.client.call('act/setCapabilities', { userId: editor.id, capabilities: { Research: true } });
  // Capabilities reach an open socket through a refresh.
  await untilResearch(author);
  await untilResearch(editor);
});
afterAll(async () => {
  author?.client.close();
  editor?.client.close();
  admin?.client.close();
  await srv.stop();
});

describe('creating an item with a state', () => {
  it("starts it in the chart's initial state, an echo of that state accepted and any other refused", async () => {
    expect((await newEntry('Geese on the lake')).state).toBe('DRAFT');
    const echoed = await author.client.call<Item>('create/JournalEntry', { title: 'Echo', date: '2026-04-22', state: 'DRAFT' });
    expect(echoed.state).toBe('DRAFT');
    const before = (await admin.client.call<{ total: number }>('search/ids', { must: { _: 'JournalEntry' }, max: 0 })).total;
    for (const who of [author, admin]) {
      const reply = await who.client.request('create/JournalEntry', { title: 'Skip ahead', date: '2026-04-22', state: 'PUBLISHED' });
      expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { state: 'errors.stateByTransition' } } });
    }
    expect((await admin.client.call<{ total: number }>('search/ids', { must: { _: 'JournalEntry' }, max: 0 })).total).toBe(before);
  });
});

describe('an allowed transition', () => {
  it('moves the state, counts _u up, records one event and pushes the change to a watcher', async () => {
    const entry = await newEntry('Swans back');
    await editor.client.call(`addWatch/${entry.$id}`);
    const events = (await timeline(author, entry.$id)).length;
    const submitted = await author.client.call<Item>(`transition/${entry.$id}`, { event: 'entry.submit', _u: entry._u });
    expect(submitted).toMatchObject({ state: 'SUBMITTED', _u: entry._u + 1, title: 'Swans back' });
    const pushed = await editor.client.nextPush(
      (f: Frame) => f.o === 'item/update' && (f.b as Item).$id === entry.$id && (f.b as Item)._u === submitted._u,
    );
    expect(pushed.b).toMatchObject({ state: 'SUBMITTED' });
    const after = await timeline(author, entry.$id);
    expect(after).toHaveLength(events + 1);
    expect(after.at(-1)).toMatchObject({ kind: 'state.entry.submit', u: submitted._u, by: author.id, changed: ['state'] });

    // Someone else holding Research publishes it.
    const published = await editor.client.call<Item>(`transition/${entry.$id}`, { event: 'entry.publish', _u: submitted._u });
    expect(published.state).toBe('PUBLISHED');
    expect((await timeline(author, entry.$id)).at(-1)).toMatchObject({ kind: 'state.entry.publish', by: editor.id });
  });

  it('lets the author withdraw a submitted entry', async () => {
    const entry = await newEntry('Heron nest');
    const submitted = await author.client.call<Item>(`transition/${entry.$id}`, { event: 'entry.submit', _u: entry._u });
    const withdrawn = await author.client.call<Item>(`transition/${entry.$id}`, { event: 'entry.withdraw', _u: submitted._u });
    expect(withdrawn.state).toBe('WITHDRAWN');
  });
});

describe('a refused transition writes nothing', () => {
  /** Asks `event` of `entry` as `who`; answers the refusal, and checks that neither the item nor its timeline moved. */
  async function refused(who: TestUser, entry: Item, event: string, u = entry._u): Promise<string | undefined> {
    const events = (await timeline(admin, entry.$id)).length;
    const reply = await who.client.request(`transition/${entry.$id}`, { event, _u: u });
    const after = await current(entry.$id);
    expect(after._u).toBe(entry._u);
    expect(after.state).toBe(entry.state);
    expect(await timeline(admin, entry.$id)).toHaveLength(events);
    return refusal(reply);
  }

  it('from the wrong state', async () => {
    const entry = await newEntry('Otter slide');
    expect(await refused(admin, entry, 'entry.publish')).toBe('transitionNotAllowed');
    expect(await refused(author, entry, 'entry.withdraw')).toBe('transitionNotAllowed');
    expect(await refused(author, entry, 'entry.vanish')).toBe('transitionNotAllowed');
  });

  it('by the wrong caller', async () => {
    const entry = await newEntry('Beaver dam');
    // Only the author submits, even someone who may publish.
    expect(await refused(editor, entry, 'entry.submit')).toBe('transitionNotAllowed');
    const submitted = await author.client.call<Item>(`transition/${entry.$id}`, { event: 'entry.submit', _u: entry._u });
    // The author may not publish without Research: take it away, and wait for it to reach the socket.
    await admin.client.call('act/setCapabilities', { userId: author.id, capabilities: {} });
    try {
      await untilResearch(author, false);
      expect(await refused(author, submitted, 'entry.publish')).toBe('transitionNotAllowed');
      // Nor may the editor withdraw what they did not write.
      expect(await refused(editor, submitted, 'entry.withdraw')).toBe('transitionNotAllowed');
    } finally {
      await admin.client.call('act/setCapabilities', { userId: author.id, capabilities: { Research: true } });
      await untilResearch(author);
    }
  });

  it('from a stale _u, and for an item the caller may not read (answered as a missing one)', async () => {
    const entry = await newEntry('Loon call');
    expect(await refused(author, entry, 'entry.submit', entry._u - 1 || entry._u + 1)).toBe('staleUpdate');
    const secret = await author.client.call<Item>('create/JournalEntry', { title: 'Den', date: '2026-04-22', private: true });
    const missing = refusal(await editor.client.request('transition/JournalEntry-99999', { event: 'entry.submit', _u: 1 }));
    expect(await refused(editor, secret, 'entry.submit')).toBe(missing);
    expect(missing).toBe('notAllowed');
  });

  it('of a deleted item', async () => {
    const entry = await newEntry('Washed away');
    const deleted = await author.client.call<Item>(`delete/${entry.$id}`, { _u: entry._u });
    expect(await refused(author, deleted, 'entry.submit')).toBe('itemDeleted');
  });

  it('for a type without a state chart, and for a body that is not a transition', async () => {
    const contact = await admin.client.call<Item>('create/Contact', { firstName: 'Ada', lastName: 'Moss' });
    expect(refusal(await admin.client.request(`transition/${contact.$id}`, { event: 'entry.submit', _u: contact._u }))).toBe(
      'transitionNotAllowed',
    );
    const entry = await newEntry('Bad body');
    expect(
      await admin.client.request(`transition/${entry.$id}`, { event: 'entry.submit', _u: entry._u, state: 'PUBLISHED' }),
    ).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed' },
    });
    expect((await current(entry.$id))._u).toBe(entry._u);
  });
});

describe('a plain update', () => {
  it('that changes the state is refused with its key for everyone, and writes nothing', async () => {
    const entry = await newEntry('Fox den');
    const events = (await timeline(admin, entry.$id)).length;
    for (const who of [author, admin]) {
      const reply = await who.client.request('update', { $id: entry.$id, _u: entry._u, title: 'Fox den, empty', state: 'PUBLISHED' });
      expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { state: 'errors.stateByTransition' } } });
    }
    expect(await current(entry.$id)).toMatchObject({ _u: entry._u, title: 'Fox den', state: 'DRAFT' });
    expect(await timeline(admin, entry.$id)).toHaveLength(events);
    // Sending the item back as it was read, state included, is no change of the state.
    expect(await author.client.call<Item>('update', { ...entry, title: 'Fox den, in use' })).toMatchObject({
      state: 'DRAFT',
      _u: entry._u + 1,
    });
  });
});
