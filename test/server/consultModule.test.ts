/**
 * The consultation module's server core (issue 14), on both drivers: who creates and reads
 * consultations, the organisation, contact, list and date rules, the consultation's transitions
 * (refusals write nothing), distribution to communities with the fields mirrored and kept in step,
 * each community reading only its own responses (read, readMany, search, facets), the responses'
 * own transitions, the overdue notice (once, with its mail), agreements' versions and the parts'
 * ownership rules.
 */
import * as tus from 'tus-js-client';
import { consultServer, OVERDUE_CHECK_JOB } from '../../src/modules/consult/server';
import { JobScheduler } from '../../src/server/jobs/JobScheduler';
import { storeNewFile } from '../../src/server/files/objectStore';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Item } from '../../src/shared/items/types';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { readOutbox } from '../support/outbox';
import { startTestServer, type RunningServer } from '../support/testServer';
import { zipEntries } from '../support/zipEntries';

let srv: RunningServer;
let admin: TestUser;
/** Writes for the proponent organisation and holds the submit capability there. */
let proponent: TestUser;
/** Writes for the proponent organisation without the capability. */
let plainWriter: TestUser;
/** The site's responder (ConsultRespond site-wide). */
let responder: TestUser;
/** Members of the two communities: A's holds ConsultRespond there, B's writes for B. */
let memberA: TestUser;
let memberB: TestUser;
/** Signed in, a member of nothing. */
let stranger: TestUser;
const org = { proponent: '', communityA: '', communityB: '', industry: '' };
const contact = { proponent: '', other: '', communityA: '' };

const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: object }) : undefined;
const read = (user: TestUser, id: string) => user.client.call<Item>(`read/${id}`);
const move = (user: TestUser, item: Item, event: string) => user.client.request(`transition/${item.$id}`, { event, _u: item._u });
const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map((v: { id: string }) => v.id) : []);

/** Polls `probe` until it answers true: rights reach open sockets through a refresh. */
async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

const complete = () => ({
  region: 'NORTH',
  stream: 'NORMAL',
  projectType: 'TRANSPORT',
  primaryOrg: { id: org.proponent },
  primaryContacts: [{ id: contact.proponent }],
  requestedResponseDate: '2026-12-01',
  projectStartDt: '2027-01-01',
  projectEndDt: '2027-06-30',
  projectDescription: '<p>A gravel road to the north block.</p>',
  locationDescription: '<p>North of Long Lake.</p>',
});

/** A draft of the proponent's, with everything a submission needs unless `bare`. */
const draft = (projectName: string, bare = false) =>
  proponent.client.call<Item>('create/Consultation', { owner: { id: org.proponent }, projectName, ...(bare ? {} : complete()) });

/** A consultation taken into review by the responder. */
async function inReview(projectName: string): Promise<Item> {
  const made = await draft(projectName);
  const submitted = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
  return responder.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.assign', _u: submitted._u });
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  const a = admin.client;
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'Northern Gravel Ltd', type: 'INDUSTRY' })).$id;
  org.industry = (await a.call<Item>('create/Organization', { displayName: 'Pine Forest Products', type: 'INDUSTRY' })).$id;
  org.communityA = (await a.call<Item>('create/Organization', { displayName: 'Long Lake Nation', type: 'COMMUNITY' })).$id;
  org.communityB = (await a.call<Item>('create/Organization', { displayName: 'Red River Nation', type: 'COMMUNITY' })).$id;
  contact.proponent = (
    await a.call<Item>('create/Contact', { firstName: 'Pat', lastName: 'Gravel', _related: [{ id: org.proponent }] })
  ).$id;
  contact.other = (await a.call<Item>('create/Contact', { firstName: 'Fay', lastName: 'Pine', _related: [{ id: org.industry }] })).$id;
  contact.communityA = (
    await a.call<Item>('create/Contact', {
      firstName: 'Lena',
      lastName: 'Lake',
      email: 'lena.lake@longlake.example',
      _related: [{ id: org.communityA }],
    })
  ).$id;
  proponent = await buildUser(srv, { name: 'Pat Proponent' });
  plainWriter = await buildUser(srv, { name: 'Will Writer' });
  responder = await buildUser(srv, { name: 'Rae Responder' });
  memberA = await buildUser(srv, { name: 'Ada Lake' });
  memberB = await buildUser(srv, { name: 'Ben River' });
  stranger = await buildUser(srv, { name: 'Sam Stranger' });
  await a.call('act/setMembership', { userId: proponent.id, orgId: org.proponent, capabilities: { write: true, ConsultSubmit: true } });
  await a.call('act/setMembership', { userId: plainWriter.id, orgId: org.proponent, capabilities: { write: true } });
  await a.call('act/setMembership', { userId: memberA.id, orgId: org.communityA, capabilities: { ConsultRespond: true } });
  await a.call('act/setMembership', { userId: memberB.id, orgId: org.communityB, capabilities: { write: true } });
  await a.call('act/setCapabilities', { userId: responder.id, capabilities: { ConsultRespond: true } });
  await until(
    async () => !(await proponent.client.request('create/Consultation', { owner: { id: org.proponent }, projectName: 'Probe' })).erred,
    'proponent rights',
  );
  // So do memberships: each community member may edit a list of their community once their socket knows it.
  const mayEdit = async (user: TestUser, owner: string, list: string) =>
    (await user.client.call<{ lists: Record<string, boolean> }>('act/lovRights', { owner })).lists[list] === true;
  await until(() => mayEdit(memberA, org.communityA, 'CNS_PRIORITIES'), 'membership of community A');
  await until(() => mayEdit(memberB, org.communityB, 'ORG_COMMLOG_TYPES'), 'membership of community B');
  // The responder's capability reaches their socket through a refresh: they read a submission once it has.
  const probe = await draft('Probe submission');
  await proponent.client.call(`transition/${probe.$id}`, { event: 'consultation.submit', _u: probe._u });
  await until(async () => !(await responder.client.request(`read/${probe.$id}`)).erred, 'responder rights');
});
afterAll(async () => {
  for (const u of [proponent, plainWriter, responder, memberA, memberB, stranger, admin]) u?.client.close();
  await srv.stop();
});

