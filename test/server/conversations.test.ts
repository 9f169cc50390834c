/**
 * The conversations module's server part (issue 15), on both drivers: who reads and writes a thread
 * and its messages (single reads and searches alike), unread counts per user, the CONSULT_RESPONSE
 * and CONSULT_INCOMPLETE rules, new participants reading what was said before, messages made only
 * through their operation, and the mail a message sends to the other participants.
 */
import * as tus from 'tus-js-client';
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import type { ThreadMessage, ThreadSummary } from '../../src/modules/conversations/operations';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { readOutbox } from '../support/outbox';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Ann and Bea have person records (contacts) and take part; Cal is signed in with none; Dee is a member of Ann's organisation. */
let ann: TestUser;
let bea: TestUser;
let cal: TestUser;
let dee: TestUser;
let proponent: TestUser;
const contact = { ann: '', bea: '', out: '', pat: '' };
const org = { ann: '', proponent: '' };

const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: Record<string, string> }) : undefined;
const start = (user: TestUser, body: Record<string, unknown>) =>
  user.client.call<{ threadId: string; messageId: string }>('act/conversationStart', body);
const post = (user: TestUser, threadId: string, body: string, attachments?: { id: string }[]) =>
  user.client.request('act/conversationPost', { threadId, body, ...(attachments ? { attachments } : {}) });
const mine = async (user: TestUser, resolved = false) =>
  (await user.client.call<{ threads: ThreadSummary[]; unread: number }>('act/conversations', { resolved })).threads;
const messages = async (user: TestUser, threadId: string) =>
  (await user.client.call<{ messages: ThreadMessage[] }>('act/conversationMessages', { threadId })).messages;
const found = async (user: TestUser, type: string) =>
  (await user.client.call<{ ids: string[] }>('search/ids', { must: { _: type }, max: 200 })).ids;

async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

/** Names `contactId` as `user`'s person record and waits until their socket knows it. */
async function linkContact(user: TestUser, contactId: string): Promise<void> {
  const record = await admin.client.call<Item>(`read/${user.id}`);
  const refreshed = user.client.nextPush((f) => f.o === 'authed');
  await admin.client.call('update', { $id: user.id, _u: record._u, contact: { id: contactId } });
  await refreshed;
}

/** Uploads a file on no item (as a composer does before sending) and answers its Attachment's id. */
async function upload(user: TestUser, filename: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    new tus.Upload(Buffer.from(`contents of ${filename}`), {
      endpoint: `${srv.url}/api/upload`,
      headers: { authorization: `Bearer ${user.token}` },
      metadata: { filename },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
  const ids = (await user.client.call<{ ids: string[] }>('search/ids', { must: { _: 'Attachment' }, max: 200 })).ids;
  for (const id of ids) if ((await user.client.call<Item>(`read/${id}`)).originalName === filename) return id;
  throw new Error(`${filename} not found`);
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  const a = admin.client;
  org.ann = (await a.call<Item>('create/Organization', { displayName: 'Lakeview Nation', type: 'COMMUNITY' })).$id;
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'North Road Ltd', type: 'INDUSTRY' })).$id;
  const person = async (firstName: string, lastName: string, email: string, orgId?: string) =>
    (await a.call<Item>('create/Contact', { firstName, lastName, email, ...(orgId ? { _related: [{ id: orgId }] } : {}) })).$id;
  contact.ann = await person('Ann', 'Lake', 'ann.lake@lakeview.example', org.ann);
  contact.bea = await person('Bea', 'Stone', 'bea.stone@example.org');
  contact.out = await person('Oscar', 'Outside', 'oscar@outside.example');
  contact.pat = await person('Pat', 'Road', 'pat.road@northroad.example', org.proponent);
  ann = await buildUser(srv, { name: 'Ann Lake' });
  bea = await buildUser(srv, { name: 'Bea Stone' });
  cal = await buildUser(srv, { name: 'Cal Nobody' });
  dee = await buildUser(srv, { name: 'Dee Member' });
  proponent = await buildUser(srv, { name: 'Pat Road' });
  await linkContact(ann, contact.ann);
  await linkContact(bea, contact.bea);
  await linkContact(proponent, contact.pat);
  await a.call('act/setMembership', { userId: ann.id, orgId: org.ann, capabilities: { write: true } });
  await a.call('act/setMembership', { userId: dee.id, orgId: org.ann, capabilities: {} });
  await a.call('act/setMembership', { userId: proponent.id, orgId: org.proponent, capabilities: { write: true, ConsultSubmit: true } });
  await until(
    async () => !(await proponent.client.request('create/Consultation', { owner: { id: org.proponent }, projectName: 'Probe' })).erred,
    'proponent rights',
  );
  await until(async () => !(await dee.client.request(`read/${org.ann}`)).erred, 'membership');
});

