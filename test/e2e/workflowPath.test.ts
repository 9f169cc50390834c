/**
 * The whole path of a response's workflow in Chromium (issue 15), on the demo site: an administrator
 * builds a template in the editor (assign, talk with the proponent, propose, approve and send a
 * letter, decide the outcome; one step moved into place), starts it on a response just distributed
 * to Lakeview and assigns a responder; the responder finds the response under "My workflow steps"
 * on their dashboard, talks with the proponent in the step's conversation (each message appears live
 * in the other's browser), proposes a letter that the administrator approves, sends it (the mail in
 * the outbox carries it as PDF), and decides the outcome, which makes the response Responded. The
 * editor, the stepper, the thread and the dashboard are axe clean; screenshots of each are kept.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, screenshot, invite, signedInPage, type Invited } from './support/e2e';

jest.setTimeout(240_000);

const shot = (p: Page, name: string) => screenshot(p, name);

const suite = e2eSuite({ SEED_DEMO: '1' });
let rita: Invited;
let paul: Invited;
let responseId = '';
let admin: Page;
let ritaPage: Page;
let paulPage: Page;
const TEMPLATE = 'Referral with a letter';
const CONSULTATION = 'Spruce River water licence';

const one = async (must: Record<string, unknown>): Promise<string> => {
  const { ids } = await suite.api.call<{ ids: string[] }>('search/ids', { must, max: 5 });
  if (ids.length !== 1) throw new Error(`expected one item for ${JSON.stringify(must)}, found ${ids.length}`);
  return ids[0]!;
};
const read = (id: string) => suite.api.call<{ $id: string; _u: number; [key: string]: unknown }>(`read/${id}`);
const contactOf = async (userId: string): Promise<string> => ((await read(userId)).contact as { id: string }).id;

/** The stepper of the open response, a step's row in it, and a move of that step. */
const stepper = (p: Page) => p.getByTestId('workflow-panel');
const stepState = (p: Page, title: string) => stepper(p).getByRole('listitem').filter({ hasText: title }).getByTestId('step-state');
async function move(p: Page, title: string, button: 'Start' | 'Complete', then: string): Promise<void> {
  await stepper(p).getByRole('group', { name: title }).getByRole('button', { name: button }).click();
  await stepState(p, title).getByText(then).waitFor();
}

/** Waits until `done` holds (the server has taken a change the screen sent). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await done()); i += 1) await new Promise((r) => setTimeout(r, 100));
}

/** Types `text` into the thread's composer and sends it. */
async function write(p: Page, text: string): Promise<void> {
  const composer = p.getByTestId('thread-composer');
  await composer.getByRole('textbox', { name: 'Your message' }).click();
  await p.keyboard.type(text);
  await composer.getByRole('button', { name: 'Send' }).click();
}

beforeAll(async () => {
  // Set-up that is not the point: the response distributed and taken up, the responder and the proponent's person.
  const lakeview = await one({ _: 'Organization', 'ft-type': 'COMMUNITY', q: 'Lakeview' });
  const minerals = await one({ _: 'Organization', q: 'Northern Minerals' });
  const consultation = await one({ _: 'Consultation', q: CONSULTATION });
  await suite.api.call('act/consultDistribute', { consultationId: consultation, communities: [lakeview] });
  responseId = await one({ _: 'ConsultResponse', 'fs-consultation.id': consultation, 'ft-owner': lakeview });
  const response = await read(responseId);
  await suite.api.call(`transition/${responseId}`, { event: 'response.select', _u: response._u });
  [rita, paul] = [await invite(suite, 'Rita', 'Responder'), await invite(suite, 'Paul', 'Proponent')];
  await suite.api.call('act/setMembership', {
    userId: rita.userId,
    orgId: lakeview,
    capabilities: { write: true, ConsultRespond: true, ResponderWorkflow: true },
  });
  await suite.api.call('act/setMembership', { userId: paul.userId, orgId: minerals, capabilities: { write: true, ConsultSubmit: true } });
  [admin, ritaPage, paulPage] = await Promise.all([
    signedInPage(suite.browser, suite.server.url, '/admin.workflows'),
    rita.join(),
    paul.join('dark'),
  ]);
});