describe('drafting a consultation', () => {
  it('is for writers of the organisation holding the submit capability; a draft starts DRAFT and says what it lacks', async () => {
    const made = await draft('Lake access road', true);
    expect(made).toMatchObject({ state: 'DRAFT', projectName: 'Lake access road' });
    expect(made.$missing).toEqual(expect.arrayContaining(['CNS_NO_REGION', 'CNS_NO_PRIMARY_CONTACT', 'CNS_NO_LOCATION']));
    for (const who of [plainWriter, stranger, responder]) {
      const reply = await who.client.request('create/Consultation', { owner: { id: org.proponent }, projectName: 'Not mine' });
      expect(refusal(reply)?.userMessage).toBe('notAllowed');
    }
  });

  it('refuses values outside the lists, an end before the start and the organisation and contact rules', async () => {
    const base = { owner: { id: org.proponent }, projectName: 'Bad input' };
    const fields = async (body: object) => refusal(await proponent.client.request('create/Consultation', { ...base, ...body }))?.fields;
    expect(await fields({ region: 'ATLANTIS' })).toEqual({ region: 'errors.notInList' });
    expect(await fields({ projectStartDt: '2027-02-01', projectEndDt: '2027-01-01' })).toMatchObject({
      projectEndDt: 'errors.endBeforeStart',
    });
    expect(await fields({ primaryContacts: [{ id: contact.proponent }] })).toMatchObject({ primaryOrg: 'errors.chooseOrg' });
    expect(await fields({ primaryOrg: { id: org.proponent }, primaryContacts: [{ id: contact.other }] })).toMatchObject({
      primaryContacts: 'errors.notInOrg',
    });
    expect(await fields({ supContacts: [{ id: contact.other }] })).toEqual({ supOrgs: 'errors.chooseOrg' });
    expect(await fields({ supOrgs: [{ org: { id: org.proponent }, role: 'REGULATOR' }], supContacts: [{ id: contact.other }] })).toEqual({
      supContacts: 'errors.notInOrg',
    });
    const ok = await proponent.client.request('create/Consultation', {
      ...base,
      supOrgs: [{ org: { id: org.industry }, role: 'INFORMED' }],
      supContacts: [{ id: contact.other }],
    });
    expect(ok.erred).toBeFalsy();
    expect(await fields({ supOrgs: [{ org: { id: org.industry }, role: 'OWNER' }] })).toBeDefined();
  });
});

