/**
 * A community member's organisation in a real browser (issue 16, "Related items"): a member of
 * Lakeview First Nation opens it and sees its people and meetings; from its Meetings list ("add one
 * here") opens a meeting form whose Owner is already Lakeview, picks a type from the list, adds a real
 * file through the Files field's picker and saves; the meeting appears, with no reload, in another
 * member's open organisation screen. The screen is axe clean in both themes, desktop and phone.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, invite, signedInPage, type Invited } from './support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSuite();

let orgId: string;
let mary: Invited;
let joseph: Invited;

beforeAll(async () => {
  ({ $id: orgId } = await e2e.api.call<{ $id: string }>('create/Organization', {
    displayName: 'Lakeview First Nation',
    type: 'COMMUNITY',
  }));
  [mary, joseph] = [await invite(e2e, 'Mary', 'Thunderchild'), await invite(e2e, 'Joseph', 'Whitehorse')];
  // Mary records the community's meetings; Joseph reads them.
  await e2e.api.call('act/setMembership', { userId: mary.userId, orgId, capabilities: { write: true } });
  await e2e.api.call('act/setMembership', { userId: joseph.userId, orgId, capabilities: {} });
  await e2e.api.call('create/Contact', { firstName: 'Ann', lastName: 'Smith', email: 'ann.smith@example.org', _related: [{ id: orgId }] });
  await e2e.api.call('create/Meeting', { owner: { id: orgId }, summary: 'Band council', date: '2026-03-02', meetingTypes: ['IN_PERSON'] });
});

/** The organisation's read screen in `page`, once its Meetings list has answered. */
async function openOrganisation(page: Page): Promise<void> {
  await page.goto(`/i-${orgId}`);
  await page.getByRole('heading', { name: 'Lakeview First Nation', level: 2 }).waitFor();
  await meetings(page).getByRole('link', { name: 'Band council' }).waitFor();
}

const meetings = (page: Page) => page.getByRole('region', { name: 'Meetings', exact: true });

describe("a member's organisation", () => {
  it("shows its people and meetings; a meeting added from there appears live in another member's open screen", async () => {
    const other = await joseph.join();
    await openOrganisation(other);
    const page = await mary.join();
    await openOrganisation(page);
    await page.getByRole('region', { name: 'People' }).getByRole('link', { name: 'Ann Smith' }).waitFor();
    expect(await meetings(page).getByRole('link').allTextContents()).toEqual(['Band council']);

    // "Add one here": the create form, its Owner filled in with the organisation, kept in the address.
    await meetings(page).getByRole('button', { name: 'New meeting' }).click();
    await page.waitForURL((url) => url.pathname === `/i-${orgId}/i-Meeting-0` && url.searchParams.get('c1.owner') === orgId);
    const form = page.locator('section[data-cell="i-Meeting-0"]');
    await form.getByRole('button', { name: 'Remove Lakeview First Nation' }).waitFor();
    await page.reload();
    await form.getByRole('button', { name: 'Remove Lakeview First Nation' }).waitFor();

    await form.getByLabel('Summary').fill('Youth gathering');
    await form.getByLabel('Date', { exact: true }).fill('2026-04-10');
    await form.getByRole('group', { name: 'Meeting types' }).getByRole('checkbox', { name: 'Community meeting' }).check();
    const poster = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2d6a4f' } })
      .png()
      .toBuffer();
    await form.getByLabel('Add a file').setInputFiles([{ name: 'gathering poster.png', mimeType: 'image/png', buffer: poster }]);
    await form.getByRole('link', { name: 'gathering poster.png', exact: true }).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/i-${orgId}/i-Meeting-[1-9][0-9]*`));
    const saved = page.locator('section[data-cell^="i-Meeting-"]');
    await saved.getByText('Community meeting').waitFor();
    await saved.locator('[data-gallery] [data-attachment]').filter({ hasText: 'gathering poster.png' }).waitFor();

    // The other member's screen, never reloaded, lists it (newest first); so does the member's own, one column back.
    await meetings(other).getByRole('link', { name: 'Youth gathering' }).waitFor();
    expect(await meetings(other).getByRole('link').allTextContents()).toEqual(['Youth gathering', 'Band council']);
    await page.getByRole('button', { name: 'Back to Lakeview First Nation' }).click();
    await meetings(page).getByRole('link', { name: 'Youth gathering' }).waitFor();
    await other.context().close();
    await page.context().close();
  });

  it('is axe clean in the light and the dark theme, on a desktop and at phone width', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const who = { email: joseph.email, password: joseph.password };
      const page = await signedInPage(e2e.browser, e2e.server.url, `/i-${orgId}`, { colorScheme: theme, who });
      await openOrganisation(page);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page);
      await page.context().close();
    }
  });
});
