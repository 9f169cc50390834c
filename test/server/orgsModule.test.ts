import type { Item } from '../../src/shared/items/types';
import { LOV_OTHER_MARKER } from '../../src/shared/constants';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { linkToken, readOutbox } from '../support/outbox';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let org: Item;
let other: Item;

const post = (path: string, body: unknown) =>
  fetch(`${srv.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  srv = await startTestServer({ dedicated: true });
  admin = await connectAdmin(srv);
  org = await admin.client.call<Item>('create/Organization', { displayName: 'Riverbend Nation', type: 'COMMUNITY' });
  other = await admin.client.call<Item>('create/Organization', { displayName: 'Coastal Mining', type: 'INDUSTRY' });
  const lov = (list: string, key: string, owner?: string) =>
    admin.client.call('create/LOVValue', { list, key, t: { en: key }, ...(owner ? { owner: { id: owner } } : {}) });
  await lov('ORG_COMMLOG_TYPES', 'PHONE', org.$id);
  await lov('ORG_COMMLOG_TYPES', 'LETTER');
  await lov('ORG_COMMLOG_TYPES', 'FAX', other.$id);
  await lov('ORG_COMMLOG_DIRECTIONS', 'IN');
  await lov('ORG_COMMLOG_DIRECTIONS', 'OUT');
});
afterAll(async () => {
  admin?.client.close();
  await srv.stop();
});

const commLog = (b: Record<string, unknown>) => ({
  owner: { id: org.$id },
  subject: 'Call about the road',
  date: '2026-04-02',
  type: 'PHONE',
  direction: 'IN',
  ...b,
});

describe('lists of values', () => {
  test("a value is a key of the site's list or of the owner's own, or the other marker", async () => {
    expect((await admin.client.request('create/CommLog', commLog({}))).erred).toBeFalsy();
    expect((await admin.client.request('create/CommLog', commLog({ type: 'LETTER' }))).erred).toBeFalsy();
    expect((await admin.client.request('create/CommLog', commLog({ type: LOV_OTHER_MARKER }))).erred).toBeFalsy();
    expect(await admin.client.request('create/CommLog', commLog({ type: 'FAX' }))).toMatchObject({
      erred: true,
      b: { userMessage: 'validationFailed', fields: { type: 'errors.notInList' } },
    });
    expect(await admin.client.request('create/CommLog', commLog({ direction: 'SIDEWAYS' }))).toMatchObject({
      erred: true,
      b: { fields: { direction: 'errors.notInList' } },
    });
  });

  test('an empty list allows only the other marker; the lists are required', async () => {
    const meeting = { owner: { id: org.$id }, summary: 'Community meeting', date: '2026-05-01', start: '18:00', end: '20:00' };
    expect(await admin.client.request('create/Meeting', meeting)).toMatchObject({
      erred: true,
      b: { fields: { meetingTypes: 'errors.required' } },
    });
    expect(await admin.client.request('create/Meeting', { ...meeting, meetingTypes: ['OPEN_HOUSE'] })).toMatchObject({
      erred: true,
      b: { fields: { meetingTypes: 'errors.notInList' } },
    });
    expect((await admin.client.request('create/Meeting', { ...meeting, meetingTypes: [LOV_OTHER_MARKER] })).erred).toBeFalsy();
    expect(await admin.client.request('create/Meeting', { ...meeting, meetingTypes: [LOV_OTHER_MARKER], start: '21:00' })).toMatchObject({
      erred: true,
      b: { fields: { end: 'errors.endBeforeStart' } },
    });
  });
});

describe("a meeting's status (spec 001 §4), derived by the server", () => {
  // Local calendar days, as a meeting's date and times are the organisation's wall clock.
  const localDay = (offsetDays: number): string => {
    const d = new Date();
    d.setDate(d.getDate() + offsetDays);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  const meeting = (b: Record<string, unknown>) => ({
    owner: { id: org.$id },
    summary: 'Road meeting',
    meetingTypes: [LOV_OTHER_MARKER],
    ...b,
  });

  test("answers ONGOING for a meeting today, PAST for yesterday's, PENDING for tomorrow's, on read and search rows", async () => {
    // From 00:00 to 23:59 today: ongoing whenever the test runs (the end is the whole of its minute).
    const today = await admin.client.call<Item>('create/Meeting', meeting({ date: localDay(0), start: '00:00', end: '23:59' }));
    const yesterday = await admin.client.call<Item>('create/Meeting', meeting({ date: localDay(-1), start: '18:00', end: '20:00' }));
    const tomorrow = await admin.client.call<Item>('create/Meeting', meeting({ date: localDay(1) }));
    expect(today.$status).toBe('ONGOING');
    expect((await admin.client.call<Item>(`read/${yesterday.$id}`)).$status).toBe('PAST');
    const rows = await admin.client.call<Record<string, Item>>('readMany/object', [today.$id, yesterday.$id, tomorrow.$id]);
    expect([today, yesterday, tomorrow].map((m) => rows[m.$id]!.$status)).toEqual(['ONGOING', 'PAST', 'PENDING']);
  });

  test('sending $status in an update does not store it: the status follows the times alone', async () => {
    const past = await admin.client.call<Item>('create/Meeting', meeting({ date: localDay(-2), $status: 'ONGOING' }));
    expect(past.$status).toBe('PAST');
    const same = await admin.client.call<Item>('update', { $id: past.$id, _u: past._u, $status: 'PENDING' });
    expect(same).toMatchObject({ _u: past._u, $status: 'PAST' });
    const moved = await admin.client.call<Item>('update', { ...past, date: localDay(3), $status: 'PAST' });
    expect(moved).toMatchObject({ _u: past._u + 1, $status: 'PENDING' });
    const stored = await srv.server.services.db.query<{ data: Record<string, unknown> | string }>('SELECT data FROM items WHERE id = $1', [
      past.$id,
    ]);
    const data = stored.rows[0]!.data;
    expect(Object.keys(typeof data === 'string' ? (JSON.parse(data) as object) : data)).not.toContain('$status');
  });
});

describe('choosing contacts for an organisation', () => {
  test('contacts must belong to the organisation, have one, and not be blocked users', async () => {
    const ours = await admin.client.call<Item>('create/Contact', { lastName: 'Ours', _related: [{ id: org.$id }] });
    const theirs = await admin.client.call<Item>('create/Contact', { lastName: 'Theirs', _related: [{ id: other.$id }] });
    const loose = await admin.client.call<Item>('create/Contact', { lastName: 'Loose' });
    expect((await admin.client.request('create/CommLog', commLog({ contacts: [{ id: ours.$id }] }))).erred).toBeFalsy();
    expect(await admin.client.request('create/CommLog', commLog({ contacts: [{ id: theirs.$id }] }))).toMatchObject({
      erred: true,
      b: { fields: { contacts: 'errors.notInOrg' } },
    });
    expect(await admin.client.request('create/CommLog', commLog({ contacts: [{ id: loose.$id }] }))).toMatchObject({
      erred: true,
      b: { fields: { contacts: 'errors.noOrg' } },
    });
  });
});

describe('invitations', () => {
  test('an invited contact sets a password from the mailed link and signs in as a user linked to the contact', async () => {
    const contact = await admin.client.call<Item>('create/Contact', {
      firstName: 'Nora',
      lastName: 'Invited',
      email: 'nora.invited@test.example',
      _related: [{ id: org.$id }],
    });
    const { userId } = await admin.client.call<{ userId: string }>('act/invite', { contactId: contact.$id });
    expect((await admin.client.call<{ states: Record<string, string> }>('act/userStates', { contactIds: [contact.$id] })).states).toEqual({
      [contact.$id]: 'INVITED',
    });
    // Resending sends a second, working link.
    await admin.client.call('act/invite', { contactId: contact.$id });
    const mails = (await readOutbox(srv.config.dataDir)).filter((m) => m.to === 'nora.invited@test.example');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('invited');
    const res = await post('/api/set-pass', { token: linkToken(mails[1]!, '/set-pass'), password: 'noras own password' });
    expect(res.status).toBe(200);
    const { session } = await ProtocolClient.connect(srv.wsUrl, res.headers.get('x-vgn-token')!);
    expect(session.$id).toBe(userId);
    expect((await admin.client.call<Item>(`read/${userId}`)).contact).toEqual({ id: contact.$id });
    expect((await admin.client.call<{ states: Record<string, string> }>('act/userStates', { contactIds: [contact.$id] })).states).toEqual({
      [contact.$id]: 'WEEK',
    });
    expect(await admin.client.request('act/invite', { contactId: contact.$id })).toMatchObject({
      erred: true,
      b: { fields: { email: 'errors.alreadyUser' } },
    });
  });

  test('inviting needs the right to change the contact, and an e-mail address', async () => {
    const stranger = await buildUser(srv);
    const contact = await admin.client.call<Item>('create/Contact', {
      lastName: 'Protected',
      email: 'p@test.example',
      $access: 'COMMUNITY',
    });
    expect(await stranger.client.request('act/invite', { contactId: contact.$id })).toMatchObject({
      erred: true,
      b: { userMessage: 'notAllowed' },
    });
    const noMail = await admin.client.call<Item>('create/Contact', { lastName: 'No Mail' });
    expect(await admin.client.request('act/invite', { contactId: noMail.$id })).toMatchObject({
      erred: true,
      b: { fields: { email: 'errors.invalidEmail' } },
    });
    stranger.client.close();
  });
});

describe('contacts and organisations', () => {
  test("the session lists the user's organisations with what they may do there", async () => {
    const member = await buildUser(srv);
    await admin.client.call('act/setMembership', { userId: member.id, orgId: org.$id, capabilities: { write: true } });
    const again = await ProtocolClient.connect(srv.wsUrl, member.token);
    expect(again.session.organizations).toEqual({ [org.$id]: { write: true } });
    again.client.close();
    member.client.close();
  });

  test('contact creation can be kept for administrators (non-dedicated sites)', async () => {
    const open = await startTestServer({ restrictContactCreation: true });
    try {
      const user = await buildUser(open);
      expect(await user.client.request('create/Contact', { lastName: 'Not Yours' })).toMatchObject({
        erred: true,
        b: { userMessage: 'notAllowed' },
      });
      const boss = await connectAdmin(open);
      expect((await boss.client.request('create/Contact', { lastName: 'Admin Made' })).erred).toBeFalsy();
      user.client.close();
      boss.client.close();
      // The page tells the browser, which offers New contact to administrators only.
      const html = await (await fetch(`${open.url}/`)).text();
      expect(html).toContain('"contactCreationAdminsOnly":true');
      expect(await (await fetch(`${srv.url}/`)).text()).toContain('"contactCreationAdminsOnly":false');
    } finally {
      await open.stop();
    }
  });
});