describe('the consultation statechart on the server', () => {
  it('sends a submission found wanting to INCOMPLETE with its reasons, and submits it once complete', async () => {
    const made = await draft('Bridge over Cold Creek', true);
    const moved = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
    expect(moved.state).toBe('INCOMPLETE');
    expect(moved.$missing).toContain('CNS_NO_REGION');
    const fixed = await proponent.client.call<Item>('update', { $id: made.$id, _u: moved._u, ...complete() });
    expect(fixed.$missing).toBeUndefined();
    const submitted = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: fixed._u });
    expect(submitted.state).toBe('SUBMITTED');
    const kinds = (await proponent.client.call<TimelineEvent[]>(`timeline/${made.$id}`)).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['state.consultation.submit']));
  });

  it('refuses a transition not allowed from the state or for the caller, writing nothing', async () => {
    const made = await draft('Quarry extension');
    // Not the responder's to submit, not the proponent's to take into review, not a stranger's to read.
    expect(refusal(await move(responder, made, 'consultation.submit'))?.userMessage).toBe('notAllowed');
    expect(refusal(await move(proponent, made, 'consultation.assign'))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await move(stranger, made, 'consultation.submit'))?.userMessage).toBe('notAllowed');
    const submitted = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
    expect(refusal(await move(proponent, submitted, 'consultation.assign'))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await move(proponent, submitted, 'consultation.close'))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await move(responder, made, 'consultation.assign'))?.userMessage).toBe('staleUpdate');
    const after = await read(admin, made.$id);
    expect(after).toMatchObject({ state: 'SUBMITTED', _u: submitted._u });
    // A plain update never moves the state.
    const reply = await proponent.client.request('update', { $id: made.$id, _u: after._u, state: 'CLOSED' });
    expect(refusal(reply)?.fields).toEqual({ state: 'errors.stateByTransition' });
  });

  it('shows a submission to the site responders, never a draft', async () => {
    const made = await draft('Hidden draft');
    expect(refusal(await responder.client.request(`read/${made.$id}`))?.userMessage).toBe('notAllowed');
    const submitted = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
    expect((await read(responder, made.$id)).state).toBe('SUBMITTED');
    const found = await responder.client.call<{ ids: string[] }>('search/ids', {
      must: { _: 'Consultation', 'ft-state': 'DRAFT' },
      max: 50,
    });
    expect(found.ids).toEqual([]);
    expect(refusal(await stranger.client.request(`read/${submitted.$id}`))?.userMessage).toBe('notAllowed');
  });

  it('lets the responder release, return and the proponent withdraw; closed and withdrawn ones are kept as they were', async () => {
    const review = await inReview('Power line');
    const released = await responder.client.call<Item>(`transition/${review.$id}`, { event: 'consultation.unassign', _u: review._u });
    expect(released.state).toBe('SUBMITTED');
    const again = await responder.client.call<Item>(`transition/${review.$id}`, { event: 'consultation.assign', _u: released._u });
    const returned = await responder.client.call<Item>(`transition/${review.$id}`, { event: 'consultation.return', _u: again._u });
    expect(returned.state).toBe('INCOMPLETE');
    const withdrawn = await proponent.client.call<Item>(`transition/${review.$id}`, { event: 'consultation.withdraw', _u: returned._u });
    expect(withdrawn.state).toBe('WITHDRAWN');
    const reply = await proponent.client.request('update', { $id: review.$id, _u: withdrawn._u, projectName: 'Changed after' });
    expect(refusal(reply)?.userMessage).toBe('notAllowed');
    const kinds = (await proponent.client.call<TimelineEvent[]>(`timeline/${review.$id}`)).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'state.consultation.assign',
        'state.consultation.unassign',
        'state.consultation.return',
        'state.consultation.withdraw',
      ]),
    );
  });
});

describe('the submission time and the project area', () => {
  it('stamps submitted when a submission is accepted, not when it is found wanting; no one else sets it', async () => {
    const made = await draft('Culvert on Fox Creek', true);
    const wanting = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
    expect(wanting).toMatchObject({ state: 'INCOMPLETE' });
    expect(wanting.submitted).toBeUndefined();
    const fixed = await proponent.client.call<Item>('update', { $id: made.$id, _u: wanting._u, ...complete() });
    const reply = await proponent.client.request('update', { $id: made.$id, _u: fixed._u, submitted: '2020-01-01T00:00:00.000Z' });
    expect(refusal(reply)?.fields).toEqual({ submitted: 'errors.readOnly' });
    const before = Date.now();
    const submitted = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: fixed._u });
    expect(submitted.state).toBe('SUBMITTED');
    const at = Date.parse(String(submitted.submitted));
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    // Taken into review and released, it keeps the time it was submitted.
    const review = await responder.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.assign', _u: submitted._u });
    const released = await responder.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.unassign', _u: review._u });
    expect(released).toMatchObject({ state: 'SUBMITTED', submitted: submitted.submitted });
  });

  it('keeps a project area that is a GeoJSON geometry and refuses one that is not', async () => {
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [-120.5, 55.1],
          [-120.4, 55.1],
          [-120.4, 55.2],
          [-120.5, 55.1],
        ],
      ],
    };
    const made = await proponent.client.call<Item>('create/Consultation', {
      owner: { id: org.proponent },
      projectName: 'Fox Creek crossing',
      projectArea: area,
    });
    expect((await read(proponent, made.$id)).projectArea).toEqual(area);
    const bad = await proponent.client.request('update', { $id: made.$id, _u: made._u, projectArea: { type: 'Polygon', coordinates: [] } });
    expect(refusal(bad)?.fields).toEqual({ projectArea: 'errors.geometry.coordinates' });
    const cleared = await proponent.client.call<Item>('update', { $id: made.$id, _u: made._u, projectArea: null });
    expect(cleared.projectArea).toBeUndefined();
  });
});

