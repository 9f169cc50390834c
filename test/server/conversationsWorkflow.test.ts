/**
 * The workflow step kind RWF_THREAD (issue 15), on both drivers: as the step starts a thread about
 * the response opens with the step's assignee taking part, its subject and purpose from the step;
 * the step completes only once that thread is resolved; started again, it keeps its thread.
 */
import type { Item } from '../../src/shared/items/types';
import type { StepInstance } from '../../src/shared/workflow/StepKindDef';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
let runner: TestUser;
let assignee: TestUser;
const org = { community: '', proponent: '' };
let assigneeContact = '';

const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: Record<string, string> }) : undefined;
const read = (user: TestUser, id: string) => user.client.call<Item>(`read/${id}`);
const stepsOf = (item: Item) => item['_wf.steps'] as StepInstance[];

async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

const ask = (user: TestUser, op: string, item: Item, body: object = {}) =>
  user.client.request(`act/${op}`, { itemId: item.$id, _u: item._u, ...body });

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
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'Northern Gravel Ltd', type: 'INDUSTRY' })).$id;
  runner = await buildUser(srv, { name: 'Rae Runner' });
  assignee = await buildUser(srv, { name: 'Ada Assignee' });
  assigneeContact = (
    await a.call<Item>('create/Contact', {
      firstName: 'Ada',
      lastName: 'Assignee',
      email: 'ada@longlake.example',
      _related: [{ id: org.community }],
    })
  ).$id;
  const user = await read(admin, assignee.id);
  const refreshed = assignee.client.nextPush((f) => f.o === 'authed');
  await a.call('update', { $id: assignee.id, _u: user._u, contact: { id: assigneeContact } });
  await refreshed;
  await a.call('act/setMembership', { userId: runner.id, orgId: org.community, capabilities: { ResponderWorkflow: true } });
  await a.call('act/setMembership', { userId: assignee.id, orgId: org.community, capabilities: {} });
  await until(async () => !(await runner.client.request(`read/${org.community}`)).erred, 'membership');
});

afterAll(async () => {
  for (const u of [admin, runner, assignee]) u?.client.close();
  await srv.stop();
});

it('opens a thread about the response as the step starts, and completes only once it is resolved', async () => {
  const template = await admin.client.call<Item>('create/Workflow', {
    label: 'Talk first',
    owner: { id: org.community },
    steps: [
      {
        kind: 'RWF_THREAD',
        label: 'Talk with the proponent',
        assignee: { id: assigneeContact },
        props: { threadSubject: 'Access to the north block', threadPurpose: 'CONSULT_ACK' },
      },
    ],
  });
  const consultation = await admin.client.call<Item>('create/Consultation', { owner: { id: org.proponent }, projectName: 'North block' });
  let item = await admin.client.call<Item>('create/ConsultResponse', {
    consultation: { id: consultation.$id },
    owner: { id: org.community },
  });
  await until(async () => !(await runner.client.request(`read/${item.$id}`)).erred, 'the response');
  item = await act(runner, 'wfSet', item, { workflowId: template.$id });
  const stepId = stepsOf(item)[0]!.id;
  item = await act(assignee, 'wfStepState', item, { stepId, event: 'step.start' });
  const threadId = (stepsOf(item)[0]!.props?.thread as { id: string }).id;
  expect(threadId).toMatch(/^Thread-\d+$/);
  const thread = await read(assignee, threadId);
  expect(thread).toMatchObject({
    subject: 'Access to the north block',
    purpose: 'CONSULT_ACK',
    context: { id: item.$id },
    participants: [{ id: assigneeContact }],
    owner: { id: org.community },
  });
  expect(refusal(await ask(assignee, 'wfStepState', item, { stepId, event: 'step.complete' }))?.fields).toEqual({
    stepId: 'errors.conversations.threadOpen',
  });
  // Stopped and started again, it keeps its thread.
  item = await act(assignee, 'wfStepState', item, { stepId, event: 'step.stop' });
  item = await act(assignee, 'wfStepState', item, { stepId, event: 'step.start' });
  expect((stepsOf(item)[0]!.props?.thread as { id: string }).id).toBe(threadId);
  expect(
    (await admin.client.call<{ ids: string[] }>('search/ids', { must: { _: 'Thread', 'fs-context.id': item.$id }, max: 10 })).ids,
  ).toEqual([threadId]);
  await assignee.client.call('update', { $id: threadId, _u: thread._u, resolved: true });
  item = await act(assignee, 'wfStepState', item, { stepId, event: 'step.complete' });
  expect(stepsOf(item)[0]!.state).toBe('COMPLETE');
});