afterAll(async () => {
  for (const u of [admin, ann, bea, cal, dee, proponent]) u?.client.close();
  await srv.stop();
});

describe('who reads and writes a thread', () => {
  let threadId = '';
  beforeAll(async () => {
    ({ threadId } = await start(ann, {
      subject: 'Fishing camp access',
      participants: [contact.bea],
      body: '<p>Can we meet at the <strong>camp</strong>?</p><script>alert(1)</script>',
    }));
  });

  it('its starter and participants read it and its messages, by id and by search; others do not', async () => {
    const thread = await ann.client.call<Item>(`read/${threadId}`);
    expect(thread.subject).toBe('Fishing camp access');
    expect((thread.participants as { id: string }[]).map((p) => p.id).sort()).toEqual([contact.ann, contact.bea].sort());
    expect(thread.$syncState).toBe('LOCAL');
    expect(typeof thread.$sortTS).toBe('string');
    expect((await bea.client.request(`read/${threadId}`)).erred).toBeFalsy();
    expect(refusal(await cal.client.request(`read/${threadId}`))?.userMessage).toBe('notAllowed');
    expect(await found(bea, 'Thread')).toContain(threadId);
    expect(await found(cal, 'Thread')).not.toContain(threadId);
    const beaMessages = await found(bea, 'Message');
    expect(beaMessages).toHaveLength(1);
    expect(await found(cal, 'Message')).toEqual([]);
    expect(refusal(await cal.client.request('act/conversationMessages', { threadId }))?.userMessage).toBe('notAllowed');
    // The rich text keeps its formatting and loses the script.
    const [first] = await messages(bea, threadId);
    expect(first).toMatchObject({ author: 'Ann Lake', mine: false, unread: true });
    expect(first!.body).toBe('<p>Can we meet at the <strong>camp</strong>?</p>');
  });

  it('a member of its organisation reads it only when it belongs to one; a non-participant reader may not write in it', async () => {
    expect(refusal(await dee.client.request(`read/${threadId}`))?.userMessage).toBe('notAllowed');
    const owned = await start(ann, { subject: 'Band office hours', participants: [], owner: org.ann, body: '<p>Open Fridays.</p>' });
    expect((await dee.client.request(`read/${owned.threadId}`)).erred).toBeFalsy();
    expect(await found(dee, 'Message')).toContain(owned.messageId);
    const refused = refusal(await post(dee, owned.threadId, '<p>Me too</p>'));
    expect(refused).toEqual(
      expect.objectContaining({ userMessage: 'notAllowed', fields: { body: 'errors.conversations.notParticipant' } }),
    );
    expect(refusal(await post(cal, threadId, '<p>Hello?</p>'))?.userMessage).toBe('notAllowed');
  });

  it('counts what each has not read, and clears it when they read the thread', async () => {
    expect((await mine(bea)).find((t) => t.id === threadId)).toMatchObject({ unread: 1, subject: 'Fishing camp access' });
    expect((await mine(ann)).find((t) => t.id === threadId)).toMatchObject({ unread: 0 });
    expect(await mine(cal)).toEqual([]);
    expect((await post(bea, threadId, '<p>Yes, Saturday.</p>')).erred).toBeFalsy();
    expect((await mine(ann)).find((t) => t.id === threadId)?.unread).toBe(1);
    // Writing marks the writer's own reading: Bea has read up to her message.
    expect((await mine(bea)).find((t) => t.id === threadId)?.unread).toBe(0);
    const seen = await messages(ann, threadId);
    expect(seen.map((m) => [m.author, m.mine, m.unread])).toEqual([
      ['Ann Lake', true, false],
      ['Bea Stone', false, true],
    ]);
    await ann.client.call('act/conversationRead', { threadId });
    expect((await mine(ann)).find((t) => t.id === threadId)?.unread).toBe(0);
    expect((await messages(ann, threadId)).every((m) => !m.unread)).toBe(true);
  });

  it('the latest thread comes first; a resolved one leaves the open list', async () => {
    const later = await start(bea, { subject: 'Later topic', participants: [contact.ann], body: '<p>New</p>' });
    const list = await mine(ann);
    expect(list.map((t) => t.id).indexOf(later.threadId)).toBeLessThan(list.map((t) => t.id).indexOf(threadId));
    const thread = await bea.client.call<Item>(`read/${later.threadId}`);
    expect((await bea.client.request('update', { $id: later.threadId, _u: thread._u, resolved: true })).erred).toBeFalsy();
    expect((await mine(ann)).map((t) => t.id)).not.toContain(later.threadId);
    expect((await mine(ann, true)).find((t) => t.id === later.threadId)).toMatchObject({ resolved: true });
  });

  it('an empty message is refused; a message is never made as a bare item', async () => {
    expect(refusal(await post(ann, threadId, '<p> </p>'))).toEqual(
      expect.objectContaining({ userMessage: 'validationFailed', fields: { body: 'errors.conversations.emptyMessage' } }),
    );
    const bare = await ann.client.request('create/Message', { thread: { id: threadId }, body: '<p>Sneaky</p>' });
    expect(bare.erred).toBe(true);
  });

  it('a participant added later reads what was said before', async () => {
    // Once Bea's message was mailed (its mail goes to those taking part when it is sent).
    await until(async () => (await readOutbox(srv.config.dataDir)).some((m) => m.text.includes('Yes, Saturday.')), 'the mail');
    const oscar = await buildUser(srv, { name: 'Oscar Outside' });
    await linkContact(oscar, contact.out);
    expect(await found(oscar, 'Message')).toEqual([]);
    const thread = await ann.client.call<Item>(`read/${threadId}`);
    const participants = [...(thread.participants as { id: string }[]), { id: contact.out }];
    expect((await ann.client.request('update', { $id: threadId, _u: thread._u, participants })).erred).toBeFalsy();
    await until(async () => (await found(oscar, 'Message')).length === 2, 'the earlier messages');
    expect((await messages(oscar, threadId)).map((m) => m.author)).toEqual(['Ann Lake', 'Bea Stone']);
    // Who takes part, by name, though Oscar reads none of their records.
    const { participants: names } = await oscar.client.call<{ participants: string[] }>('act/conversationMessages', { threadId });
    expect(names).toEqual(['Ann Lake', 'Bea Stone', 'Oscar Outside']);
    oscar.client.close();
  });

  it('mails each other participant with a link to the thread, never the writer', async () => {
    await until(async () => (await readOutbox(srv.config.dataDir)).some((m) => m.text.includes('Yes, Saturday.')), 'the mail');
    const mails = (await readOutbox(srv.config.dataDir)).filter((m) => m.text.includes('Yes, Saturday.'));
    expect(mails.map((m) => m.to)).toEqual(['ann.lake@lakeview.example']);
    expect(mails[0]!.subject).toBe('Fishing camp access (Bea Stone)');
    expect(mails[0]!.text).toContain(`/i-${threadId}`);
  });

  it('does not mail a participant whose profile asks for no notifications', async () => {
    const me = await ann.client.call<Item>(`read/${ann.id}`);
    await ann.client.call('update', { $id: ann.id, _u: me._u, notifyFrequency: 'NONE' });
    expect((await post(bea, threadId, '<p>Bring boots.</p>')).erred).toBeFalsy();
    expect((await post(bea, threadId, '<p>And a flashlight.</p>')).erred).toBeFalsy();
    await until(async () => (await readOutbox(srv.config.dataDir)).some((m) => m.text.includes('And a flashlight.')), 'the mail to Oscar');
    const mails = await readOutbox(srv.config.dataDir);
    expect(mails.filter((m) => m.text.includes('Bring boots.')).map((m) => m.to)).toEqual(['oscar@outside.example']);
  });
});

