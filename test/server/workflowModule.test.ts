/**
 * The workflow engine (issue 15), on both drivers: templates and who keeps them, a template run on a
 * response, every allowed and refused step move (the snapshot passing through, the kinds' conditions,
 * the assign step handing on its responder), forced moves and the forced workflow state (recorded as
 * forced, administrators only), ad hoc steps, a workflow begun by hand and cleared, the assignee
 * told of their step, the due reminder once however many schedulers run, and the workflow columns
 * kept from non-administrators in facets and CSV exports.
 */
import { JobScheduler } from '../../src/server/jobs/JobScheduler';
import { DUE_CHECK_JOB, workflowServer } from '../../src/modules/workflow/server';
import type { TimelineEvent } from '../../src/shared/items/TimelineEvent';
import type { Item } from '../../src/shared/items/types';
import type { StepInstance } from '../../src/shared/workflow/StepKindDef';
import type { Frame, TaskInfo } from '../../src/shared/protocol';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Keeps the site's workflow templates (WorkflowAdmin on the site). */
let keeper: TestUser;
/** Runs workflows for the community (ResponderWorkflow there). */
let runner: TestUser;
/** A member of the community whose person record is `assigneeContact`: does the steps given to them. */
let assignee: TestUser;
/** A member of the community with no workflow rights. */
let member: TestUser;
/** Runs workflows for another community. */
let outsider: TestUser;
const org = { community: '', other: '', proponent: '' };
let assigneeContact = '';
let template = '';

const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: Record<string, string> }) : undefined;
const read = (user: TestUser, id: string) => user.client.call<Item>(`read/${id}`);
const stepsOf = (item: Item) => item['_wf.steps'] as StepInstance[];
const states = (item: Item) => stepsOf(item).map((s) => s.state);
const kindsOf = async (id: string) => (await admin.client.call<TimelineEvent[]>(`timeline/${id}`)).map((e) => e.kind);

async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

/** A response of the community to a new consultation. */
async function response(name: string): Promise<Item> {
  const consultation = await admin.client.call<Item>('create/Consultation', { owner: { id: org.proponent }, projectName: name });
  return admin.client.call<Item>('create/ConsultResponse', { consultation: { id: consultation.$id }, owner: { id: org.community } });
}

/** Asks `op` of `user` on `item` at its `_u` (the last change's), answering the raw reply. */
const ask = (user: TestUser, op: string, item: Item, body: object = {}) =>
  user.client.request(`act/${op}`, { itemId: item.$id, _u: item._u, ...body });

/** As `ask`, expecting success; answers the item once a read shows the change (another process's cache may lag). */
async function act(user: TestUser, op: string, item: Item, body: object = {}): Promise<Item> {
  const reply = await ask(user, op, item, body);
  if (reply.erred) throw new Error(`${op} refused: ${JSON.stringify(reply.b)}`);
  const { u } = reply.b as { u: number };
  let now = await read(admin, item.$id);
  await until(async () => (now = await read(admin, item.$id))._u >= u, `${op} read back`);
  return now;
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  const a = admin.client;
  org.community = (await a.call<Item>('create/Organization', { displayName: 'Long Lake Nation', type: 'COMMUNITY' })).$id;
  org.other = (await a.call<Item>('create/Organization', { displayName: 'Red River Nation', type: 'COMMUNITY' })).$id;
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'Northern Gravel Ltd', type: 'INDUSTRY' })).$id;
  keeper = await buildUser(srv, { name: 'Kim Keeper' });
  runner = await buildUser(srv, { name: 'Rae Runner' });
  assignee = await buildUser(srv, { name: 'Ada Assignee' });
  member = await buildUser(srv, { name: 'Mo Member' });
  outsider = await buildUser(srv, { name: 'Oz Outsider' });
  assigneeContact = (
    await a.call<Item>('create/Contact', {
      firstName: 'Ada',
      lastName: 'Assignee',
      email: 'ada@longlake.example',
      _related: [{ id: org.community }],
    })
  ).$id;
  const user = await read(admin, assignee.id);
  await a.call('update', { $id: assignee.id, _u: user._u, contact: { id: assigneeContact } });
  await a.call('act/setCapabilities', { userId: keeper.id, capabilities: { WorkflowAdmin: true } });
  await a.call('act/setMembership', { userId: runner.id, orgId: org.community, capabilities: { ResponderWorkflow: true } });
  await a.call('act/setMembership', { userId: assignee.id, orgId: org.community, capabilities: {} });
  await a.call('act/setMembership', { userId: member.id, orgId: org.community, capabilities: { write: true } });
  await a.call('act/setMembership', { userId: outsider.id, orgId: org.other, capabilities: { ResponderWorkflow: true } });
  const probe = await response('Probe');
  for (const who of [runner, assignee, member])
    await until(async () => !(await who.client.request(`read/${probe.$id}`)).erred, 'membership');
  await until(async () => !(await keeper.client.request('search/ids', { must: { _: 'Workflow' }, max: 0 })).erred, 'keeper rights');
});
afterAll(async () => {
  for (const u of [admin, keeper, runner, assignee, member, outsider]) u?.client.close();
  await srv.stop();
});

