/**
 * The letters module's workflow steps (issue 15), on both drivers: RWF_LETTER_PROPOSE,
 * RWF_LETTER_APPROVE and RWF_LETTER_SEND complete only once the response's letter has got that far
 * (proposed from the step's template, approved by another person, sent), and each keeps its letter;
 * RWF_LETTER_SEND may be added to a running workflow by hand.
 */
import type { Item } from '../../src/shared/items/types';
import type { StepInstance } from '../../src/shared/workflow/StepKindDef';
import { buildUser, connectAdmin, type TestUser } from '../support/factories';
import { startTestServer, type RunningServer } from '../support/testServer';

let srv: RunningServer;
let admin: TestUser;
/** Responds for the community: proposes and sends. */
let ada: TestUser;
/** Writes for the community: approves. */
let abe: TestUser;
const org = { community: '', proponent: '' };
const templates = { response: '', receipt: '' };

const refusal = (reply: { erred?: boolean; b?: unknown }) =>
  reply.erred ? (reply.b as { userMessage: string; fields?: Record<string, string> }) : undefined;
const stepsOf = (item: Item) => item['_wf.steps'] as StepInstance[];

async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

/** The administrator's move of a step, answering the item as it then is. */
async function step(item: Item, body: object): Promise<{ erred?: boolean; b?: unknown; item: Item }> {
  const current = await admin.client.call<Item>(`read/${item.$id}`);
  const reply = await admin.client.request(`act/wfStepState`, { itemId: item.$id, _u: current._u, ...body });
  return { ...reply, item: await admin.client.call<Item>(`read/${item.$id}`) };
}

const letterOf = async (responseId: string) =>
  (await ada.client.call<{ letters: { id: string; u: number; state: string }[] }>('act/responseLetters', { responseId })).letters[0]!;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await connectAdmin(srv);
  const a = admin.client;
  org.community = (await a.call<Item>('create/Organization', { displayName: 'Lakeview First Nation', type: 'COMMUNITY' })).$id;
  org.proponent = (await a.call<Item>('create/Organization', { displayName: 'Prairie Power', type: 'INDUSTRY' })).$id;
  ada = await buildUser(srv, { name: 'Ada Lake' });
  abe = await buildUser(srv, { name: 'Abe Lake' });
  await a.call('act/setMembership', { userId: ada.id, orgId: org.community, capabilities: { ConsultRespond: true } });
  await a.call('act/setMembership', { userId: abe.id, orgId: org.community, capabilities: { write: true } });
  for (const [key, name] of [
    ['RESPONSE', 'Response with concerns'],
    ['RECEIPT', 'Acknowledgement of receipt'],
  ] as const) {
    await a.call('create/LOVValue', { list: 'RLT_LETTERS', key, t: { en: name }, owner: { id: org.community }, state: 'ACTIVE' });
    const made = await a.call<Item>('create/LetterTemplate', {
      owner: { id: org.community },
      letter: key,
      subject: `${name}: {{consultation.projectName}}`,
      body: '<p>To {{letter.recipients}}, from {{community.name}}.</p>',
    });
    templates[key === 'RESPONSE' ? 'response' : 'receipt'] = made.$id;
  }
  await until(async () => !(await ada.client.request('act/responseLetters', { responseId: 'ConsultResponse-999' })).erred === false, 'ada');
});
afterAll(async () => {
  for (const u of [admin, ada, abe]) u?.client.close();
  await srv.stop();
});

/** A response of the community to a new consultation with one contact to write to. */
async function response(name: string): Promise<Item> {
  const a = admin.client;
  const contact = await a.call<Item>('create/Contact', {
    firstName: 'Pat',
    lastName: name,
    email: 'pat@prairie.example',
    _related: [{ id: org.proponent }],
  });
  const consultation = await a.call<Item>('create/Consultation', {
    owner: { id: org.proponent },
    projectName: name,
    primaryOrg: { id: org.proponent },
    primaryContacts: [{ id: contact.$id }],
  });
  return a.call<Item>('create/ConsultResponse', { consultation: { id: consultation.$id }, owner: { id: org.community } });
}