describe('purposes', () => {
  it('a CONSULT_RESPONSE thread starts with a file: refused without one, nothing written', async () => {
    const before = await mine(ann, true);
    const refused = refusal(
      await ann.client.request('act/conversationStart', {
        subject: 'Our response',
        participants: [contact.bea],
        purpose: 'CONSULT_RESPONSE',
        body: '<p>See attached</p>',
      }),
    );
    expect(refused).toEqual(
      expect.objectContaining({ userMessage: 'validationFailed', fields: { attachments: 'errors.conversations.responseNeedsFile' } }),
    );
    expect(await mine(ann, true)).toHaveLength(before.length);
    const file = await upload(ann, 'response-letter.txt');
    const made = await start(ann, {
      subject: 'Our response',
      participants: [contact.bea],
      purpose: 'CONSULT_RESPONSE',
      body: '<p>See attached</p>',
      attachments: [{ id: file }],
    });
    const [first] = await messages(bea, made.threadId);
    expect(first!.files).toEqual([{ id: file, name: 'response-letter.txt' }]);
    // The file joined the message: whoever reads the message fetches it, no one else.
    const status = async (user: TestUser) =>
      (await fetch(`${srv.url}/attachment/${file}`, { headers: { authorization: `Bearer ${user.token}` } })).status;
    expect(await status(bea)).toBe(200);
    expect(await status(cal)).toBe(404);
    // Later messages need none.
    expect((await post(bea, made.threadId, '<p>Received, thank you.</p>')).erred).toBeFalsy();
  });

  it('a CONSULT_RESPONSE thread made by the generic form gets a file with its first message', async () => {
    const made = await ann.client.call<Item>('create/Thread', {
      subject: 'Response by form',
      purpose: 'CONSULT_RESPONSE',
      participants: [],
    });
    expect(refusal(await post(ann, made.$id, '<p>No file</p>'))?.fields).toEqual({ attachments: 'errors.conversations.responseNeedsFile' });
    const file = await upload(ann, 'form-letter.txt');
    expect((await post(ann, made.$id, '<p>With the file</p>', [{ id: file }])).erred).toBeFalsy();
    expect((await messages(ann, made.$id)).map((m) => m.files.map((f) => f.name))).toEqual([['form-letter.txt']]);
  });

  it('an unknown purpose is refused', async () => {
    const reply = await ann.client.request('act/conversationStart', {
      subject: 'x',
      participants: [],
      purpose: 'NOT_A_PURPOSE',
      body: '<p>x</p>',
    });
    expect(refusal(reply)?.userMessage).toBe('validationFailed');
  });

  it('a consultation stays INCOMPLETE while its CONSULT_INCOMPLETE thread is open, and moves on once it is resolved', async () => {
    const made = await proponent.client.call<Item>('create/Consultation', { owner: { id: org.proponent }, projectName: 'Winter road' });
    const incomplete = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
    expect(incomplete.state).toBe('INCOMPLETE');
    const { threadId } = await start(proponent, {
      subject: 'What is missing',
      participants: [contact.ann],
      context: made.$id,
      purpose: 'CONSULT_INCOMPLETE',
      body: '<p>Which parts are missing?</p>',
    });
    const thread = await proponent.client.call<Item>(`read/${threadId}`);
    expect(thread.owner).toEqual({ id: org.proponent });
    const complete = await proponent.client.call<Item>('update', {
      $id: made.$id,
      _u: incomplete._u,
      region: 'NORTH',
      stream: 'NORMAL',
      projectType: 'TRANSPORT',
      primaryOrg: { id: org.proponent },
      primaryContacts: [{ id: contact.pat }],
      requestedResponseDate: '2026-12-01',
      projectStartDt: '2027-01-01',
      projectEndDt: '2027-06-30',
      projectDescription: '<p>A winter road.</p>',
      locationDescription: '<p>North.</p>',
    });
    const refused = refusal(await proponent.client.request(`transition/${made.$id}`, { event: 'consultation.submit', _u: complete._u }));
    expect(refused).toEqual(
      expect.objectContaining({ userMessage: 'transitionNotAllowed', fields: { state: 'errors.conversations.incompleteOpen' } }),
    );
    expect((await proponent.client.call<Item>(`read/${made.$id}`)).state).toBe('INCOMPLETE');
    // Resolved by a participant (Ann, who does not write for the proponent): then it moves on.
    await ann.client.call('update', { $id: threadId, _u: thread._u, resolved: true });
    const submitted = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: complete._u });
    expect(submitted.state).toBe('SUBMITTED');
  });
});