const STEPS = [
  { kind: 'RWF_ASSIGN', label: 'Assign a responder', dueDays: 2, wfState: 'INTAKE' },
  { kind: 'RWF_SIMPLE', label: 'Read the proposal', wfState: 'REVIEW' },
  { kind: 'RWF_SNAPSHOT', label: 'Keep the file as it stands' },
  { kind: 'RWF_OUTCOME', label: 'Decide' },
];

describe('templates', () => {
  it('are kept by workflow admins, with steps of registered kinds only', async () => {
    const body = { label: 'Standard review', owner: { id: org.community }, steps: STEPS };
    expect(refusal(await member.client.request('create/Workflow', body))?.userMessage).toBe('notAllowed');
    const spatial = await keeper.client.request('create/Workflow', {
      ...body,
      steps: [...STEPS, { kind: 'RWF_RESEARCH', label: 'Research it' }],
    });
    expect(refusal(spatial)?.fields).toEqual({ steps: 'errors.workflow.stepKindUnavailable' });
    const badProps = await keeper.client.request('create/Workflow', {
      ...body,
      steps: [{ kind: 'RWF_SIMPLE', label: 'x', props: { colour: 'red' } }],
    });
    expect(refusal(badProps)?.fields).toEqual({ steps: 'errors.unknownProperty' });
    template = (await keeper.client.call<Item>('create/Workflow', body)).$id;
    // Those who run workflows read it; a plain member of its organisation too (PROTECTED), an outsider not.
    expect((await read(runner, template)).label).toBe('Standard review');
    expect(refusal(await outsider.client.request(`read/${template}`))?.userMessage).toBe('notAllowed');
  });
});