it('an administrator builds the template in the editor: six steps of their kinds, one moved into place', async () => {
  await admin.getByRole('button', { name: 'New workflow' }).click();
  await admin.getByLabel('Name', { exact: true }).fill(TEMPLATE);
  await admin.getByRole('combobox', { name: 'Organisation' }).fill('Lakeview');
  await admin.getByRole('option', { name: 'Lakeview First Nation' }).click();
  const kinds = [
    'Assign a responder',
    'Talk with the proponent',
    'Propose a letter',
    'Approve the letter',
    'Decide the outcome',
    'Send the letter',
  ];
  for (const kind of kinds) {
    await admin.getByLabel('Kind of the new step').selectOption({ label: kind });
    await admin.getByRole('button', { name: 'Add step' }).click();
  }
  // The outcome comes last: "Send the letter" (step 6) goes up one.
  await admin.getByRole('button', { name: 'Move step 6 up' }).click();
  const headings = admin.getByRole('heading', { level: 4 });
  await expect(headings.allTextContents()).resolves.toEqual([
    'Step 1: Assign a responder',
    'Step 2: Talk with the proponent',
    'Step 3: Propose a letter',
    'Step 4: Approve the letter',
    'Step 5: Send the letter',
    'Step 6: Decide the outcome',
  ]);
  await expectNoAxeViolations(admin);
  await shot(admin, 'editor');
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByRole('heading', { name: TEMPLATE, level: 2 }).waitFor();
});

it('the administrator starts it on the response and assigns the responder, who finds it under "My workflow steps"', async () => {
  await admin.goto(`/i-${responseId}`);
  await stepper(admin).getByLabel('Workflow to run').selectOption({ label: TEMPLATE });
  await stepper(admin).getByRole('button', { name: 'Start the workflow' }).click();
  await stepState(admin, 'Assign a responder').getByText('Pending').waitFor();
  await stepper(admin).getByRole('combobox', { name: 'Responder', exact: true }).fill('Rita');
  await stepper(admin).getByRole('option', { name: 'Rita Responder' }).click();
  await stepper(admin).getByRole('button', { name: 'Save the step' }).click();
  await until(async () => JSON.stringify((await read(responseId))['_wf.steps']).includes(await contactOf(rita.userId)));
  await move(admin, 'Assign a responder', 'Start', 'Active');
  await move(admin, 'Assign a responder', 'Complete', 'Complete');
  // Every later step is the responder's now.
  await stepper(admin)
    .getByRole('listitem')
    .filter({ hasText: 'Talk with the proponent' })
    .getByText('Assigned to Rita Responder')
    .waitFor();

  await ritaPage.goto('/consult.dashboard');
  const mine = ritaPage.getByRole('region', { name: 'My workflow steps' });
  const link = mine.getByRole('link', { name: new RegExp(CONSULTATION) });
  await link.waitFor();
  await expect(mine.textContent()).resolves.toContain('Talk with the proponent');
  await expectNoAxeViolations(ritaPage);
  await shot(ritaPage, 'dashboard');
  await link.click();
  await stepState(ritaPage, 'Talk with the proponent').getByText('Pending').waitFor();
});

it("the responder talks with the proponent in the step's conversation: messages appear live in both browsers", async () => {
  await move(ritaPage, 'Talk with the proponent', 'Start', 'Active');
  const conversation = stepper(ritaPage).getByRole('link', { name: /^Talk with the proponent: / });
  const threadId = (await conversation.getAttribute('href'))!.replace('/i-', '');
  // The responder asks the proponent's person in (set-up: the thread's participants are its generic form's).
  const thread = await read(threadId);
  const participants = [...((thread.participants as { id: string }[]) ?? []), { id: await contactOf(paul.userId) }];
  await suite.api.call('update', { $id: threadId, _u: thread._u, participants });
  await conversation.click();
  await ritaPage.getByTestId('thread-composer').waitFor();
  await paulPage.goto(`/i-${threadId}`);
  await paulPage.getByTestId('thread-composer').waitFor();

  await write(ritaPage, 'Could you send the August flows for the Spruce River?');
  await paulPage.getByTestId('thread-messages').getByText('Could you send the August flows for the Spruce River?').waitFor();
  await write(paulPage, 'Yes: the mean flow in August was 9.8 m³/s.');
  await ritaPage.getByTestId('thread-messages').getByText('Yes: the mean flow in August was 9.8 m³/s.').waitFor();
  await expectNoAxeViolations(paulPage);
  await shot(paulPage, 'thread-dark');
  // The toggle shows the thread as saved: it turns on once the server took it.
  await ritaPage.getByLabel('Resolved: this conversation needs nothing more').click();
  await ritaPage.getByRole('checkbox', { name: 'Resolved: this conversation needs nothing more', checked: true }).waitFor();
  await until(async () => (await read(threadId)).resolved === true);

  await ritaPage.goto(`/i-${responseId}`);
  await move(ritaPage, 'Talk with the proponent', 'Complete', 'Complete');
});

