import type { Frame, TaskInfo } from '../../src/shared/protocol';
import type { Item } from '../../src/shared/items/types';
import { csvField } from '../../src/server/tasks/csvExportTask';
import { csvDate } from '../../src/server/tasks/csvCellText';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let org: Item;
let hidden: Item;

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
  hidden = await alice.client.call<Item>('create/Contact', {
    firstName: 'Hidden',
    lastName: 'Quillfeather',
    _related: [{ id: org.$id }],
    $access: 'PRIVATE',
  });
  for (const [list, key, t] of [
    ['ORG_COMMLOG_TYPES', 'PHONE', { en: 'Phone call', fr: 'Appel téléphonique' }],
    ['ORG_COMMLOG_DIRECTIONS', 'IN', { en: 'Incoming', fr: 'Entrant' }],
  ] as const)
    await admin.client.call('create/LOVValue', { list, key, t, $access: 'PUBLIC' });
  await admin.client.call<Item>('create/CommLog', {
    owner: { id: org.$id },
    subject: 'Quillfeather call',
    date: '2026-04-02',
    type: 'PHONE',
    direction: 'IN',
    contacts: [{ id: hidden.$id }],
    notes: '<p>Spoke about <strong>books</strong> &amp; maps</p><p>Call back</p>',
    $access: 'PUBLIC',
  });
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

const linesOf = (text: string | undefined): string[] =>
  text!
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

const contactsQuery = {
  must: [
    { prop: '', kind: 'q', value: 'Quillfeather' },
    { prop: '', kind: '_', value: 'Contact' },
  ],
  sort: [{ key: 'label', order: 'asc' }],
};

const contactColumns = [
  { key: 'firstName', title: 'First name' },
  { key: 'lastName', title: 'Last name' },
  { key: 'email', title: 'E-mail' },
  { key: 'created', title: 'Created' },
];

test('exports the results a user may read as CSV: the columns they see, headed by their labels, formulas defused', async () => {
  const { task, text } = await exportCsv(bob, { query: contactsQuery, itemTypeName: 'Contact', columns: contactColumns });
  expect(task.errorKey).toBeUndefined();
  expect(task.resultURI).toMatch(/\/search-results\.csv\?download=1$/);
  const lines = linesOf(text);
  expect(lines[0]).toBe('First name,Last name,E-mail,Created');
  expect(lines).toHaveLength(3);
  expect(lines.some((l) => l.includes('Hidden'))).toBe(false);
  expect(lines).toContainEqual(expect.stringMatching(/^Ada,Quillfeather,ada@quill\.example,\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/));
  expect(lines).toContainEqual(expect.stringContaining(`'=SUM(A1),"Quillfeather, ""the second"""`));
});

test("list values, related items, dates and rich text are written as the screen shows them, in the reader's language", async () => {
  const columns = [
    { key: 'date', title: 'Date' },
    { key: 'subject', title: 'Sujet' },
    { key: 'type', title: 'Type' },
    { key: 'direction', title: 'Direction' },
    { key: 'owner', title: 'Organisation' },
    { key: 'contacts', title: 'Contacts', values: { Contact: 'Contact (non visible)' } },
    { key: 'notes', title: 'Notes' },
  ];
  const query = { must: [{ prop: '', kind: '_', value: 'CommLog' }] };
  const asBob = linesOf((await exportCsv(bob, { query, itemTypeName: 'CommLog', columns, locale: 'fr' })).text);
  expect(asBob).toEqual([
    'Date,Sujet,Type,Direction,Organisation,Contacts,Notes',
    '02-Apr-2026,Quillfeather call,Appel téléphonique,Entrant,Quillfeather Books,Contact (non visible),Spoke about books & maps Call back',
  ]);
  // Alice may read her private contact, so it is named; without a locale the labels are English.
  const asAlice = linesOf((await exportCsv(alice, { query, itemTypeName: 'CommLog', columns })).text);
  expect(asAlice[1]).toBe(
    '02-Apr-2026,Quillfeather call,Phone call,Incoming,Quillfeather Books,Hidden Quillfeather,Spoke about books & maps Call back',
  );
});