describe('distribution to communities', () => {
  let consultation: Item;
  let responses: Record<string, Item>;

  beforeAll(async () => {
    consultation = await inReview('North block gravel pit');
  });

  it("is the responders' and administrators' only, from review or consulting, to community organisations only", async () => {
    const body = { consultationId: consultation.$id, communities: [org.communityA] };
    for (const who of [proponent, memberA])
      expect(refusal(await who.client.request('act/consultDistribute', body))?.userMessage).toBe('notAllowed');
    const mixed = await responder.client.request('act/consultDistribute', { ...body, communities: [org.communityA, org.industry] });
    expect(refusal(mixed)?.fields).toEqual({ communities: 'errors.consult.notCommunity' });
    const draftOne = await draft('Not yet submitted');
    await admin.client.call('act/grant', { id: draftOne.$id, grantee: responder.id, actions: ['read'] });
    const early = await responder.client.request('act/consultDistribute', { ...body, consultationId: draftOne.$id });
    expect(refusal(early)?.userMessage).toBe('transitionNotAllowed');
    expect((await read(admin, consultation.$id)).state).toBe('REVIEW');
  });

  it('gives each community one response with the consultation mirrored, moves it to CONSULTING and tells the timeline', async () => {
    const { responses: ids, created } = await responder.client.call<{ responses: string[]; created: string[] }>('act/consultDistribute', {
      consultationId: consultation.$id,
      communities: [org.communityA, org.communityB],
    });
    expect(created).toHaveLength(2);
    expect(ids).toEqual(created);
    const now = await read(admin, consultation.$id);
    expect(now).toMatchObject({ state: 'CONSULTING' });
    expect(idsOf(now.communities).sort()).toEqual([org.communityA, org.communityB].sort());
    expect(typeof now.distributed).toBe('string');
    const made = await admin.client.call<Record<string, Item>>('readMany/object', ids);
    responses = Object.fromEntries(Object.values(made).map((r) => [(r.owner as { id: string }).id, r]));
    expect(responses[org.communityA]).toMatchObject({
      state: 'DRAFT',
      consultation: { id: consultation.$id },
      projectName: 'North block gravel pit',
      region: 'NORTH',
      projectType: 'TRANSPORT',
      requestedResponseDate: '2026-12-01',
      consultationState: 'CONSULTING',
    });
    const events = await responder.client.call<TimelineEvent[]>(`timeline/${consultation.$id}`);
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['consult.distributed', 'state.consultation.distribute']));
    // Again, to a community that has its response already: nothing new.
    const again = await responder.client.call<{ created: string[] }>('act/consultDistribute', {
      consultationId: consultation.$id,
      communities: [org.communityA],
    });
    expect(again.created).toEqual([]);
  });

  it('keeps the responses in step when the consultation changes', async () => {
    const current = await read(proponent, consultation.$id);
    await proponent.client.call('update', {
      $id: current.$id,
      _u: current._u,
      projectName: 'North block gravel pit (phase 2)',
      region: 'WEST',
    });
    const a = await read(memberA, responses[org.communityA]!.$id);
    expect(a).toMatchObject({ projectName: 'North block gravel pit (phase 2)', region: 'WEST' });
    expect(a._u).toBeGreaterThan(responses[org.communityA]!._u);
  });

  it('lets each community read and find only its own response', async () => {
    const [a, b] = [responses[org.communityA]!.$id, responses[org.communityB]!.$id];
    const sees: Array<[TestUser, string[]]> = [
      [memberA, [a]],
      [memberB, [b]],
      [responder, [a, b]],
      [admin, [a, b]],
      [proponent, []],
      [stranger, []],
    ];
    for (const [who, want] of sees) {
      for (const id of [a, b]) expect([id, !(await who.client.request(`read/${id}`)).erred]).toEqual([id, want.includes(id)]);
      const many = await who.client.call<Record<string, Item>>('readMany/object', [a, b]);
      expect(Object.keys(many).sort()).toEqual([...want].sort());
      const found = await who.client.call<{ ids: string[]; facets: Record<string, { count: number }[]> }>('search/ids', {
        must: { _: 'ConsultResponse', 'fs-consultation.id': consultation.$id },
        facets: ['owner', 'state'],
        max: 50,
      });
      expect([...found.ids].sort()).toEqual([...want].sort());
      expect((found.facets.state ?? []).reduce((n, x) => n + x.count, 0)).toBe(want.length);
    }
    // A community's members read the consultation they were sent, not another's.
    expect((await read(memberA, consultation.$id)).$id).toBe(consultation.$id);
    const other = await inReview('Elsewhere');
    expect(refusal(await memberA.client.request(`read/${other.$id}`))?.userMessage).toBe('notAllowed');
  });

  it("exports a community's responses only to that community", async () => {
    const started = await memberA.client.call<TaskInfo>('act/csvExport/async', {
      query: { must: [{ prop: '', kind: '_', value: 'ConsultResponse' }], sort: [{ key: 'label', order: 'asc' }] },
      itemTypeName: 'ConsultResponse',
      // The community column is the administrators' (consultScreens.test.ts): a row a response, as many as the community reads.
      columns: [
        { key: 'projectName', title: 'Project' },
        { key: 'state', title: 'State' },
      ],
    });
    const task = (await memberA.client.nextPush((f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === started.key))
      .b as TaskInfo;
    const res = await fetch(`${srv.url}${task.resultURI!}`, { headers: { authorization: `Bearer ${memberA.token}` } });
    const rows = (await res.text()).trim().split('\n').length - 1;
    const count = async (user: TestUser) =>
      (await user.client.call<{ total: number }>('search/ids', { must: { _: 'ConsultResponse' }, max: 0 })).total;
    expect(rows).toBe(await count(memberA));
    expect(rows).toBeLessThan(await count(admin));
  });

  it("tells the consultation's author of the responder's moves and of the distribution", async () => {
    const kinds = (await proponent.client.call<Item[]>('act/fetchNotifications', {}))
      .filter((n) => (n.$context as { id?: string } | undefined)?.id === consultation.$id)
      .map((n) => n.$kind);
    expect(kinds).toEqual(expect.arrayContaining(['state.consultation.assign', 'consult.distributed', 'state.consultation.distribute']));
  });

  it('lets the community answer for its response, and no other', async () => {
    const mine = await read(memberA, responses[org.communityA]!.$id);
    expect(refusal(await move(memberB, mine, 'response.select'))?.userMessage).toBe('notAllowed');
    expect(refusal(await move(memberA, mine, 'response.respond'))?.userMessage).toBe('transitionNotAllowed');
    const pending = await memberA.client.call<Item>(`transition/${mine.$id}`, { event: 'response.select', _u: mine._u });
    expect(pending.state).toBe('PENDING');
    const updated = await memberA.client.call<Item>('update', {
      $id: mine.$id,
      _u: pending._u,
      priority: 'HIGH',
      internalContacts: [{ id: contact.communityA }],
    });
    expect(updated).toMatchObject({ priority: 'HIGH' });
    const wrong = await memberA.client.request('update', { $id: mine.$id, _u: updated._u, internalContacts: [{ id: contact.proponent }] });
    expect(refusal(wrong)?.fields).toEqual({ internalContacts: 'errors.notInOrg' });
    const copy = await memberA.client.request('update', { $id: mine.$id, _u: updated._u, projectName: 'Mine now' });
    expect(refusal(copy)?.fields).toEqual({ projectName: 'errors.readOnly' });
    expect(
      refusal(
        await memberA.client.request('create/ConsultResponse', { consultation: { id: consultation.$id }, owner: { id: org.communityA } }),
      )?.userMessage,
    ).toBe('notAllowed');
  });

  it('tells the internal contacts of a response once it is overdue, once per date, however often and in however many processes the job runs', async () => {
    const mine = await read(memberA, responses[org.communityA]!.$id);
    // A month ahead of the real clock, which the test server's own scheduler reads: only the test's clocks see it overdue.
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${due}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await memberA.client.call('update', { $id: mine.$id, _u: mine._u, anticipatedResponse: due });
    const clock = { now: new Date(`${due}T12:00:00Z`) };
    // Two schedulers on the one database, as two server processes would be, running side by side.
    const scheduler = (): JobScheduler => {
      const jobs: JobScheduler = new JobScheduler(srv.server.services.db, () => ({ ...srv.server.services, jobs }), {
        now: () => clock.now,
      });
      for (const kind of consultServer.jobs ?? []) jobs.register(kind);
      return jobs;
    };
    const [one, two] = [scheduler(), scheduler()];
    const jobs = { runDue: () => Promise.all([one.runDue(), two.runDue()]) };
    const overdue = async () =>
      (await admin.client.call<TimelineEvent[]>(`timeline/${mine.$id}`)).filter((e) => e.kind === 'consult.overdue').length;
    const mails = async () => (await readOutbox(srv.config.dataDir)).filter((m) => m.to.includes('lena.lake@longlake.example'));
    await jobs.runDue();
    expect(await overdue()).toBe(0); // due today is not overdue yet
    clock.now = new Date(`${dayAfter}T00:30:00Z`);
    for (let i = 0; i < 4; i++) await jobs.runDue();
    await srv.server.services.db.query(`UPDATE jobs SET run_at = $1 WHERE kind = $2`, [clock.now, OVERDUE_CHECK_JOB]);
    for (let i = 0; i < 3; i++) await jobs.runDue();
    // The server's own scheduler may have taken a job the test's scheduled (it knows the kinds): wait for the mail's.
    await until(
      async () =>
        (
          await srv.server.services.db.query(`SELECT 1 FROM jobs WHERE kind = 'consult.overdueMail' AND key LIKE $1 AND state = 'done'`, [
            `${mine.$id}@%`,
          ])
        ).rowCount === 1,
      'the overdue mail sent',
    );
    expect(await overdue()).toBe(1);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('North block gravel pit');
    const [y, m, d] = due.split('-');
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1];
    expect(sent[0]!.text).toContain(`${d}-${month}-${y}`);
    // Findable as the dashboard will find it: pending, anticipated before today.
    const found = await memberA.client.call<{ ids: string[] }>('search/ids', {
      must: { _: 'ConsultResponse', 'ft-state': 'PENDING', 'dr-anticipatedResponse': { lt: dayAfter } },
      max: 10,
    });
    expect(found.ids).toContain(mine.$id);
  });
});

