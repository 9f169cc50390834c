/**
 * Conversations in Chromium (issue 15): two people in two browsers take part in one thread. A
 * message one writes appears live on the other's open thread screen; the other's conversations view
 * counts it unread, live, until they open the thread; their reply appears live on the first's. The
 * thread screen and the view are axe clean.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, invite, type Invited } from './support/e2e';

jest.setTimeout(180_000);

const suite = e2eSuite();
let ann: Invited;
let bea: Invited;
let threadId = '';
let annPage: Page;
let beaPage: Page;

const contactOf = async (userId: string): Promise<string> =>
  ((await suite.api.call<{ contact: { id: string } }>(`read/${userId}`)).contact as { id: string }).id;

/** Types `text` into the composer of `page` and sends it. */
async function write(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('thread-composer');
  await composer.getByRole('textbox', { name: 'Your message' }).click();
  await page.keyboard.type(text);
  await composer.getByRole('button', { name: 'Send' }).click();
}

beforeAll(async () => {
  ann = await invite(suite, 'Ann', 'Lake');
  bea = await invite(suite, 'Bea', 'Stone');
  // Before the thread: its mail to them would be the newest in the outbox naming them.
  annPage = await ann.join();
  beaPage = await bea.join();
  ({ threadId } = await suite.api.call<{ threadId: string }>('act/conversationStart', {
    subject: 'Fishing camp access',
    participants: [await contactOf(ann.userId), await contactOf(bea.userId)],
    body: '<p>Can the two of you agree on a date for the camp?</p>',
  }));
});

test('a message appears live in the other browser, counted unread until the thread is opened; the screens are axe clean', async () => {
  await annPage.goto(`/i-${threadId}`);
  await annPage.getByText('Can the two of you agree on a date for the camp?').waitFor();
  await beaPage.goto('/conversations');
  const row = beaPage.getByTestId(`thread-${threadId}`);
  // The starter's message is Bea's to read.
  await row.getByText('1 unread message').waitFor();

  await write(annPage, 'Saturday suits me.');
  // Ann's own message, sent: the composer empties and it shows as hers.
  await annPage.getByTestId('thread-messages').getByText('Saturday suits me.').waitFor();
  await row.getByText('2 unread messages').waitFor();
  await expectNoAxeViolations(beaPage);

  await row.click();
  await beaPage.getByTestId('thread-messages').getByText('Saturday suits me.').waitFor();
  await expectNoAxeViolations(beaPage);
  // Opened: read. The view counts nothing unread any more.
  await beaPage.getByTestId('conversations').getByText('2 unread messages').waitFor({ state: 'detached' });
  await row.getByText('unread', { exact: false }).waitFor({ state: 'detached' });

  await write(beaPage, 'Saturday it is, at the south dock.');
  await annPage.getByTestId('thread-messages').getByText('Saturday it is, at the south dock.').waitFor();
  expect(await annPage.getByTestId('thread-message').count()).toBe(3);
  await expectNoAxeViolations(annPage);
});