describe('a workflow on a response', () => {
  let item: Item;

  it('is set from a template by one who runs workflows there: the first step opens, the rest wait', async () => {
    item = await response('North block gravel pit');
    for (const who of [member, assignee])
      expect(refusal(await ask(who, 'wfSet', item, { workflowId: template }))?.userMessage).toBe('notAllowed');
    expect(refusal(await ask(outsider, 'wfSet', item, { workflowId: template }))?.userMessage).toBe('notAllowed');
    const stale = await runner.client.request('act/wfSet', { itemId: item.$id, _u: item._u + 5, workflowId: template });
    expect(refusal(stale)?.userMessage).toBe('staleUpdate');
    item = await act(runner, 'wfSet', item, { workflowId: template });
    expect(states(item)).toEqual(['PENDING', 'BLANK', 'BLANK', 'BLANK']);
    expect(item).toMatchObject({ _wf: { id: template }, '_wf.state': 'INTAKE' });
    expect(item['_wf.$assignedDue']).toBe(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    expect(refusal(await ask(runner, 'wfSet', item, { workflowId: template }))?.fields).toEqual({
      itemId: 'errors.workflow.alreadyRunning',
    });
    expect(await kindsOf(item.$id)).toEqual(expect.arrayContaining(['workflow.set', 'workflow.step.PENDING']));
  });

  it('moves each step only as the chart allows the caller, and as its kind requires', async () => {
    const step = (n: number) => stepsOf(item)[n]!.id;
    // The assign step: not the assignee's yet; the runner starts it and must name the responder to complete it.
    expect(refusal(await ask(assignee, 'wfStepState', item, { stepId: step(0), event: 'step.start' }))?.userMessage).toBe(
      'transitionNotAllowed',
    );
    expect(refusal(await ask(runner, 'wfStepState', item, { stepId: step(0), event: 'step.complete' }))?.userMessage).toBe(
      'transitionNotAllowed',
    );
    item = await act(runner, 'wfStepState', item, { stepId: step(0), event: 'step.start' });
    expect(refusal(await ask(runner, 'wfStepState', item, { stepId: step(0), event: 'step.complete' }))?.fields).toEqual({
      stepId: 'errors.workflow.assigneeMissing',
    });
    expect(
      refusal(await ask(member, 'wfStepProps', item, { stepId: step(0), props: { assignTo: { id: assigneeContact } } }))?.userMessage,
    ).toBe('notAllowed');
    item = await act(runner, 'wfStepProps', item, { stepId: step(0), props: { assignTo: { id: assigneeContact } } });
    item = await act(runner, 'wfStepState', item, { stepId: step(0), event: 'step.complete' });
    expect(states(item)).toEqual(['COMPLETE', 'PENDING', 'BLANK', 'BLANK']);
    expect(
      stepsOf(item)
        .slice(1)
        .map((s) => s.assignee?.id),
    ).toEqual([assigneeContact, assigneeContact, assigneeContact]);
    expect(item).toMatchObject({ '_wf.$assigned': [{ id: assigneeContact }], '_wf.state': 'REVIEW' });
    // The assignee does their steps; another member may not; neither skips.
    expect(refusal(await ask(member, 'wfStepState', item, { stepId: step(1), event: 'step.start' }))?.userMessage).toBe(
      'transitionNotAllowed',
    );
    item = await act(assignee, 'wfStepState', item, { stepId: step(1), event: 'step.start' });
    expect(refusal(await ask(assignee, 'wfStepState', item, { stepId: step(1), event: 'step.skip' }))?.userMessage).toBe(
      'transitionNotAllowed',
    );
    item = await act(assignee, 'wfStepState', item, { stepId: step(1), event: 'step.stop' });
    expect(states(item)[1]).toBe('PENDING');
    item = await act(assignee, 'wfStepState', item, { stepId: step(1), event: 'step.start' });
    item = await act(assignee, 'wfStepState', item, { stepId: step(1), event: 'step.complete' });
    // The snapshot: started, it is stamped and passes on; the outcome step opens.
    item = await act(assignee, 'wfStepState', item, { stepId: step(2), event: 'step.start' });
    expect(states(item)).toEqual(['COMPLETE', 'COMPLETE', 'COMPLETE', 'PENDING']);
    expect(Date.parse(String(stepsOf(item)[2]!.props?.snapshotAt))).toBeGreaterThan(Date.now() - 60_000);
    // Its PDF is filed among the response's files, readable by those who read the response.
    const snapshot = (stepsOf(item)[2]!.props?.snapshot as { id: string }).id;
    expect((item.attachments as { id: string }[]).map((a) => a.id)).toContain(snapshot);
    const file = await read(assignee, snapshot);
    expect(file).toMatchObject({ filetype: 'application/pdf', relType: 'ConsultResponse', relIndex: item._i });
    expect(String(file.originalName)).toMatch(/snapshot-\d{4}-\d{2}-\d{2}\.pdf$/);
    // The response is pending an answer (its own chart, moved by the community's answerers).
    const pending = await admin.client.call<Item>(`transition/${item.$id}`, { event: 'response.select', _u: item._u });
    item = { ...item, _u: pending._u, state: pending.state };
    // The outcome: chosen first, then copied to the response.
    item = await act(assignee, 'wfStepState', item, { stepId: step(3), event: 'step.start' });
    expect(refusal(await ask(assignee, 'wfStepState', item, { stepId: step(3), event: 'step.complete' }))?.fields).toEqual({
      stepId: 'errors.workflow.outcomeMissing',
    });
    expect(refusal(await ask(assignee, 'wfStepProps', item, { stepId: step(3), props: { outcome: 42 } }))?.fields).toHaveProperty('props');
    expect(refusal(await ask(assignee, 'wfStepProps', item, { stepId: step(3), assignee: null }))?.userMessage).toBe('notAllowed');
    item = await act(assignee, 'wfStepProps', item, { stepId: step(3), props: { outcome: 'SUPPORT' } });
    item = await act(assignee, 'wfStepState', item, { stepId: step(3), event: 'step.complete' });
    expect(states(item)).toEqual(['COMPLETE', 'COMPLETE', 'COMPLETE', 'COMPLETE']);
    expect(item.outcome).toBe('SUPPORT');
    // The response's own answer is its answerers' to give: the assignee's completion leaves it pending.
    expect(item.state).toBe('PENDING');
    expect(item['_wf.$assigned']).toBeUndefined();
    // Reopened by the runner alone.
    expect(refusal(await ask(assignee, 'wfStepState', item, { stepId: step(3), event: 'step.reopen' }))?.userMessage).toBe(
      'transitionNotAllowed',
    );
    item = await act(runner, 'wfStepState', item, { stepId: step(3), event: 'step.reopen' });
    expect(states(item)[3]).toBe('ACTIVE');
    const kinds = await kindsOf(item.$id);
    expect(kinds).toEqual(expect.arrayContaining(['workflow.stepAssigned', 'workflow.step.ACTIVE', 'workflow.step.COMPLETE']));
  });

  it('tells each caller the moves they may take now, as the chart answers, with the assignees by name', async () => {
    type Allowed = { moves: Record<string, string[]>; runs: boolean; forces: boolean; labels: Record<string, string> };
    const allowed = (user: TestUser) => user.client.call<Allowed>('act/wfAllowed', { itemId: item.$id });
    const [first, , , last] = stepsOf(item).map((s) => s.id);
    expect(await allowed(runner)).toMatchObject({
      runs: true,
      forces: false,
      moves: { [first!]: ['step.reopen'], [last!]: ['step.complete', 'step.stop', 'step.skip'] },
    });
    expect(await allowed(assignee)).toMatchObject({ runs: false, moves: { [first!]: [], [last!]: ['step.complete', 'step.stop'] } });
    expect(await allowed(member)).toMatchObject({ runs: false, moves: { [first!]: [], [last!]: [] } });
    expect((await allowed(admin)).forces).toBe(true);
    expect((await allowed(assignee)).labels[assigneeContact]).toBe('Ada Assignee');
    expect(refusal(await outsider.client.request('act/wfAllowed', { itemId: item.$id }))?.userMessage).toBe('notAllowed');
    // Completed by one who answers for the community, the outcome answers the response (ItemTypeDef.workflowOutcome).
    item = await act(admin, 'wfStepState', item, { stepId: last!, event: 'step.complete' });
    expect(item).toMatchObject({ state: 'RESPONDED', outcome: 'SUPPORT' });
    expect(await kindsOf(item.$id)).toContain('state.response.respond');
  });

  it('tells the assignee of their step, by their preferences', async () => {
    const kinds = (await assignee.client.call<Item[]>('act/fetchNotifications', {}))
      .filter((n) => (n.$context as { id?: string } | undefined)?.id === item.$id)
      .map((n) => n.$kind);
    expect(kinds).toContain('workflow.stepAssigned');
  });

  it('is forced by administrators alone, each forced move recorded as forced', async () => {
    const step = stepsOf(item)[1]!.id;
    expect(refusal(await ask(runner, 'wfForceStep', item, { stepId: step, state: 'PENDING' }))?.userMessage).toBe('transitionNotAllowed');
    expect(refusal(await ask(admin, 'wfForceStep', item, { stepId: step, state: 'COMPLETE' }))?.userMessage).toBe('transitionNotAllowed');
    item = await act(admin, 'wfForceStep', item, { stepId: step, state: 'PENDING' });
    expect(stepsOf(item)[1]).toMatchObject({ state: 'PENDING', forced: true });
    expect(await kindsOf(item.$id)).toContain('workflow.stepForced.PENDING');
    expect(refusal(await ask(runner, 'wfForceState', item, { state: 'DECIDED' }))?.userMessage).toBe('notAllowed');
    expect(refusal(await ask(admin, 'wfForceState', item, { state: 'NOT_A_STATE' }))?.fields).toEqual({ '_wf.state': 'errors.notInList' });
    item = await act(admin, 'wfForceState', item, { state: 'DECIDED' });
    expect(item['_wf.state']).toBe('DECIDED');
    expect(await kindsOf(item.$id)).toContain('workflow.stateForced');
  });

  it('takes ad hoc steps of the kinds that allow them, and keeps steps that have begun', async () => {
    const body = (extra: object[]) => ({ steps: [...stepsOf(item).map((s) => ({ id: s.id, kind: s.kind, label: s.label })), ...extra] });
    expect(refusal(await ask(runner, 'wfApplySteps', item, body([{ kind: 'RWF_OUTCOME', label: 'Again' }])))?.fields).toEqual({
      steps: 'errors.workflow.notAdHoc',
    });
    expect(refusal(await ask(runner, 'wfApplySteps', item, body([{ kind: 'RWF_FIELDWORK', label: 'Go' }])))?.fields).toEqual({
      steps: 'errors.workflow.stepKindUnavailable',
    });
    expect(refusal(await ask(assignee, 'wfApplySteps', item, body([{ kind: 'RWF_MEETING', label: 'Meet' }])))?.userMessage).toBe(
      'notAllowed',
    );
    item = await act(runner, 'wfApplySteps', item, body([{ kind: 'RWF_MEETING', label: 'Meet the proponent', assignee: assigneeContact }]));
    expect(stepsOf(item).map((s) => s.kind)).toEqual(['RWF_ASSIGN', 'RWF_SIMPLE', 'RWF_SNAPSHOT', 'RWF_OUTCOME', 'RWF_MEETING']);
    expect(stepsOf(item)[4]).toMatchObject({ state: 'BLANK', adHoc: true, assignee: { id: assigneeContact } });
    const withoutFirst = {
      steps: stepsOf(item)
        .slice(1)
        .map((s) => ({ id: s.id, kind: s.kind, label: s.label })),
    };
    expect(refusal(await ask(runner, 'wfApplySteps', item, withoutFirst))?.fields).toEqual({ steps: 'errors.workflow.stepStarted' });
    expect(await kindsOf(item.$id)).toContain('workflow.stepsApplied');
  });

  it('is begun by hand from ad hoc steps, and cleared', async () => {
    let other = await response('South road');
    expect(refusal(await ask(runner, 'wfInitManual', other, { steps: [{ kind: 'RWF_ASSIGN', label: 'x' }] }))?.fields).toEqual({
      steps: 'errors.workflow.notAdHoc',
    });
    other = await act(runner, 'wfInitManual', other, {
      steps: [
        { kind: 'RWF_MEETING', label: 'Meet', dueDays: 0 },
        { kind: 'RWF_SIMPLE', label: 'Write up' },
      ],
    });
    expect(states(other)).toEqual(['PENDING', 'BLANK']);
    const meeting = stepsOf(other)[0]!.id;
    other = await act(runner, 'wfStepState', other, { stepId: meeting, event: 'step.start' });
    expect(refusal(await ask(runner, 'wfStepState', other, { stepId: meeting, event: 'step.complete' }))?.fields).toEqual({
      stepId: 'errors.workflow.meetingDateMissing',
    });
    expect(refusal(await ask(member, 'wfClear', other))?.userMessage).toBe('notAllowed');
    other = await act(runner, 'wfClear', other);
    expect(Object.keys(other).filter((k) => k.startsWith('_wf'))).toEqual([]);
    expect(refusal(await ask(runner, 'wfClear', other))?.fields).toEqual({ itemId: 'errors.workflow.noWorkflow' });
    expect(await kindsOf(other.$id)).toEqual(expect.arrayContaining(['workflow.manualInit', 'workflow.cleared']));
  });

  it('refuses a workflow on a type that is not workflow-capable', async () => {
    const contact = await read(admin, assigneeContact);
    expect(refusal(await ask(runner, 'wfSet', contact, { workflowId: template }))?.fields).toEqual({
      itemId: 'errors.workflow.notCapable',
    });
  });
});

describe('due dates', () => {
  it('remind once of a step past its due date, however often and in however many schedulers the job runs', async () => {
    let item = await response('Due soon');
    item = await act(runner, 'wfInitManual', item, {
      steps: [{ kind: 'RWF_SIMPLE', label: 'Answer', dueDays: 30, assignee: assigneeContact }],
    });
    const due = String(stepsOf(item)[0]!.due);
    const dayAfter = new Date(Date.parse(`${due}T00:00:00Z`) + 86_400_000);
    const clock = { now: new Date(`${due}T12:00:00Z`) };
    const scheduler = (): JobScheduler => {
      const jobs: JobScheduler = new JobScheduler(srv.server.services.db, () => ({ ...srv.server.services, jobs }), {
        now: () => clock.now,
      });
      for (const kind of workflowServer.jobs ?? []) jobs.register(kind);
      return jobs;
    };
    const [one, two] = [scheduler(), scheduler()];
    const runDue = () => Promise.all([one.runDue(), two.runDue()]);
    const reminders = async () => (await kindsOf(item.$id)).filter((k) => k === 'workflow.dueReminded').length;
    await runDue();
    expect(await reminders()).toBe(0);
    clock.now = new Date(dayAfter.getTime() + 30 * 60_000);
    await srv.server.services.db.query(`UPDATE jobs SET run_at = $1 WHERE kind = $2`, [clock.now, DUE_CHECK_JOB]);
    for (let i = 0; i < 4; i++) await runDue();
    await srv.server.services.db.query(`UPDATE jobs SET run_at = $1 WHERE kind = $2`, [clock.now, DUE_CHECK_JOB]);
    for (let i = 0; i < 3; i++) await runDue();
    expect(await reminders()).toBe(1);
    const told = (await assignee.client.call<Item[]>('act/fetchNotifications', {})).filter(
      (n) => (n.$context as { id?: string } | undefined)?.id === item.$id && n.$kind === 'workflow.dueReminded',
    );
    expect(told).toHaveLength(1);
  });
});

describe('workflow columns', () => {
  const query = { must: [{ prop: '', kind: '_', value: 'ConsultResponse' }] };

  it('are counted as facets for administrators alone', async () => {
    const search = (user: TestUser) =>
      user.client.call<{ facets: Record<string, unknown> }>('search/ids', {
        must: { _: 'ConsultResponse' },
        facets: ['_wf.state', 'state'],
        max: 0,
      });
    expect(Object.keys((await search(runner)).facets)).not.toContain('_wf.state');
    expect(Object.keys((await search(admin)).facets)).toContain('_wf.state');
  });

  it('are exported for administrators alone', async () => {
    const body = {
      query,
      itemTypeName: 'ConsultResponse',
      columns: [
        { key: 'projectName', title: 'Project' },
        { key: '_wf.state', title: 'Workflow state' },
      ],
    };
    expect(refusal(await runner.client.request('act/csvExport/async', body))?.userMessage).toBe('notAllowed');
    const started = await admin.client.call<TaskInfo>('act/csvExport/async', body);
    const task = (await admin.client.nextPush((f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === started.key)).b as TaskInfo;
    const res = await fetch(`${srv.url}${task.resultURI!}`, { headers: { authorization: `Bearer ${admin.token}` } });
    const text = await res.text();
    expect(text).toContain('Workflow state');
    expect(text).toContain('Decided');
    // Without columns, a non-administrator's export has the type's headers they are shown: no workflow column.
    const plain = await runner.client.call<TaskInfo>('act/csvExport/async', { query, itemTypeName: 'ConsultResponse' });
    const plainTask = (await runner.client.nextPush((f: Frame) => f.o === 'taskComplete' && (f.b as TaskInfo).key === plain.key))
      .b as TaskInfo;
    const plainText = await (
      await fetch(`${srv.url}${plainTask.resultURI!}`, { headers: { authorization: `Bearer ${runner.token}` } })
    ).text();
    expect(plainText.split('\n')[0]).not.toContain('_wf');
  });
});