it('propose, approve and send steps complete only once the letter has got that far, and keep it', async () => {
  const workflow = await admin.client.call<Item>('create/Workflow', {
    label: 'Letter',
    owner: { id: org.community },
    steps: [
      { kind: 'RWF_LETTER_PROPOSE', label: 'Propose the response', props: { template: { id: templates.response } } },
      { kind: 'RWF_LETTER_APPROVE', label: 'Approve it' },
    ],
  });
  let item = await response('Transmission line 9L40');
  await until(
    async () => !!(await ada.client.call<{ mayWrite: boolean }>('act/responseLetters', { responseId: item.$id })).mayWrite,
    'rights',
  );
  await admin.client.call('act/wfSet', { itemId: item.$id, _u: item._u, workflowId: workflow.$id });
  item = await admin.client.call<Item>(`read/${item.$id}`);
  const [propose, approve] = stepsOf(item).map((s) => s.id);
  const started = await step(item, { stepId: propose, event: 'step.start' });
  expect(refusal(started)).toBeUndefined();
  ({ item } = started);
  let move = await step(item, { stepId: propose, event: 'step.complete' });
  expect(refusal(move)).toMatchObject({ fields: { stepId: 'errors.letters.step.noProposal' } });
  // A letter of another template does not do.
  await ada.client.call('act/letterCreate', { responseId: item.$id, templateId: templates.receipt, propose: true });
  move = await step(item, { stepId: propose, event: 'step.complete' });
  expect(refusal(move)?.fields).toEqual({ stepId: 'errors.letters.step.noProposal' });
  const { letterId } = await ada.client.call<{ letterId: string }>('act/letterCreate', {
    responseId: item.$id,
    templateId: templates.response,
    propose: true,
  });
  move = await step(item, { stepId: propose, event: 'step.complete' });
  expect(move.erred).toBeFalsy();
  item = move.item;
  expect(stepsOf(item)[0]).toMatchObject({ state: 'COMPLETE', props: { template: { id: templates.response }, letter: { id: letterId } } });
  // Approval: not until another person has approved it.
  ({ item } = await step(item, { stepId: approve, event: 'step.start' }));
  expect(refusal(await step(item, { stepId: approve, event: 'step.complete' }))?.fields).toEqual({
    stepId: 'errors.letters.step.notApproved',
  });
  let letter = await letterOf(item.$id);
  expect(letter.id).toBe(letterId);
  await abe.client.call('act/letterMove', { letterId, _u: letter.u, event: 'letter.approve' });
  move = await step(item, { stepId: approve, event: 'step.complete' });
  expect(move.erred).toBeFalsy();
  item = move.item;
  expect(stepsOf(item)[1]).toMatchObject({ state: 'COMPLETE', props: { letter: { id: letterId } } });

  // Sending, added by hand to the running workflow: complete once the letter is sent.
  const current = await admin.client.call<Item>(`read/${item.$id}`);
  await admin.client.call('act/wfApplySteps', {
    itemId: item.$id,
    _u: current._u,
    steps: [...stepsOf(current).map((s) => ({ id: s.id, kind: s.kind, label: s.label })), { kind: 'RWF_LETTER_SEND', label: 'Send it' }],
  });
  item = await admin.client.call<Item>(`read/${item.$id}`);
  const send = stepsOf(item)[2]!;
  expect(send).toMatchObject({ kind: 'RWF_LETTER_SEND', adHoc: true });
  if (send.state !== 'ACTIVE') {
    if (send.state === 'BLANK') ({ item } = await step(item, { stepId: send.id, event: 'step.open' }));
    ({ item } = await step(item, { stepId: send.id, event: 'step.start' }));
  }
  expect(refusal(await step(item, { stepId: send.id, event: 'step.complete' }))?.fields).toEqual({ stepId: 'errors.letters.step.notSent' });
  letter = await letterOf(item.$id);
  await ada.client.call('act/letterMove', { letterId, _u: letter.u, event: 'letter.send' });
  move = await step(item, { stepId: send.id, event: 'step.complete' });
  expect(move.erred).toBeFalsy();
  expect(stepsOf(move.item)[2]).toMatchObject({ state: 'COMPLETE', props: { letter: { id: letterId } } });
});