describe('message export', () => {
  const exportOf = async (who: TestUser, columns: { key: string; title: string }[]) => {
    const started = await who.client.request('act/csvExport/async', {
      query: { must: [{ prop: '', kind: '_', value: 'Message' }], sort: [{ key: 'created', order: 'asc' }] },
      itemTypeName: 'Message',
      columns,
    });
    if (started.erred) return { refused: refusal(started)!.userMessage };
    const key = (started.b as TaskInfo).key;
    const task = (await who.client.nextPush((f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === key)).b as TaskInfo;
    if (!task.resultURI) return { failed: task.errorKey };
    const res = await fetch(`${srv.url}${task.resultURI}`, { headers: { authorization: `Bearer ${who.token}` } });
    return { text: await res.text() };
  };

  it('shows the drupal fields to administrators only (spec 001 §6); others export the messages they read without them', async () => {
    const { threadId, messageId } = await start(ann, {
      subject: 'Imported from Drupal',
      participants: [contact.bea],
      body: '<p>Drupal comment</p>',
    });
    const message = await admin.client.call<Item>(`read/${messageId}`);
    await admin.client.call('update', { $id: messageId, _u: message._u, drupalTarget: 'node/42', drupalCID: 'c-9001' });
    // Only administrators correct a message.
    const again = await bea.client.call<Item>(`read/${messageId}`);
    expect(refusal(await bea.client.request('update', { $id: messageId, _u: again._u, body: '<p>Changed</p>' }))?.userMessage).toBe(
      'notAllowed',
    );
    const columns = [
      { key: 'body', title: 'Message' },
      { key: 'drupalTarget', title: 'Drupal target' },
      { key: 'drupalCID', title: 'Drupal comment id' },
    ];
    const byAdmin = await exportOf(admin, columns);
    expect(byAdmin.text).toContain('node/42');
    expect(byAdmin.text).toContain('c-9001');
    expect(await exportOf(bea, columns)).toEqual({ refused: 'notAllowed' });
    const plain = await exportOf(bea, [{ key: 'body', title: 'Message' }]);
    expect(plain.text).toContain('Drupal comment');
    expect(plain.text).not.toContain('c-9001');
    // Cal, who reads none of them, exports none.
    expect(await exportOf(cal, [{ key: 'body', title: 'Message' }])).toEqual({ failed: 'errors.nothingToExport' });
    expect(threadId).toMatch(/^Thread-/);
  });
});