describe('agreements, dispositions and the parts of a response', () => {
  it('keeps every saved version of an agreement, readable by its readers only', async () => {
    const made = await admin.client.call<Item>('create/Agreement', {
      owner: { id: org.communityA },
      title: 'Process agreement',
      kind: 'CONSULTATION_PROCESS',
      with: [{ id: org.proponent }],
    });
    expect(made.state).toBe('DRAFT');
    const edited = await admin.client.call<Item>('update', { $id: made.$id, _u: made._u, title: 'Process agreement 2026' });
    await admin.client.call(`transition/${made.$id}`, { event: 'agreement.activate', _u: edited._u });
    const { versions, labels } = await memberA.client.call<{
      versions: { u: number; by: string; data: { title: string; state: string } }[];
      labels: Record<string, string>;
    }>('act/agreementVersions', { agreementId: made.$id });
    expect(versions.map((v) => [v.u, v.data.title, v.data.state])).toEqual([
      [1, 'Process agreement', 'DRAFT'],
      [2, 'Process agreement 2026', 'DRAFT'],
      [3, 'Process agreement 2026', 'ACTIVE'],
    ]);
    // The organisations the versions name are answered by name, as the reader may read them.
    expect(labels[org.communityA]).toEqual(expect.any(String));
    expect(labels[org.communityA]).not.toBe(org.communityA);
    expect(refusal(await memberB.client.request('act/agreementVersions', { agreementId: made.$id }))?.userMessage).toBe('notAllowed');
    const bad = await admin.client.request('create/Agreement', { owner: { id: org.communityA }, title: 'x', kind: 'mou' });
    expect(refusal(bad)?.fields).toEqual({ kind: 'errors.invalidValue' });
  });

  it('takes disposition types from their list', async () => {
    const base = { owner: { id: org.proponent }, title: 'Road use permit', issued: '2026-03-01' };
    expect((await admin.client.request('create/Disposition', { ...base, dispositionType: 'PERMIT' })).erred).toBeFalsy();
    expect(refusal(await admin.client.request('create/Disposition', { ...base, dispositionType: 'BRIBE' }))?.fields).toEqual({
      dispositionType: 'errors.notInList',
    });
  });

  it("keeps a disposition's areas with its organisation and draws them on its map for its readers alone", async () => {
    const permit = await proponent.client.call<Item>('create/Disposition', {
      owner: { id: org.proponent },
      title: 'Gravel pit licence',
      dispositionType: 'LICENCE',
    });
    const area = { disposition: { id: permit.$id }, owner: { id: org.proponent }, label: 'Pit 3' };
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [-120, 50],
          [-119.9, 50],
          [-119.9, 50.1],
          [-120, 50.1],
          [-120, 50],
        ],
      ],
    };
    const made = await plainWriter.client.call<Item>('create/DispositionFeature', { ...area, geometry: square });
    expect(
      refusal(await admin.client.request('create/DispositionFeature', { ...area, owner: { id: org.communityA }, geometry: square }))
        ?.fields,
    ).toEqual({
      owner: 'errors.consult.notDispositionOwner',
    });
    const elsewhere = { ...area, disposition: { id: made.$id }, geometry: square };
    expect(refusal(await admin.client.request('create/DispositionFeature', elsewhere))?.fields).toEqual({
      disposition: 'errors.relatedNeedsId',
    });
    expect(refusal(await admin.client.request('create/DispositionFeature', { ...area, geometry: { type: 'Blob' } }))?.fields).toEqual({
      geometry: 'errors.geometry.type',
    });
    // The disposition's map: its areas, for those who read it; nothing for others.
    const drawn = (who: TestUser) =>
      who.client.call<{ $id: string }[]>('act/streamFeatures', {
        relatedIDs: [],
        proxyIDs: [permit.$id],
        onlyProxyTypes: ['DispositionFeature'],
      });
    expect((await drawn(plainWriter)).map((f) => f.$id)).toEqual([`${made.$id}:geometry`]);
    for (const who of [memberA, stranger]) {
      expect(refusal(await who.client.request(`read/${permit.$id}`))?.userMessage).toBe('notAllowed');
      expect(refusal(await who.client.request(`read/${made.$id}`))?.userMessage).toBe('notAllowed');
      expect(await drawn(who)).toEqual([]);
    }
  });

  it("keeps a response's sections and concerns with its community, and shapes as GeoJSON", async () => {
    const { responses: ids } = await responder.client.call<{ responses: string[] }>('act/consultDistribute', {
      consultationId: (await inReview('Sections test')).$id,
      communities: [org.communityB],
    });
    const response = ids[0]!;
    const section = await memberB.client.call<Item>('create/ConsultResponseSection', {
      response: { id: response },
      owner: { id: org.communityB },
      title: 'Water',
    });
    const concern = await memberB.client.request('create/ConsultResponseConcern', {
      response: { id: response },
      owner: { id: org.communityB },
      section: { id: section.$id },
      problem: 'WATER_QUALITY',
      summary: 'Runoff into the creek',
    });
    expect(concern.erred).toBeFalsy();
    const elsewhere = await admin.client.request('create/ConsultResponseSection', {
      response: { id: response },
      owner: { id: org.communityA },
      title: 'x',
    });
    expect(refusal(elsewhere)?.fields).toEqual({ owner: 'errors.consult.notResponseOwner' });
    expect(refusal(await memberA.client.request(`read/${section.$id}`))?.userMessage).toBe('notAllowed');
    const territory = { owner: { id: org.communityA }, label: 'Trapline 7' };
    const shape = await admin.client.request('create/ConsultCommunityTerritory', {
      ...territory,
      geometry: { type: 'Point', coordinates: [-120.5, 50.1] },
    });
    expect(shape.erred).toBeFalsy();
    const notShape = await admin.client.request('create/ConsultCommunityTerritory', { ...territory, geometry: { type: 'Blob' } });
    expect(refusal(notShape)?.fields).toEqual({ geometry: 'errors.geometry.type' });
  });
});

