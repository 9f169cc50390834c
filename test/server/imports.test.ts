/**
 * Imports (docs/modules.md, "Imports and exports"): the example journal's JOURNAL_ENTRIES kind over
 * uploaded CSV files, through the socket and the upload route as a browser does it, on both drivers.
 */
import * as tus from 'tus-js-client';
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import { OpError } from '../../src/server/OpError';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';
import { xlsxFile } from '../support/xlsxFile';

jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/server', () => jest.requireActual('../support/exampleModule/withJournal').serversWithJournal());

let srv: RunningServer;
let admin: TestUser;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

/** Uploads `text` as file `name`, attached to `imp`; answers the Attachment id. */
function upload(user: TestUser, imp: Item, text: string | Buffer, name = 'entries.csv'): Promise<string> {
  return new Promise((resolve, reject) => {
    const u = new tus.Upload(Buffer.from(text), {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${user.token}` },
      metadata: { filename: name, relType: 'Import', relIndex: String(imp._i) },
      retryDelays: [],
      onError: reject,
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('x-kk-attachment-id') ?? ''),
    });
    u.start();
  });
}

const ended = (key: string) => (f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === key;

/** Starts the import task and answers how it ended and the Import as it then is. */
async function runImport(user: TestUser, imp: Item, body: Record<string, unknown>): Promise<{ task: TaskInfo; imp: Item }> {
  const started = await user.client.call<TaskInfo>('act/import/async', { importId: imp.$id, ...body });
  const task = (await user.client.nextPush(ended(started.key), 60_000)).b as TaskInfo;
  return { task, imp: await user.client.call<Item>(`read/${imp.$id}`) };
}

async function newImport(user: TestUser, label: string): Promise<Item> {
  return user.client.call<Item>('create/Import', { label, kind: 'JOURNAL_ENTRIES' });
}

const titles = async (user: TestUser, text: string): Promise<Item[]> => {
  const { ids } = await user.client.call<{ ids: string[] }>('search/ids', {
    must: [
      { prop: '', kind: '_', value: 'JournalEntry' },
      { prop: '', kind: 'q', value: text },
    ],
    max: 1000,
  });
  return ids.length ? Object.values(await user.client.call<Record<string, Item>>('readMany/object', ids)) : [];
};

test('an Import names a registered kind: another is refused, nothing written', async () => {
  const reply = await admin.client.request('create/Import', { label: 'Wrong', kind: 'NO_SUCH_KIND' });
  expect(reply).toMatchObject({ erred: true, b: { userMessage: 'validationFailed', fields: { kind: 'errors.import.unknownKind' } } });
});

test('imports the good rows and reports each bad one by line, field and reason, writing nothing of it', async () => {
  const imp = await newImport(admin, 'Spring survey');
  const file = [
    'title,date,private',
    'Spring one heron,2026-03-01,false',
    'Spring two otters,2099-01-01,',
    ',2026-03-02,',
    'Spring four cranes,2026-03-03,maybe',
    'Spring five swans,2026-03-04,yes',
    'Spring six,not a date,',
    'Spring seven half written,2026-03-05,',
  ].join('\n');
  // A change hook that refuses this row after its item, its event and the module's log are written.
  srv.server.services.items.addChangeHook(async (_tx, _change, record) => {
    if (record.data.title === 'Spring seven half written')
      throw new OpError('validationFailed', 'Refused late', { notes: 'errors.invalidValue' });
  });
  const attachmentId = await upload(admin, imp, file);
  const { task, imp: done } = await runImport(admin, imp, { attachmentId });
  expect(task.errorKey).toBeUndefined();
  expect(done).toMatchObject({ status: 'DONE', dryRun: false, rows: 7, created: 2, updated: 0, failed: 5, file: { id: attachmentId } });
  expect(done.report).toEqual([
    { line: 4, field: 'title', reason: 'errors.required' },
    { line: 5, field: 'private', reason: 'errors.invalidValue' },
    { line: 3, field: 'date', reason: 'errors.journal.futureDate' },
    { line: 7, field: 'date', reason: 'errors.invalidDate' },
    { line: 8, field: 'notes', reason: 'errors.invalidValue' },
  ]);
  // Rolled back to its savepoint: no item, no event, no log row of it is left.
  const left = await srv.server.services.db.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM items WHERE data->>'title' = 'Spring seven half written')
          + (SELECT count(*) FROM events e JOIN items i ON i.id = e.item_id WHERE i.data->>'title' = 'Spring seven half written')
          + (SELECT count(*) FROM journal_changes c WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.id = c.entry_id)) AS n`,
  );
  expect(Number(left.rows[0]!.n)).toBe(0);
  const made = await titles(admin, 'Spring');
  expect(made.map((e) => e.title).sort()).toEqual(['Spring five swans', 'Spring one heron']);
  expect(made.find((e) => e.title === 'Spring five swans')).toMatchObject({ private: true, date: '2026-03-04', state: 'DRAFT' });
  // The rows that failed in the database (the module's validator) left nothing: no entry, no change logged.
  for (const e of made) expect(await admin.client.call('act/journalChanges', { entryId: e.$id })).toEqual({ changes: 1 });
});

test('a dry run previews the first rows and every problem, and writes nothing', async () => {
  const imp = await newImport(admin, 'Dry');
  const rows = Array.from({ length: 14 }, (_, i) => `Dry run ${i + 1},2026-02-${String(i + 1).padStart(2, '0')}`);
  const attachmentId = await upload(admin, imp, ['title,date', ...rows, 'Dry run bad,someday'].join('\r\n'));
  const { task, imp: done } = await runImport(admin, imp, { attachmentId, dryRun: true });
  expect(task.errorKey).toBeUndefined();
  expect(done).toMatchObject({ status: 'PREVIEWED', dryRun: true, rows: 15, created: 14, failed: 1 });
  expect(done.preview).toEqual({ columns: ['title', 'date'], rows: rows.slice(0, 10).map((r) => r.split(',')) });
  expect(done.report).toEqual([{ line: 16, field: 'date', reason: 'errors.invalidDate' }]);
  expect(await titles(admin, 'Dry')).toEqual([]);
  // The same file then imports for real, from the file the preview kept.
  const real = await runImport(admin, done, {});
  expect(real.imp).toMatchObject({ status: 'DONE', dryRun: false, created: 14, failed: 1 });
  expect(await titles(admin, 'Dry')).toHaveLength(14);
});

test('a row whose key an item has updates that item; a header that does not fit imports nothing', async () => {
  const first = await newImport(admin, 'Keys');
  await runImport(admin, first, {
    attachmentId: await upload(admin, first, 'title,date\nKeyed loon,2026-01-05\nKeyed grebe,2026-01-06\n'),
  });
  const [loon] = await titles(admin, 'loon');
  const again = await newImport(admin, 'Keys again');
  const attachmentId = await upload(admin, again, 'title,date,notes\nKeyed loon,2026-01-07,<p>Two of them</p>\nKeyed eider,2026-01-08,\n');
  const { imp } = await runImport(admin, again, { attachmentId });
  expect(imp).toMatchObject({ status: 'DONE', rows: 2, created: 1, updated: 1, failed: 0 });
  const after = await titles(admin, 'Keyed');
  expect(after).toHaveLength(3);
  expect(after.find((e) => e.$id === loon!.$id)).toMatchObject({ date: '2026-01-07', notes: '<p>Two of them</p>', _u: loon!._u + 1 });

  const bad = await newImport(admin, 'Bad header');
  const badFile = await upload(admin, bad, 'name,date,colour\nKeyed swift,2026-01-09,blue\n');
  const refused = await runImport(admin, bad, { attachmentId: badFile });
  expect(refused.task.errorKey).toBe('errors.import.badHeader');
  expect(refused.imp).toMatchObject({ status: 'FAILED', rows: 0, created: 0 });
  expect(refused.imp.report).toEqual([
    { line: 1, field: 'name', reason: 'errors.import.unknownColumn' },
    { line: 1, field: 'colour', reason: 'errors.import.unknownColumn' },
    { line: 1, field: 'title', reason: 'errors.import.noKeyColumn' },
  ]);
  expect(await titles(admin, 'swift')).toEqual([]);
});

test('a CSV export of entries imports back unchanged', async () => {
  const imp = await newImport(admin, 'Round trip source');
  const source = ['title,date', 'Trip "quoted", with comma,2026-05-01', '=Trip formula,2026-05-02', 'Trip plain,2026-05-03'].join('\n');
  // csv-parse reads the quotes a spreadsheet writes.
  await runImport(admin, imp, {
    attachmentId: await upload(admin, imp, source.replace('Trip "quoted", with comma', '"Trip ""quoted"", with comma"')),
  });
  const before = await titles(admin, 'Trip');
  expect(before).toHaveLength(3);
  const query = {
    must: [
      { prop: '', kind: '_', value: 'JournalEntry' },
      { prop: '', kind: 'q', value: 'Trip' },
    ],
    sort: [{ key: 'label', order: 'asc' }],
  };
  const started = await admin.client.call<TaskInfo>('act/csvExport/async', { query, itemTypeName: 'JournalEntry' });
  const exported = (await admin.client.nextPush(ended(started.key))).b as TaskInfo;
  const csv = await (await fetch(`${srv.url}${exported.resultURI!}`, { headers: { authorization: `Bearer ${admin.token}` } })).text();
  expect(csv).toContain("'=Trip formula");

  const back = await newImport(admin, 'Round trip back');
  const { imp: done } = await runImport(admin, back, { attachmentId: await upload(admin, back, csv, 'search-results.csv') });
  expect(done).toMatchObject({ status: 'DONE', rows: 3, created: 0, updated: 0, unchanged: 3, failed: 0 });
  const after = await titles(admin, 'Trip');
  expect(after.map(({ $labels: _l, ...e }) => e)).toEqual(before.map(({ $labels: _l, ...e }) => e));
});

test("rows are written with the importer's rights: without Research no entry is created", async () => {
  const ben = await buildUser(srv, { name: 'Ben Cardinal' });
  try {
    const imp = await newImport(ben, 'Not mine to make');
    const { task, imp: done } = await runImport(ben, imp, { attachmentId: await upload(ben, imp, 'title,date\nBen heron,2026-01-01\n') });
    expect(task.errorKey).toBeUndefined();
    expect(done).toMatchObject({ status: 'DONE', created: 0, failed: 1, report: [{ line: 2, field: '', reason: 'errors.notAllowed' }] });
    // Another user's Import is not theirs to run.
    const theirs = await newImport(admin, 'Admin only');
    const started = await ben.client.call<TaskInfo>('act/import/async', {
      importId: theirs.$id,
      attachmentId: await upload(ben, imp, 'title\nx\n'),
    });
    expect((await ben.client.nextPush(ended(started.key))).b).toMatchObject({ errorKey: 'errors.import.notAllowed' });
    expect(await admin.client.call(`read/${theirs.$id}`)).not.toHaveProperty('status');
  } finally {
    ben.client.close();
  }
});

test('a kill stops the import between two rows: the batches before it stay, nothing more is written', async () => {
  const imp = await newImport(admin, 'Long');
  const rows = Array.from({ length: 20_000 }, (_, i) => `Killed ${i},2026-01-01`);
  const attachmentId = await upload(admin, imp, ['title,date', ...rows].join('\n'));
  const started = await admin.client.call<TaskInfo>('act/import/async', { importId: imp.$id, attachmentId });
  await admin.client.nextPush((f) => f.o === 'taskUpdate' && (f.b as TaskInfo).key === started.key, 60_000);
  const killed = await admin.client.call<TaskInfo>(`activeTask/${started.key}`, 'killTask');
  expect(killed.errorKey).toBe('errors.taskKilled');
  let done = await admin.client.call<Item>(`read/${imp.$id}`);
  for (let i = 0; i < 100 && done.status !== 'KILLED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    done = await admin.client.call<Item>(`read/${imp.$id}`);
  }
  expect(done.status).toBe('KILLED');
  const count = async () =>
    (
      await admin.client.call<{ total: number }>('search/ids', {
        must: [
          { prop: '', kind: '_', value: 'JournalEntry' },
          { prop: '', kind: 'q', value: 'Killed' },
        ],
        max: 0,
      })
    ).total;
  const now = await count();
  expect(now).toBe(done.created);
  expect(now).toBeLessThan(20_000);
  await new Promise((r) => setTimeout(r, 500));
  expect(await count()).toBe(now);
});

test('an XLSX workbook imports as a CSV file does', async () => {
  const imp = await newImport(admin, 'Workbook');
  const book = await xlsxFile([
    ['title', 'date', 'private'],
    ['Workbook kestrel', '2026-04-01', 'no'],
    ['Workbook merlin', 'soon', ''],
  ]);
  const { task, imp: done } = await runImport(admin, imp, { attachmentId: await upload(admin, imp, book, 'entries.xlsx') });
  expect(task.errorKey).toBeUndefined();
  expect(done).toMatchObject({
    status: 'DONE',
    rows: 2,
    created: 1,
    failed: 1,
    report: [{ line: 3, field: 'date', reason: 'errors.invalidDate' }],
  });
  expect(await titles(admin, 'Workbook')).toMatchObject([{ title: 'Workbook kestrel', date: '2026-04-01', private: false }]);
});
