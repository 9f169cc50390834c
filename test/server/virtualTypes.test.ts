/**
 * Virtual types (spec 001 §3 consultAttachment; src/shared/items/virtualTypes.ts): the example
 * journal's `journalAttachment`, the files of its entries joined with the entry's title, date and
 * state. Searched by free text and by the parent's properties, faceted by kind and the size ranges of
 * spec 001 §9, read by id, never stored, never showing the files of an entry the caller may not read
 * (the policy's read rule applies to the parent), and exported as a streamed zip. On both drivers.
 */
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32 } from 'node:zlib';
import * as tus from 'tus-js-client';
import { FILE_SIZE_RANGES } from '../../src/shared/constants';
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import type { SearchReply } from '../../src/shared/search';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';
import { zipEntries } from '../support/zipEntries';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

const BIG = 8_000_000;
setFlagsFromString('--expose-gc');
/** A full garbage collection (V8's gc, reached without starting jest with --expose-gc). */
const collect = runInNewContext('gc') as () => void;
let srv: RunningServer;
let admin: TestUser;
/** Reads community entries, not the private ones, and every attachment (they are PUBLIC). */
let reader: TestUser;

/** Uploads `data` as the administrator, attached to `parent` when given; answers the Attachment's index. */
function upload(data: Buffer, filename: string, parent?: Item, access = 'PUBLIC'): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(data, {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${admin.token}` },
      metadata: {
        filename,
        access,
        ...(parent ? { relType: parent._t, relIndex: String(parent._i), relProp: 'files' } : {}),
      },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(Number((lastResponse.getHeader('x-kk-attachment-id') ?? '').split('-')[1])),
    });
    u.start();
  });
}

const search = (user: TestUser, query: object) =>
  user.client.call<SearchReply>('search/ids', { must: { _: 'journalAttachment' }, labels: true, ...query });
const idsOf = async (user: TestUser, must: object) => (await search(user, { must: { _: 'journalAttachment', ...must } })).ids.sort();
const vid = (index: number) => `journalAttachment-${index}`;

let geese: Item;
let bear: Item;
let wolf: Item;
const note = Buffer.from('Eleven geese landed at dawn, then flew north.\n');
let photo: Buffer;
let big: Buffer;
/** Attachment indexes. */
const at: Record<string, number> = {};

beforeAll(async () => {
  srv = await startTestServer({ uploadMaxBytes: 20_000_000 });
  admin = await connectAdmin(srv);
  reader = await buildUser(srv, { name: 'Rosa Reader' });
  geese = await admin.client.call<Item>('create/JournalEntry', { title: 'Geese on the lake', date: '2026-04-20', $access: 'COMMUNITY' });
  // Readable to the community by its visibility, kept to its author by the journal's read rule.
  bear = await admin.client.call<Item>('create/JournalEntry', {
    title: 'Bear sign',
    date: '2026-04-21',
    $access: 'COMMUNITY',
    private: true,
  });
  wolf = await admin.client.call<Item>('create/JournalEntry', { title: 'Wolf tracks', date: '2026-03-02', $access: 'PRIVATE' });
  photo = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5_000)]);
  big = randomBytes(BIG);
  at.note = await upload(note, 'Dawn count.TXT', geese);
  at.photo = await upload(photo, 'lake map.pdf', geese);
  at.big = await upload(big, 'flight.bin', geese);
  at.bear = await upload(note, 'claw marks.txt', bear);
  at.wolf = await upload(photo, 'tracks.pdf', wolf);
  at.loose = await upload(note, 'loose geese.txt');
});
afterAll(async () => {
  reader?.client.close();
  admin?.client.close();
  await srv.stop();
});

describe('searching a virtual type', () => {
  it('finds the attachments of the parent types only, with their file names as labels', async () => {
    const reply = await search(admin, {});
    expect(reply.ids.sort()).toEqual([at.note, at.photo, at.big, at.bear, at.wolf].map(vid).sort());
    expect(reply.total).toBe(5);
    expect(reply.labels[vid(at.note)]).toBe('Dawn count.TXT');
  });

  it("matches free text in the file's name and in the parent's shown properties", async () => {
    expect(await idsOf(admin, { q: 'geese' })).toEqual([at.note, at.photo, at.big].map(vid).sort());
    expect(await idsOf(admin, { q: 'claw' })).toEqual([vid(at.bear)]);
    expect(await idsOf(admin, { q: 'tracks wolf' })).toEqual([vid(at.wolf)]);
    // Words of the attachment's own file, not shown in the view, find nothing through it.
    expect(await idsOf(admin, { q: 'dawn count' })).toEqual([vid(at.note)]);
  });

  it("narrows by the parent's properties, its relation and the derived extension", async () => {
    expect(await idsOf(admin, { 'fw-title': 'bear*' })).toEqual([vid(at.bear)]);
    expect(await idsOf(admin, { 'dr-date': { from: '2026-04-01', to: '2026-04-30' } })).toEqual(
      [at.note, at.photo, at.big, at.bear].map(vid).sort(),
    );
    expect(await idsOf(admin, { 'ft-state': 'DRAFT', 'ft-entry': wolf.$id })).toEqual([vid(at.wolf)]);
    expect(await idsOf(admin, { 'ft-extension': 'txt' })).toEqual([at.note, at.bear].map(vid).sort());
    expect(await idsOf(admin, { 'ft-kind': 'DOCUMENT', 'nr-size': { from: 1001, to: null } })).toEqual([at.photo, at.wolf].map(vid).sort());
  });

  it('facets file kind, extension, parent and the size ranges of spec 001 §9', async () => {
    const reply = await search(admin, {
      facets: [{ key: 'kind' }, { key: 'extension' }, { key: 'entry' }, { key: 'size', kind: 'fileSize' }],
    });
    expect(reply.facets.kind).toEqual(
      expect.arrayContaining([
        { key: 'DOCUMENT', count: 4 },
        { key: 'OTHER', count: 1 },
      ]),
    );
    expect(reply.facets.extension).toEqual([
      { key: 'pdf', count: 2 },
      { key: 'txt', count: 2 },
      { key: 'bin', count: 1 },
    ]);
    expect(reply.facets.entry).toEqual([
      { key: geese.$id, count: 3 },
      { key: bear.$id, count: 1 },
      { key: wolf.$id, count: 1 },
    ]);
    expect(reply.labels[geese.$id]).toBe('Geese on the lake');
    const size = reply.facets.size!;
    expect(size.map((b) => [b.from, b.to])).toEqual(FILE_SIZE_RANGES);
    expect(size.map((b) => [b.from, b.to])).toEqual([
      [0, 1000],
      [1001, 1_000_000],
      [1_000_001, 10_000_000],
      [10_000_001, 100_000_000],
      [100_000_001, 1_000_000_000],
      [1_000_000_001, null],
    ]);
    expect(size.map((b) => b.count)).toEqual([2, 2, 1, 0, 0, 0]);
  });

  it('sorts by the shown properties', async () => {
    const reply = await search(admin, {
      sort: [
        { key: 'date', order: 'asc' },
        { key: 'originalName', order: 'asc' },
      ],
    });
    expect(reply.ids[0]).toBe(vid(at.wolf));
    expect(reply.ids.at(-1)).toBe(vid(at.bear));
  });

  it('is left out of general search, and of a search beside stored types', async () => {
    const general = await admin.client.call<SearchReply>('search/ids', { must: { q: 'claw' } });
    expect(general.ids).toEqual([`Attachment-${at.bear}`]);
    const mixed = await admin.client.call<SearchReply>('search/ids', { must: { _: ['journalAttachment', 'Attachment'], q: 'claw' } });
    expect(mixed.ids).toEqual([`Attachment-${at.bear}`]);
  });
});

describe('what a caller may read', () => {
  it('never finds the attachments of parents the caller may not read, though the attachments themselves are readable', async () => {
    expect((await reader.client.call<Item>(`read/Attachment-${at.bear}`)).originalName).toBe('claw marks.txt');
    const reply = await search(reader, { facets: [{ key: 'entry' }, { key: 'size', kind: 'fileSize' }] });
    expect(reply.ids.sort()).toEqual([at.note, at.photo, at.big].map(vid).sort());
    expect(reply.total).toBe(3);
    expect(reply.facets.entry).toEqual([{ key: geese.$id, count: 3 }]);
    expect(reply.facets.size!.map((b) => b.count)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(await idsOf(reader, { q: 'bear' })).toEqual([]);
    expect(await idsOf(reader, { 'ft-entry': wolf.$id })).toEqual([]);
  });

  it('reads a virtual item like an item, and answers one of an unreadable parent as a missing one', async () => {
    const item = await reader.client.call<Item>(`read/${vid(at.photo)}`);
    expect(item).toMatchObject({
      $id: vid(at.photo),
      _t: 'journalAttachment',
      _i: at.photo,
      originalName: 'lake map.pdf',
      size: photo.length,
      kind: 'DOCUMENT',
      filetype: 'application/pdf',
      extension: 'pdf',
      entry: { id: geese.$id },
      title: 'Geese on the lake',
      date: '2026-04-20',
      state: 'DRAFT',
    });
    expect(item.$labels[geese.$id]).toBe('Geese on the lake');
    expect(item).not.toHaveProperty('fileID');
    for (const id of [vid(at.bear), vid(at.wolf), vid(at.loose), 'journalAttachment-999999']) {
      expect(await reader.client.request(`read/${id}`)).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
    }
    const many = await reader.client.call<Record<string, Item>>('readMany/object', [vid(at.note), vid(at.bear), `Attachment-${at.bear}`]);
    expect(Object.keys(many).sort()).toEqual([`Attachment-${at.bear}`, vid(at.note)].sort());
    expect(many[vid(at.note)]).toMatchObject({ title: 'Geese on the lake', extension: 'txt' });
  });

  it("follows the parent: its readers find its files, whatever the file's own visibility, and a deleted entry takes them out", async () => {
    const gone = await admin.client.call<Item>('create/JournalEntry', { title: 'Heron nest', date: '2026-04-02', $access: 'COMMUNITY' });
    // Uploaded as the administrator's own, on an entry the community reads: read as the entry is.
    const heron = await upload(note, 'heron.txt', gone, 'PRIVATE');
    expect(await idsOf(reader, { q: 'heron' })).toEqual([vid(heron)]);
    await admin.client.call(`delete/${gone.$id}`, { _u: gone._u });
    expect(await idsOf(reader, { q: 'heron' })).toEqual([]);
  });

  it('is never stored: creating, changing or deleting one is refused, for administrators too', async () => {
    expect(await admin.client.request('create/journalAttachment', { originalName: 'x.txt' })).toMatchObject({
      erred: true,
      b: { userMessage: 'unknownType' },
    });
    const item = await admin.client.call<Item>(`read/${vid(at.note)}`);
    expect(await admin.client.request('update', { ...item, title: 'Changed' })).toMatchObject({
      erred: true,
      b: { userMessage: 'unknownType' },
    });
    expect(await admin.client.request(`delete/${vid(at.note)}`, {})).toMatchObject({ erred: true, b: { userMessage: 'notFound' } });
    expect(await admin.client.call<Item>(`read/${vid(at.note)}`)).toMatchObject({
      title: 'Geese on the lake',
      originalName: 'Dawn count.TXT',
    });
    expect((await admin.client.call<Item>(`read/Attachment-${at.note}`)).$deleted).toBeUndefined();
  });
});

describe('the zip export of a virtual type', () => {
  const finished = async (user: TestUser, body: object): Promise<TaskInfo> => {
    const started = await user.client.call<TaskInfo>('act/exportAttachments/async', body);
    const done = (f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === started.key;
    return (await user.client.nextPush(done, 60_000)).b as TaskInfo;
  };
  const download = async (user: TestUser, task: TaskInfo): Promise<Response> =>
    fetch(`${srv.url}${task.resultURI!}`, { headers: { authorization: `Bearer ${user.token}` } });

  it('holds the files the search finds, in its order, under archive-attachments.zip', async () => {
    const done = await finished(reader, {
      query: { must: { _: 'journalAttachment', 'ft-kind': 'DOCUMENT' }, sort: [{ key: 'originalName', order: 'asc' }] },
    });
    expect(done.errorKey).toBeUndefined();
    const res = await download(reader, done);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="archive-attachments.zip"/);
    const entries = zipEntries(Buffer.from(await res.arrayBuffer()));
    // The private entry's claw marks.txt and the unreadable wolf's tracks.pdf are never in it.
    expect(entries.map((e) => [e.name, e.crc32])).toEqual([
      ['Dawn count.TXT', crc32(note)],
      ['lake map.pdf', crc32(photo)],
    ]);
  });

  it('streams: memory grows far less than the files it packs', async () => {
    // Six copies of the 8 MB file (48 MB), packed while what the process holds is sampled.
    const copies: number[] = [];
    for (let i = 0; i < 5; i++) copies.push(await upload(big, `flight ${i}.bin`, geese));
    // What the process holds, collected first so that garbage does not count: sampled as the
    // export passes a quarter, a half and three quarters (a collection on a timer would starve it).
    const held = (): number => {
      collect();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const base = held();
    const samples: number[] = [];
    let next = 25;
    const started = await admin.client.call<TaskInfo>('act/exportAttachments/async', {
      query: { must: { _: 'journalAttachment', 'ft-extension': 'bin' } },
    });
    const completed = await admin.client.nextPush((f: Frame) => {
      const task = f.b as TaskInfo;
      if (f.o === 'taskUpdate' && task.key === started.key && task.percentageComplete >= next && next < 100) {
        samples.push(held());
        next += 25;
      }
      return f.o === 'taskComplete' && task.key === started.key;
    }, 60_000);
    const done = completed.b as TaskInfo;
    expect(done.errorKey).toBeUndefined();
    const total = BIG * 6;
    const peak = Math.max(...samples);
    if (process.env.KK_REPORT_MEMORY) console.log(`export of ${total} bytes: held ${samples.map((b) => b - base).join(', ')} bytes more`);
    expect(samples.length).toBeGreaterThan(0);
    // Holding the files or the zip whole would hold all 48 MB; streaming holds a few buffers, plus
    // what the collector has not yet been asked to free of the streams' chunks (seen up to 30 MB).
    expect(peak - base).toBeLessThan(total * 0.75);
    const entries = zipEntries(Buffer.from(await (await download(admin, done)).arrayBuffer()));
    expect(entries).toHaveLength(6);
    expect(entries.every((e) => e.size === BIG && e.crc32 === crc32(big))).toBe(true);
    expect(copies).toHaveLength(5);
  }, 120_000);

  it("by ids: a file on an entry the caller reads, whatever the file's own visibility, never one on an entry they may not read", async () => {
    const nest = await admin.client.call<Item>('create/JournalEntry', { title: 'Loon nest', date: '2026-05-02', $access: 'COMMUNITY' });
    const loon = await upload(note, 'loon.txt', nest, 'PRIVATE');
    const done = await finished(reader, { ids: [`Attachment-${at.wolf}`, `Attachment-${loon}`, `Attachment-${at.loose}`] });
    expect(done.errorKey).toBeUndefined();
    const entries = zipEntries(Buffer.from(await (await download(reader, done)).arrayBuffer()));
    // The wolf's entry is the administrator's own; the loose file on no item is PUBLIC by its own visibility.
    expect(entries.map((e) => e.name)).toEqual(['loon.txt', 'loose geese.txt']);
    await admin.client.call(`delete/${nest.$id}`, { _u: nest._u });
  });

  it('fails with nothingToExport when the search finds nothing the caller may read', async () => {
    expect(await finished(reader, { query: { must: { _: 'journalAttachment', q: 'bear' } } })).toMatchObject({
      errorKey: 'errors.nothingToExport',
    });
  });
});