describe('the demo community', () => {
  it('gets several proponents, consultations in every state, responses from two communities and overdue ones', async () => {
    const { db, items, accounts } = srv.server.services;
    const a = admin.client;
    const community = (await a.call<Item>('create/Organization', { displayName: 'Demo Nation', type: 'COMMUNITY' })).$id;
    const proponentOrg = (await a.call<Item>('create/Organization', { displayName: 'Demo Minerals', type: 'INDUSTRY' })).$id;
    const regulator = (await a.call<Item>('create/Organization', { displayName: 'Demo Ministry', type: 'GOVERNMENT' })).$id;
    await db.transaction((tx) =>
      consultServer.demo!({
        tx,
        items,
        accounts,
        adminId: admin.id,
        organizations: { community, proponent: proponentOrg, regulator },
        storeFile: (bytes) => storeNewFile(srv.config, bytes),
      }),
    );
    const search = (must: Record<string, unknown>) => a.call<{ ids: string[]; total: number }>('search/ids', { must, max: 200 });
    const all = await a.call<Record<string, Item>>('readMany/object', (await search({ _: 'Consultation' })).ids);
    // Every consultation of the other tests is the test proponent's.
    const demo = Object.values(all).filter((c) => (c.owner as { id: string }).id !== org.proponent);
    expect(new Set(demo.map((c) => c.state))).toEqual(
      new Set(['DRAFT', 'INCOMPLETE', 'SUBMITTED', 'REVIEW', 'CONSULTING', 'RESPONDED', 'CLOSED', 'WITHDRAWN']),
    );
    expect(demo.length).toBeGreaterThanOrEqual(12);
    const incomplete = demo.find((c) => c.state === 'INCOMPLETE')!;
    expect(incomplete.$missing).toContain('CNS_NO_DESCRIPTION');
    const responses = Object.values(await a.call<Record<string, Item>>('readMany/object', (await search({ _: 'ConsultResponse' })).ids));
    const mine = responses.filter((r) => demo.some((c) => c.$id === (r.consultation as { id: string }).id));
    expect(new Set(mine.map((r) => (r.owner as { id: string }).id)).size).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const overdue = mine.filter((r) => r.state === 'PENDING' && String(r.anticipatedResponse) < today);
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    const closed = demo.find((c) => c.state === 'CLOSED')!;
    // Those submitted keep the time, as the chart's stamp keeps it; one found wanting has none.
    expect(typeof closed.submitted).toBe('string');
    expect(incomplete.submitted).toBeUndefined();
    const kinds = (await a.call<TimelineEvent[]>(`timeline/${closed.$id}`)).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['state.consultation.submit', 'consult.distributed', 'state.consultation.close']));
    expect(mine.filter((r) => (r.consultation as { id: string }).id === closed.$id).every((r) => r.consultationState === 'CLOSED')).toBe(
      true,
    );
    // Real files on some consultations (consult.attachments), and the people who use the module.
    const files = await a.call<{ ids: string[]; labels: Record<string, string> }>('search/ids', {
      must: { _: 'consultAttachment', 'ft-consultation': demo.map((c) => c.$id) },
      labels: true,
      max: 50,
    });
    expect(Object.values(files.labels)).toEqual(expect.arrayContaining(['route-sketch.png', 'spruce-river-flows.csv']));
    const people = await db.query<{ email: string; capabilities: unknown; orgs: string[] | null }>(
      `SELECT a.email, a.capabilities, array_agg(m.org_id) FILTER (WHERE m.org_id IS NOT NULL) AS orgs
         FROM accounts a LEFT JOIN memberships m ON m.user_id = a.user_id
        WHERE a.email IN ('helen.sinclair@referrals.example.org', 'ruth.cardinal@lakeview.example.org', 'tom.bighetty@redwillow.example.org', 'dana.okafor@northern-minerals.example.com')
        GROUP BY a.email, a.capabilities`,
    );
    // The demo permit's claim blocks, drawn on its screen.
    const blocks = await a.call<{ ids: string[]; labels: Record<string, string> }>('search/ids', {
      must: { _: 'DispositionFeature', 'ft-owner': proponentOrg },
      labels: true,
      max: 10,
    });
    expect(Object.values(blocks.labels).sort()).toEqual(['Claim block MX-2291-A', 'Claim block MX-2291-B']);
    expect(people.rows).toHaveLength(4);
    expect(people.rows.find((p) => p.email.startsWith('dana'))?.orgs).toEqual([proponentOrg]);
    expect(people.rows.find((p) => p.email.startsWith('ruth'))?.orgs).toEqual([community]);
  });
});

