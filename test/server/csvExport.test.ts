import type { Frame, TaskInfo } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { csvField } from '../../src/server/tasks/csvExportTask';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let org: Item;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  alice = await buildUser(srv);
  bob = await buildUser(srv);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Quillfeather Books', type: 'INDUSTRY', $access: 'PUBLIC' });
  await alice.client.call<Item>('create/Contact', {
    firstName: 'Ada',
    lastName: 'Quillfeather',
    email: 'ada@quill.example',
    _related: [{ id: org.$id }],
    $access: 'PUBLIC',
  });
  await alice.client.call<Item>('create/Contact', { firstName: '=SUM(A1)', lastName: 'Quillfeather, "the second"', $access: 'PUBLIC' });
  await alice.client.call<Item>('create/Contact', { firstName: 'Hidden', lastName: 'Quillfeather', $access: 'PRIVATE' });
});
afterAll(async () => {
  for (const u of [admin, alice, bob]) u?.client.close();
  await srv.stop();
});

const done = (key: string) => (f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === key;

async function exportCsv(user: TestUser, body: unknown): Promise<{ task: TaskInfo; text?: string }> {
  const started = await user.client.call<TaskInfo>('act/csvExport/async', body);
  const task = (await user.client.nextPush(done(started.key))).b as TaskInfo;
  if (!task.resultURI) return { task };
  const res = await fetch(`${srv.url}${task.resultURI}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return { task, text: await res.text() };
}

const contactsQuery = {
  must: [
    { prop: '', kind: 'q', value: 'Quillfeather' },
    { prop: '', kind: '_', value: 'Contact' },
  ],
  sort: [{ key: 'label', order: 'asc' }],
};

test("exports the results a user may read as CSV, with the type's headers, formulas defused", async () => {
  const { task, text } = await exportCsv(bob, { query: contactsQuery, itemTypeName: 'Contact' });
  expect(task.errorKey).toBeUndefined();
  expect(task.resultURI).toMatch(/\/search-results\.csv\?download=1$/);
  const lines = text!
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('id,type,label,created,firstName,lastName,email');
  expect(lines).toHaveLength(3);
  expect(lines.some((l) => l.includes('Hidden'))).toBe(false);
  expect(lines).toContainEqual(
    expect.stringMatching(/^Contact-\d+,Contact,Ada Quillfeather,\d{4}-.*,Ada,Quillfeather,ada@quill\.example$/),
  );
  expect(lines).toContainEqual(expect.stringContaining(`,'=SUM(A1),"Quillfeather, ""the second"""`));
});

test('the owner also gets her private contact; nothing found fails with nothingToExport', async () => {
  const mine = await exportCsv(alice, { query: contactsQuery });
  expect(mine.text!.trimEnd().split('\r\n')).toHaveLength(4);
  const none = await exportCsv(alice, { query: { must: { q: 'zzzNoSuchWordzzz' } } });
  expect(none.task.errorKey).toBe('errors.nothingToExport');
  expect(none.task.resultURI).toBeUndefined();
});

test('refuses a body that is not a query', async () => {
  expect(await alice.client.request('act/csvExport/async', { query: 'all' })).toMatchObject({
    erred: true,
    b: { userMessage: 'parseRequestFailed' },
  });
  expect(await alice.client.request('act/csvExport/async', { query: {}, extra: 1 })).toMatchObject({
    erred: true,
    b: { userMessage: 'parseRequestFailed' },
  });
});

test('csv fields are quoted only when they must be', () => {
  expect(csvField('plain')).toBe('plain');
  expect(csvField('a,b')).toBe('"a,b"');
  expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  expect(csvField('-1')).toBe("'-1");
});
