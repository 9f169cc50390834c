/**
 * The workflow dashboard cards (issue 15, spec 001 §2) on a real server, both drivers: which cards a
 * responder with and without the workflow capability gets (and an administrator); what each card's
 * search finds for a responder who runs workflows: the open responses waiting at their first step
 * (initial), the late steps and late answers (overdue), and the responses whose current step is the
 * reader's own (mine: the server fills in the reader's person record, so each sees only theirs); and
 * the `_wf` columns the cards filter on stay administrators' alone in what the search answers.
 */
import { modules } from '../../src/modules';
import { onConsultDashboard } from '../../src/modules/consult/cards';
import { workflowCards } from '../../src/modules/workflow/cards';
import { cardQuery } from '../../src/shared/dashboard/cardQuery';
import { cardsFor } from '../../src/shared/dashboard/cardTable';
import type { Item } from '../../src/shared/items/types';
import type { SearchReply } from '../../src/shared/search/SearchQuery';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { ProtocolClient } from '../support/protocolClient';
import { startTestServer, type RunningServer } from '../support/testServer';

const card = (key: string) => workflowCards.find((c) => c.key === `workflow.${key}`)!;

let srv: RunningServer;
let admin: TestUser;
/** Run workflows for the community, each with a person record of their own. */
let ada: TestUser;
let ben: TestUser;
/** Runs workflows there, with no person record. */
let noContact: TestUser;
/** Answers for the community, without the workflow capability. */
let plain: TestUser;
/** Runs workflows for another community. */
let outsider: TestUser;
const org = { community: '', other: '', proponent: '' };
const contact = { ada: '', ben: '' };
const template = { standard: '', late: '' };
/** The responses, by what the cards should make of them. */
const r = { fresh: '', intake: '', adas: '', late: '', answerLate: '', declined: '', elsewhere: '' };

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await probe()) return;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`never: ${what}`);
}

const read = (id: string) => admin.client.call<Item>(`read/${id}`);

/** A response of `owner` to a new consultation called `name`. */
async function response(name: string, owner = org.community): Promise<string> {
  const consultation = await admin.client.call<Item>('create/Consultation', { owner: { id: org.proponent }, projectName: name });
  return (
    await admin.client.call<Item>('create/ConsultResponse', {
      consultation: { id: consultation.$id },
      owner: { id: owner },
      projectName: name,
    })
  ).$id;
}

/** `act/{op}` on response `id` by the administrator, at its current version; waits until a read shows it. */
async function act(op: string, id: string, body: object = {}): Promise<Item> {
  const before = await read(id);
  const { u } = await admin.client.call<{ u: number }>(`act/${op}`, { itemId: id, _u: before._u, ...body });
  let now = before;
  await until(async () => (now = await read(id))._u >= u, `${op} read back`);
  return now;
}

const transition = async (id: string, event: string) => admin.client.call<Item>(`transition/${id}`, { event, _u: (await read(id))._u });
const stepId = async (id: string, n: number) => ((await read(id))['_wf.steps'] as { id: string }[])[n]!.id;

/** A person record for `user`, named on their account. */
async function personOf(user: TestUser, firstName: string): Promise<string> {
  const id = (await admin.client.call<Item>('create/Contact', { firstName, lastName: 'Responder', _related: [{ id: org.community }] })).$id;
  const account = await read(user.id);
  await admin.client.call('update', { $id: user.id, _u: account._u, contact: { id } });
  return id;
}

