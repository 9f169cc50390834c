/**
 * What the consultation screens ask of the server (issue 14), on both drivers: the state-change audit
 * (act/consultAudit: its filters, and only what its reader may read), the community facet and export
 * column of responses that administrators alone are given, and the communication logs found by their
 * consultation context (fw- on a relation).
 */
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import type { ConsultAuditEntry } from '../../src/modules/consult/operations';
import { ProtocolClient, signIn } from '../support/protocolClient';
import { connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';
import { LOV_OTHER_MARKER } from '../../src/shared/constants';

let srv: RunningServer;
let admin: TestUser;
let proponent: TestUser;
let responder: TestUser;
let memberA: TestUser;
let memberB: TestUser;
let stranger: TestUser;
const org = { proponent: '', communityA: '', communityB: '' };
let consultation: Item;
let quiet: Item;

type Audit = { entries: ConsultAuditEntry[]; total: number };
const audit = (user: TestUser, body: object = {}) => user.client.call<Audit>('act/consultAudit', body);
const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: Record<string, string> }) : undefined;

let n = 0;
/** A user with these rights from the start, signed in. */
async function user(name: string, capabilities: Record<string, boolean>, memberships: Record<string, Record<string, boolean>> = {}) {
  const { accounts } = srv.server.services;
  const email = `screens${++n}.${process.pid}@test.example`;
  const password = `password number ${n}`;
  const id = await accounts.createUser({ name, email, password, capabilities });
  for (const [orgId, caps] of Object.entries(memberships)) await accounts.setMembership(id, orgId, caps);
  const token = await signIn(srv.url, email, password);
  const { client, session } = await ProtocolClient.connect(srv.wsUrl, token);
  return { id, email, password, token, client, session };
}

const move = (who: TestUser, item: Item, event: string) => who.client.call<Item>(`transition/${item.$id}`, { event, _u: item._u });

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  const a = admin.client;
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'Cold Creek Aggregates', type: 'INDUSTRY' })).$id;
  org.communityA = (await a.call<Item>('create/Organization', { displayName: 'Otter Lake Nation', type: 'COMMUNITY' })).$id;
  org.communityB = (await a.call<Item>('create/Organization', { displayName: 'Stony Point Nation', type: 'COMMUNITY' })).$id;
  proponent = await user('Pia Proponent', {}, { [org.proponent]: { write: true, ConsultSubmit: true } });
  responder = await user('Ray Responder', { ConsultRespond: true });
  memberA = await user('Olive Otter', {}, { [org.communityA]: { ConsultRespond: true } });
  memberB = await user('Stan Stony', {}, { [org.communityB]: { write: true } });
  stranger = await user('Nobody Inparticular', {});
  const person = await a.call<Item>('create/Contact', { firstName: 'Cal', lastName: 'Creek', _related: [{ id: org.proponent }] });
  const complete = {
    owner: { id: org.proponent },
    region: 'NORTH',
    stream: 'NORMAL',
    projectType: 'TRANSPORT',
    primaryOrg: { id: org.proponent },
    primaryContacts: [{ id: person.$id }],
    requestedResponseDate: '2026-12-01',
    projectStartDt: '2027-01-01',
    projectDescription: '<p>Twice the pit.</p>',
    locationDescription: '<p>Cold Creek road.</p>',
  };
  const draft = await proponent.client.call<Item>('create/Consultation', { ...complete, projectName: 'Pit 12 expansion' });
  const submitted = await move(proponent, draft, 'consultation.submit');
  consultation = await move(responder, submitted, 'consultation.assign');
  await responder.client.call('act/consultDistribute', { consultationId: consultation.$id, communities: [org.communityA, org.communityB] });
  // Another, submitted only: no community reads it.
  const other = await proponent.client.call<Item>('create/Consultation', { ...complete, projectName: 'Pit 14 haul road' });
  quiet = await move(proponent, other, 'consultation.submit');
});
afterAll(async () => {
  for (const u of [proponent, responder, memberA, memberB, stranger, admin]) u?.client.close();
  await srv.stop();
});

