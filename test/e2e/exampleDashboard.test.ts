/**
 * The home screen's dashboard with the example journal registered (issue 13): the administrator's
 * "Recent entries" and "Entries by date" cards show an entry the moment another signed-in user, in a
 * browser of their own, creates it (the cards' type watch), with no reload; the dashboard is axe clean
 * in both themes, on a desktop and at phone width.
 */
import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, screenshot, invite, signedInPage } from './support/e2e';

jest.setTimeout(240_000);

/** Where the screenshots go (looked at when the screen changes). */

const suite = e2eSuite({}, { journal: true });
beforeAll(() => {});

const today = new Date();
const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });
const recentOf = (page: Page) => page.getByRole('region', { name: 'Recent entries' });
const calendarOf = (page: Page) => page.getByRole('region', { name: 'Entries by date' });

/** Goes through the journal's create wizard in `page`: title and date, no notes, not private; Finish. */
async function createEntry(page: Page, title: string): Promise<void> {
  await page.goto('/i-JournalEntry-0');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date').fill(format(today, 'dd-MMM-yyyy'));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Notes' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.waitForURL(/\/i-JournalEntry-\d+$/);
}

/** The dashboard in `page` is axe clean, and its screenshot is taken (desktop, then at phone width). */
async function checkScreens(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expectNoAxeViolations(page);
  await shot(page, `dashboard-desktop-${theme}`);
  // The column scrolls on its own: the journal's cards are shot where they are.
  await calendarOf(page).scrollIntoViewIfNeeded();
  await shot(page, `dashboard-desktop-${theme}-journal`);
  await page.setViewportSize({ width: 390, height: 844 });
  await recentOf(page).getByRole('link', { name: 'Swans arrived' }).waitFor();
  await expectNoAxeViolations(page);
  await shot(page, `dashboard-phone-${theme}`);
  await calendarOf(page).getByRole('list').scrollIntoViewIfNeeded();
  await shot(page, `dashboard-phone-${theme}-journal`);
}

describe('the dashboard with the journal', () => {
  it("shows another user's new entry on the administrator's cards at once, without a reload", async () => {
    const rose = await invite(suite, 'Rose', 'Author');
    await suite.api.call('act/setCapabilities', { userId: rose.userId, capabilities: { Research: true } });
    const admin = await signedInPage(suite.browser, suite.server.url, '/');
    await recentOf(admin).getByText('No entries yet.').waitFor();
    await calendarOf(admin)
      .getByRole('table', { name: `Entries by date: ${format(today, 'MMMM yyyy')}` })
      .waitFor();
    // Marks this document: a reload would lose the mark.
    await admin.evaluate(() => ((window as unknown as { kkMark: number }).kkMark = 1));

    const author = await rose.join();
    await createEntry(author, 'Swans arrived');

    const link = recentOf(admin).getByRole('link', { name: 'Swans arrived' });
    await link.waitFor({ timeout: 10_000 });
    expect(await link.getAttribute('href')).toMatch(/^\/i-JournalEntry-\d+$/);
    await recentOf(admin).getByText(format(today, 'dd-MMM-yyyy')).waitFor();
    const day = calendarOf(admin).locator(`td[data-day="${format(today, 'yyyy-MM-dd')}"]`);
    await day.getByRole('link', { name: 'Swans arrived' }).waitFor();
    expect(await admin.evaluate(() => (window as unknown as { kkMark?: number }).kkMark)).toBe(1);
    await checkScreens(admin, 'light');
    await author.context().close();
    await admin.context().close();
  });

  it('is axe clean in the dark theme, on a desktop and at phone width', async () => {
    const admin = await signedInPage(suite.browser, suite.server.url, '/', { colorScheme: 'dark' });
    await recentOf(admin).getByRole('link', { name: 'Swans arrived' }).waitFor();
    await checkScreens(admin, 'dark');
    await admin.context().close();
  });
});