describe('the files of consultations (consultAttachment)', () => {
  /** Uploads `text` as the administrator, attached to the consultation; answers when it is stored. */
  const upload = (text: string, filename: string, parent: Item): Promise<void> =>
    new Promise((resolve, reject) => {
      new tus.Upload(Buffer.from(text), {
        endpoint: `${srv.url}/api/upload`,
        headers: { authorization: `Bearer ${admin.token}` },
        metadata: { filename, access: 'PUBLIC', relType: parent._t, relIndex: String(parent._i), relProp: 'attachments' },
        retryDelays: [],
        onError: reject,
        onSuccess: () => resolve(),
      }).start();
    });
  const found = async (user: TestUser) =>
    (await user.client.call<{ ids: string[] }>('search/ids', { must: { _: 'consultAttachment', q: 'culvert' }, max: 20 })).ids;

  it('are found with their consultation: by its proponent, by responders once submitted, by the communities it was sent to; zipped as archive-attachments.zip', async () => {
    const made = await draft('Culvert replacement');
    await upload('Culvert drawings, sheet 1', 'culvert plan.txt', made);
    expect(await found(proponent)).toHaveLength(1);
    expect(await found(responder)).toEqual([]);
    expect(await found(stranger)).toEqual([]);
    const submitted = await proponent.client.call<Item>(`transition/${made.$id}`, { event: 'consultation.submit', _u: made._u });
    const faceted = await responder.client.call<{ ids: string[]; facets: Record<string, { count: number }[]> }>('search/ids', {
      must: { _: 'consultAttachment', q: 'culvert', 'ft-region': 'NORTH' },
      facets: ['region', 'projectType'],
      max: 20,
    });
    expect(faceted.ids).toHaveLength(1);
    expect((faceted.facets.region ?? []).reduce((n, b) => n + b.count, 0)).toBe(1);
    await responder.client.call(`transition/${made.$id}`, { event: 'consultation.assign', _u: submitted._u });
    await responder.client.call('act/consultDistribute', { consultationId: made.$id, communities: [org.communityA] });
    expect(await found(memberA)).toHaveLength(1);
    expect(await found(memberB)).toEqual([]);
    const started = await memberA.client.call<TaskInfo>('act/exportAttachments/async', {
      query: { must: { _: 'consultAttachment', q: 'culvert' } },
    });
    const task = (await memberA.client.nextPush((f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === started.key, 60_000))
      .b as TaskInfo;
    const res = await fetch(`${srv.url}${task.resultURI!}`, { headers: { authorization: `Bearer ${memberA.token}` } });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="archive-attachments.zip"/);
    expect(zipEntries(Buffer.from(await res.arrayBuffer())).map((e) => e.name)).toEqual(['culvert plan.txt']);
  });
});
