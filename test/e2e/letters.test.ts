/**
 * Response letters in Chromium (issue 15), on the demo site: a Lakeview member proposes the
 * community's "Response with concerns" for the 9L40 response after reading it filled; a second member,
 * in a browser of their own, approves and sends it, which the first member's open panel follows live; the letter goes to the outbox with its PDF and
 * DOCX, shows as mailed and filed, and its PDF downloads in the browser with the filled text. The
 * panel is axe clean in both themes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { pdfPages } from '../support/documentText';
import { e2eSuite, expectNoAxeViolations, invite, type Invited } from './support/e2e';

jest.setTimeout(240_000);

const suite = e2eSuite({ SEED_DEMO: '1' });
let lara: Invited;
let len: Invited;
let responseId = '';

const one = async (must: Record<string, unknown>): Promise<string> => {
  const { ids } = await suite.api.call<{ ids: string[] }>('search/ids', { must, max: 5 });
  if (ids.length !== 1) throw new Error(`expected one item for ${JSON.stringify(must)}, found ${ids.length}`);
  return ids[0]!;
};

beforeAll(async () => {
  const lakeview = await one({ _: 'Organization', 'ft-type': 'COMMUNITY', q: 'Lakeview' });
  const consultation = await one({ _: 'Consultation', q: 'Transmission line 9L40' });
  responseId = await one({ _: 'ConsultResponse', 'fs-consultation.id': consultation, 'ft-owner': lakeview });
  lara = await invite(suite, 'Lara', 'Lakeview');
  len = await invite(suite, 'Len', 'Lakeview');
  for (const who of [lara, len])
    await suite.api.call('act/setMembership', { userId: who.userId, orgId: lakeview, capabilities: { write: true, ConsultRespond: true } });
});

it('one member proposes a letter, another approves and sends it, and it is mailed and downloaded as PDF', async () => {
  const laraPage = await lara.join('dark');
  await laraPage.goto(`/i-${responseId}`);
  const laraPanel = laraPage.getByTestId('letters-panel');
  await laraPanel.getByRole('button', { name: 'New letter' }).click();
  await laraPage.getByLabel('Letter', { exact: true }).selectOption({ label: 'Response with concerns' });
  const preview = laraPage.getByTestId('letter-preview');
  await preview.getByText('Re: Transmission line 9L40').waitFor();
  await expect(preview.textContent()).resolves.toContain('Lara Lakeview');
  await expectNoAxeViolations(laraPage);
  await laraPanel.getByRole('button', { name: 'Propose for approval' }).click();
  const laraLetter = laraPanel.getByTestId('letter');
  await laraLetter.getByTestId('letter-state').getByText('Proposed').waitFor();
  await expect(laraLetter.getByRole('button', { name: 'Approve' }).count()).resolves.toBe(0);

  const lenPage = await len.join('light');
  await lenPage.goto(`/i-${responseId}`);
  const lenLetter = lenPage.getByTestId('letters-panel').getByTestId('letter');
  await lenLetter.getByText(/^Proposed by Lara Lakeview on \d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d$/).waitFor();
  await expectNoAxeViolations(lenPage);
  await lenLetter.getByRole('button', { name: 'Approve' }).click();
  await lenLetter.getByTestId('letter-state').getByText('Approved').waitFor();
  await lenLetter.getByRole('button', { name: 'Send' }).click();
  await lenLetter.getByTestId('letter-delivery').getByText('Mailed and filed').waitFor({ timeout: 30_000 });
  // Lara's open panel followed every move live.
  await laraLetter.getByTestId('letter-state').getByText('Sent').waitFor();
  await laraLetter.getByText(/^Approved by Len Lakeview on /).waitFor();
  await laraLetter.getByTestId('letter-delivery').getByText('Mailed and filed').waitFor();

  // The mail in the outbox, to the consultation's primary contact, with the letter as PDF and DOCX.
  const outbox = join(suite.server.dataDir, 'outbox');
  const mails = await Promise.all((existsSync(outbox) ? readdirSync(outbox) : []).map((f) => simpleParser(readFileSync(join(outbox, f)))));
  const letters = mails.filter((m) => m.subject === 'Lakeview First Nation: response on Transmission line 9L40');
  expect(letters).toHaveLength(1);
  expect(letters[0]!.attachments.map((a) => a.contentType).sort()).toEqual([
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ]);

  // Downloaded in the browser, the PDF says the filled letter.
  const [download] = await Promise.all([lenPage.waitForEvent('download'), lenLetter.getByRole('link', { name: /\.pdf$/ }).click()]);
  const pdf = readFileSync((await download.path())!);
  const text = pdfPages(pdf).join('\n');
  expect(text).toContain('Re: Transmission line 9L40');
  expect(text).toContain('Lara Lakeview');
  expect(text).toContain('Page 1 of 1');
  expect(text).not.toContain('{{');
});