/** What `user`'s card `key` finds, as the card asks it. */
const found = async (user: TestUser, key: string) => (await user.client.call<SearchReply>('search/ids', cardQuery(card(key), null))).ids;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  const a = admin.client;
  org.community = (await a.call<Item>('create/Organization', { displayName: 'Long Lake Nation', type: 'COMMUNITY' })).$id;
  org.other = (await a.call<Item>('create/Organization', { displayName: 'Red River Nation', type: 'COMMUNITY' })).$id;
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'Northern Gravel Ltd', type: 'INDUSTRY' })).$id;
  [ada, ben, noContact, plain, outsider] = await Promise.all(
    ['Ada Runner', 'Ben Runner', 'Nell Nocontact', 'Pat Plain', 'Oz Outsider'].map((name) => buildUser(srv, { name })),
  );
  contact.ada = await personOf(ada!, 'Ada');
  contact.ben = await personOf(ben!, 'Ben');
  const runs = { ConsultRespond: true, ResponderWorkflow: true };
  for (const who of [ada!, ben!, noContact!])
    await a.call('act/setMembership', { userId: who.id, orgId: org.community, capabilities: { write: true, ...runs } });
  await a.call('act/setMembership', { userId: plain!.id, orgId: org.community, capabilities: { write: true, ConsultRespond: true } });
  await a.call('act/setMembership', { userId: outsider!.id, orgId: org.other, capabilities: { write: true, ...runs } });

  template.standard = (
    await a.call<Item>('create/Workflow', {
      label: 'Standard review',
      owner: { id: org.community },
      steps: [
        { kind: 'RWF_ASSIGN', label: 'Assign a responder', dueDays: 2 },
        { kind: 'RWF_SIMPLE', label: 'Read the proposal', dueDays: 10 },
        { kind: 'RWF_OUTCOME', label: 'Decide' },
      ],
    })
  ).$id;
  // Its reading was due two days before it opens: late at once.
  template.late = (
    await a.call<Item>('create/Workflow', {
      label: 'Catch-up review',
      owner: { id: org.community },
      steps: [
        { kind: 'WKF_CONFIRM', label: 'Confirm receipt' },
        { kind: 'RWF_SIMPLE', label: 'Check the maps', assignee: { id: contact.ben }, dueDays: -2 },
      ],
    })
  ).$id;

  // Received, no workflow yet: waiting to start.
  r.fresh = await response('Fresh gravel pit');
  // Received, its workflow at the first step (assigning), no one on it: waiting to start.
  r.intake = await response('Intake road');
  await act('wfSet', r.intake, { workflowId: template.standard });
  // Being answered: assigned to Ada, who now reads it (Ada's).
  r.adas = await response("Ada's bridge");
  await transition(r.adas, 'response.select');
  await act('wfSet', r.adas, { workflowId: template.standard });
  const assign = await stepId(r.adas, 0);
  await act('wfStepState', r.adas, { stepId: assign, event: 'step.start' });
  await act('wfStepProps', r.adas, { stepId: assign, props: { assignTo: { id: contact.ada } } });
  await act('wfStepState', r.adas, { stepId: assign, event: 'step.complete' });
  // Ben's reading, two days late (overdue, Ben's).
  r.late = await response('Late culvert');
  await act('wfSet', r.late, { workflowId: template.late });
  const confirm = await stepId(r.late, 0);
  await act('wfStepState', r.late, { stepId: confirm, event: 'step.start' });
  await act('wfStepState', r.late, { stepId: confirm, event: 'step.complete' });
  // Pending, its anticipated answer yesterday, no workflow (overdue, and waiting to start).
  r.answerLate = await response('Answer late quarry');
  const pending = await transition(r.answerLate, 'response.select');
  await admin.client.call('update', { $id: r.answerLate, _u: pending._u, anticipatedResponse: yesterday() });
  // Declined: closed, on no card.
  r.declined = await response('Declined dock');
  await transition(r.declined, 'response.decline');
  // Another community's: on none of these readers' cards.
  r.elsewhere = await response('Elsewhere esker', org.other);

  for (const who of [ada!, ben!, noContact!, plain!])
    await until(async () => !(await who.client.request(`read/${r.fresh}`)).erred, 'membership');
}, 120_000);