it('the responder proposes a letter, the administrator approves it, the responder sends it and it lands in the outbox as PDF', async () => {
  await move(ritaPage, 'Propose a letter', 'Start', 'Active');
  const letters = ritaPage.getByTestId('letters-panel');
  await letters.getByRole('button', { name: 'New letter' }).click();
  await ritaPage.getByLabel('Letter', { exact: true }).selectOption({ label: 'Response with concerns' });
  await ritaPage.getByTestId('letter-preview').getByText(`Re: ${CONSULTATION}`).waitFor();
  await letters.getByRole('button', { name: 'Propose for approval' }).click();
  const letter = letters.getByTestId('letter');
  await letter.getByTestId('letter-state').getByText('Proposed').waitFor();
  await move(ritaPage, 'Propose a letter', 'Complete', 'Complete');

  // A second person approves it, and works the approval step as one who runs workflows.
  await admin.reload();
  const adminLetter = admin.getByTestId('letters-panel').getByTestId('letter');
  await adminLetter.getByRole('button', { name: 'Approve' }).click();
  await adminLetter.getByTestId('letter-state').getByText('Approved').waitFor();
  await move(admin, 'Approve the letter', 'Start', 'Active');
  await move(admin, 'Approve the letter', 'Complete', 'Complete');

  // The responder's open screen followed: the letter approved, the send step theirs.
  await letter.getByTestId('letter-state').getByText('Approved').waitFor();
  await move(ritaPage, 'Send the letter', 'Start', 'Active');
  await letter.getByRole('button', { name: 'Send' }).click();
  await letter.getByTestId('letter-delivery').getByText('Mailed and filed').waitFor({ timeout: 30_000 });
  await move(ritaPage, 'Send the letter', 'Complete', 'Complete');

  const outbox = join(suite.server.dataDir, 'outbox');
  const mails = await Promise.all((existsSync(outbox) ? readdirSync(outbox) : []).map((f) => simpleParser(readFileSync(join(outbox, f)))));
  const sent = mails.filter((m) => m.subject === `Lakeview First Nation: response on ${CONSULTATION}`);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.attachments.map((a) => a.contentType)).toContain('application/pdf');
});

it('the outcome step makes the response Responded', async () => {
  await move(ritaPage, 'Decide the outcome', 'Start', 'Active');
  await stepper(ritaPage).getByLabel('Outcome', { exact: true }).selectOption({ label: 'Support with conditions' });
  await stepper(ritaPage).getByRole('button', { name: 'Save the step' }).click();
  await stepper(ritaPage).getByRole('group', { name: 'Decide the outcome' }).getByRole('button', { name: 'Complete' }).click();
  await stepState(ritaPage, 'Decide the outcome').getByText('Complete').waitFor();
  // The response's state, shown live on the responder's screen.
  await ritaPage.getByTestId('item-state').getByText('Responded').waitFor();
  await stepper(ritaPage).getByText('Every step is done.').waitFor();
  // Each done step says what was chosen and what it made, by name.
  const row = (title: string) => stepper(ritaPage).getByRole('listitem').filter({ hasText: title });
  await row('Decide the outcome').getByText('Support with conditions').waitFor();
  await row('Assign a responder').getByRole('link', { name: 'Rita Responder' }).waitFor();
  await row('Send the letter')
    .getByRole('link', { name: `Lakeview First Nation: response on ${CONSULTATION}` })
    .waitFor();
  await expectNoAxeViolations(ritaPage);
  await shot(ritaPage, 'responded');
  // The outcome is the response's own now, as its screen and the server say.
  expect(await read(responseId)).toMatchObject({ state: 'RESPONDED', outcome: 'SUPPORT_CONDITIONS' });
});