test("a general search's columns: the name, the type's label, the creation in the reader's zone", async () => {
  const columns = [
    { key: 'label', title: 'Name' },
    { key: 'type', title: 'Kind', values: { Organization: 'Organisation', Contact: 'Person' } },
    { key: 'created', title: 'Created' },
  ];
  const query = { must: [{ prop: '', kind: 'q', value: 'Quillfeather' }], sort: [{ key: 'label', order: 'asc' }], tzOffset: -120 };
  const lines = linesOf((await exportCsv(bob, { query, columns })).text);
  expect(lines[0]).toBe('Name,Kind,Created');
  expect(lines).toContainEqual(expect.stringMatching(/^Ada Quillfeather,Person,\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/));
  expect(lines).toContainEqual(expect.stringMatching(/^Quillfeather Books,Organisation,/));
  expect(lines.some((l) => l.startsWith('Quillfeather call,CommLog,'))).toBe(true);
});

test("without columns, the data an import reads back: id, type, label, created, the type's default headers as stored", async () => {
  const lines = linesOf((await exportCsv(bob, { query: contactsQuery, itemTypeName: 'Contact' })).text);
  expect(lines[0]).toBe('id,type,label,created,firstName,lastName,email');
  expect(lines).toHaveLength(3);
  expect(lines).toContainEqual(
    expect.stringMatching(/^Contact-\d+,Contact,Ada Quillfeather,\d{4}-\d{2}-\d{2}T[^,]+,Ada,Quillfeather,ada@quill\.example$/),
  );
  const logs = linesOf(
    (await exportCsv(bob, { query: { must: [{ prop: '', kind: '_', value: 'CommLog' }] }, itemTypeName: 'CommLog' })).text,
  );
  expect(logs[0]).toBe('id,type,label,created,date,subject,type,direction');
  expect(logs[1]).toMatch(/,2026-04-02,Quillfeather call,PHONE,IN$/);
});

test('the owner also gets her private contact; nothing found fails with nothingToExport', async () => {
  const mine = await exportCsv(alice, { query: contactsQuery });
  expect(linesOf(mine.text)).toHaveLength(4);
  const none = await exportCsv(alice, { query: { must: { q: 'zzzNoSuchWordzzz' } } });
  expect(none.task.errorKey).toBe('errors.nothingToExport');
  expect(none.task.resultURI).toBeUndefined();
});

test('a column readers are never shown, or that is no property of the type, is refused before the export starts', async () => {
  const usersQuery = { must: [{ prop: '', kind: '_', value: 'User' }] };
  expect(
    await admin.client.request('act/csvExport/async', {
      query: usersQuery,
      itemTypeName: 'User',
      columns: [{ key: 'whatsNewSeen', title: 'Seen' }],
    }),
  ).toMatchObject({ erred: true, b: { userMessage: 'notAllowed' } });
  for (const body of [
    { query: contactsQuery, itemTypeName: 'Contact', columns: [{ key: 'passwordHash', title: 'x' }] },
    { query: contactsQuery, itemTypeName: 'Contact', columns: [{ key: 'constructor', title: 'x' }] },
    { query: contactsQuery, columns: [{ key: 'email', title: 'E-mail' }] },
    { query: contactsQuery, itemTypeName: 'Contact', columns: [{ key: 'email', title: 'E-mail', values: { a: 1 } }] },
    { query: contactsQuery, itemTypeName: 'Contact', columns: [{ key: 'email', title: 'E-mail', extra: 1 }] },
    { query: contactsQuery, itemTypeName: 'Contact', columns: [] },
    { query: contactsQuery, itemTypeName: 'Contact', columns: contactColumns, locale: '../etc' },
  ])
    expect(await bob.client.request('act/csvExport/async', body)).toMatchObject({ erred: true, b: { userMessage: 'parseRequestFailed' } });
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

test('dates: calendar dates as they are, times in the given zone', () => {
  expect(csvDate('2026-04-02', false, 300)).toBe('02-Apr-2026');
  expect(csvDate('2026-04-02T22:30:00.000Z', true, -120)).toBe('03-Apr-2026 00:30');
  expect(csvDate('2026-04-02T02:05:00.000Z', true, 300)).toBe('01-Apr-2026 21:05');
  expect(csvDate('soon', true, 0)).toBe('soon');
});