afterAll(async () => {
  for (const u of [admin, ada, ben, noContact, plain, outsider]) u?.client.close();
  await srv.stop();
});

describe('the cards each reader gets', () => {
  /** The keys of the consultation dashboard's cards for `user`, from the session the server gives them now. */
  async function keysOf(user: TestUser): Promise<string[]> {
    const { client, session } = await ProtocolClient.connect(srv.wsUrl, user.token);
    client.close();
    return cardsFor(modules, session)
      .filter(onConsultDashboard)
      .map((c) => c.key);
  }

  it('a responder with the workflow capability: calendar, initial, overdue and mine; without it: calendar, overdue and recent', async () => {
    expect(await keysOf(ada)).toEqual(['consult.calendar', 'workflow.initial', 'workflow.overdue', 'workflow.mine']);
    expect(await keysOf(plain)).toEqual(['consult.calendar', 'consult.overdue', 'consult.recent']);
    // Administrators get every card.
    expect(await keysOf(admin)).toEqual(
      expect.arrayContaining(['consult.recent', 'workflow.initial', 'workflow.overdue', 'workflow.mine']),
    );
  });
});

describe('what the cards find for a responder who runs workflows', () => {
  it('initial: the open responses with no workflow or waiting at its first step', async () => {
    const ids = await found(ada, 'initial');
    expect(new Set(ids)).toEqual(new Set([r.fresh, r.intake, r.answerLate]));
    // Oldest first: as they came in.
    expect(ids.indexOf(r.fresh)).toBeLessThan(ids.indexOf(r.intake));
  });

  it('overdue: a current step past its due day, and a pending answer past its anticipated date', async () => {
    const late = await read(r.late);
    expect(late['_wf.$assignedDue']).toBe(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
    expect(await found(ada, 'overdue')).toEqual([r.late, r.answerLate]);
    // A step due later is not late.
    expect(await found(ben, 'overdue')).not.toContain(r.adas);
  });

  it("mine: only the reader's own current steps; a reader without a person record has none", async () => {
    expect(await found(ada, 'mine')).toEqual([r.adas]);
    expect(await found(ben, 'mine')).toEqual([r.late]);
    expect(await found(noContact, 'mine')).toEqual([]);
    // Another community's runner finds only their own community's response.
    expect(await found(outsider, 'initial')).toEqual([r.elsewhere]);
    for (const key of ['overdue', 'mine']) expect(await found(outsider, key)).toEqual([]);
  });

  it('a completed step moves the response off "initial" and onto the assignee\'s "mine"', async () => {
    const assign = await stepId(r.intake, 0);
    await act('wfStepState', r.intake, { stepId: assign, event: 'step.start' });
    await act('wfStepProps', r.intake, { stepId: assign, props: { assignTo: { id: contact.ben } } });
    await act('wfStepState', r.intake, { stepId: assign, event: 'step.complete' });
    expect(await found(ada, 'initial')).not.toContain(r.intake);
    expect(await found(ben, 'mine')).toEqual([r.late, r.intake]);
  });

  it('filters on the workflow columns without handing them out: the reply holds the hits and their titles, the facet stays refused', async () => {
    const reply = await ada.client.call<SearchReply>('search/ids', {
      ...cardQuery(card('mine'), null),
      facets: ['_wf.state', '_wf.$assigned'],
    });
    expect(reply.ids).toEqual([r.adas]);
    expect(reply.labels[r.adas]).toBe("Ada's bridge");
    expect(reply.facets).toEqual({});
    expect(reply.ignored).toEqual(
      expect.arrayContaining(['facet _wf.state: administrators only', 'facet _wf.$assigned: administrators only']),
    );
    // An administrator gets the facet.
    const asAdmin = await admin.client.call<SearchReply>('search/ids', { must: { _: 'ConsultResponse' }, facets: ['_wf.state'] });
    expect(Object.keys(asAdmin.facets)).toEqual(['_wf.state']);
  });
});