describe('the state-change audit', () => {
  it('lists every state change of the consultations its reader may read, newest first, with names and states', async () => {
    const { entries, total } = await audit(responder);
    const mine = entries.filter((e) => e.consultation === consultation.$id);
    expect(mine.map((e) => e.kind)).toEqual(['state.consultation.distribute', 'state.consultation.assign', 'state.consultation.submit']);
    expect(mine[0]).toMatchObject({ label: 'Pit 12 expansion', from: 'REVIEW', to: 'CONSULTING', byLabel: 'Ray Responder' });
    // Who took a step is named when the reader may read them (as on a timeline): administrators read everyone.
    expect(mine[2]).toMatchObject({ from: 'DRAFT', to: 'SUBMITTED', by: proponent.id, byLabel: null });
    const byAdmin = (await audit(admin, { consultationId: consultation.$id })).entries;
    expect(byAdmin.map((e) => e.byLabel)).toEqual(['Ray Responder', 'Ray Responder', 'Pia Proponent']);
    expect(entries.some((e) => e.consultation === quiet.$id)).toBe(true);
    expect(total).toBe(entries.length);
    const ids = entries.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
  });

  it('filters by the state reached, the change, one consultation and the days', async () => {
    expect((await audit(responder, { to: ['REVIEW'] })).entries.map((e) => e.consultation)).toEqual([consultation.$id]);
    const submits = await audit(responder, { kinds: ['state.consultation.submit'] });
    expect(submits.entries.map((e) => e.consultation).sort()).toEqual([consultation.$id, quiet.$id].sort());
    expect((await audit(responder, { consultationId: quiet.$id })).entries.map((e) => e.to)).toEqual(['SUBMITTED']);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await audit(responder, { from: today, until: today, consultationId: quiet.$id })).total).toBe(1);
    expect((await audit(responder, { from: tomorrow })).total).toBe(0);
    expect((await audit(responder, { max: 1 })).entries).toHaveLength(1);
  });

  it('never tells of a consultation its reader may not read: a community sees the one sent to it, a stranger nothing', async () => {
    const a = await audit(memberA);
    expect(new Set(a.entries.map((e) => e.consultation))).toEqual(new Set([consultation.$id]));
    expect((await audit(memberB)).entries.every((e) => e.consultation === consultation.$id)).toBe(true);
    expect((await audit(stranger)).total).toBe(0);
    expect((await audit(stranger, { consultationId: consultation.$id })).total).toBe(0);
  });

  it('refuses a malformed filter with the field named', async () => {
    const bad = refusal(await responder.client.request('act/consultAudit', { from: 'yesterday', max: 100000 }));
    expect(bad?.userMessage).toBe('validationFailed');
    expect(bad?.fields).toMatchObject({ from: 'errors.invalidDate' });
  });
});

describe("the responses' community facet and export column", () => {
  const query = () => ({ must: { _: 'ConsultResponse', 'fs-consultation.id': consultation.$id }, facets: ['owner', 'state'], max: 50 });
  type Found = { ids: string[]; facets: Record<string, { key: string; count: number }[]> };

  it('counts the community facet for administrators, and for no one else', async () => {
    const byAdmin = await admin.client.call<Found>('search/ids', query());
    expect((byAdmin.facets.owner ?? []).map((b) => b.key).sort()).toEqual([org.communityA, org.communityB].sort());
    for (const who of [responder, memberA]) {
      const found = await who.client.call<Found>('search/ids', query());
      expect(found.ids.length).toBeGreaterThan(0);
      expect(found.facets.owner).toBeUndefined();
      expect(found.facets.state).toBeDefined();
    }
  });

  const exportOf = async (who: TestUser, columns: { key: string; title: string }[]) => {
    const started = await who.client.request('act/csvExport/async', {
      query: { must: [{ prop: '', kind: '_', value: 'ConsultResponse' }], sort: [{ key: 'label', order: 'asc' }] },
      itemTypeName: 'ConsultResponse',
      columns,
    });
    if (started.erred) return { refused: refusal(started)!.userMessage };
    const key = (started.b as TaskInfo).key;
    const task = (await who.client.nextPush((f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === key)).b as TaskInfo;
    const res = await fetch(`${srv.url}${task.resultURI!}`, { headers: { authorization: `Bearer ${who.token}` } });
    return { text: await res.text() };
  };

  it('exports the community column for administrators; another asking for it is refused before the export starts', async () => {
    const columns = [
      { key: 'projectName', title: 'Project' },
      { key: 'owner', title: 'Community' },
    ];
    const byAdmin = await exportOf(admin, columns);
    expect(byAdmin.text).toContain('Otter Lake Nation');
    expect(byAdmin.text).toContain('Stony Point Nation');
    expect(await exportOf(responder, columns)).toEqual({ refused: 'notAllowed' });
    expect(await exportOf(memberA, columns)).toEqual({ refused: 'notAllowed' });
    const plain = await exportOf(memberA, [{ key: 'projectName', title: 'Project' }]);
    expect(
      plain.text
        ?.trim()
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual(['Project', 'Pit 12 expansion']);
  });
});

describe('communication logs by their consultation context', () => {
  it('finds the logs whose context is a consultation or a response with fw- on the relation', async () => {
    const a = admin.client;
    const type = LOV_OTHER_MARKER;
    const direction = LOV_OTHER_MARKER;
    const about = await a.request('create/CommLog', {
      owner: { id: org.communityA },
      subject: 'Call about Pit 12',
      date: '2026-03-02',
      type,
      direction,
      context: { id: consultation.$id },
    });
    const elsewhere = await a.request('create/CommLog', {
      owner: { id: org.communityA },
      subject: 'Call about the newsletter',
      date: '2026-03-03',
      type,
      direction,
      context: { id: org.proponent },
    });
    expect(refusal(about)).toBeUndefined();
    expect(refusal(elsewhere)).toBeUndefined();
    const found = await a.call<{ ids: string[] }>('search/ids', {
      must: { _: 'CommLog', 'fw-context': ['Consultation-*', 'ConsultResponse-*'] },
      max: 50,
    });
    expect(found.ids).toEqual([(about.b as Item).$id]);
  });
});
