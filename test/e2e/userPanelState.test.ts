/**
 * Issue #16, problem 3: a contact's User panel follows the account behind it (invited, active and
 * last seen, blocked) on a default (non-dedicated) site, and offers Invite only to a contact without one.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, invite, signedInPage } from './support/e2e';

jest.setTimeout(90_000);

const e2e = e2eSuite();

/** The administrator comes back to their tab; headless Chromium does not focus a window for bringToFront. */
const returnTo = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/** The contact's User panel on the administrator's open contact screen. */
const panelOf = (page: Page) => page.getByRole('region', { name: 'User' });

describe("a contact's User panel", () => {
  it('shows invited, then active with when they were last seen once they accept, then blocked; never Invite to a user', async () => {
    const ada = await invite(e2e, 'Ada', 'Accepted');
    // The invitation made the contact's user, linked back to the contact.
    const contactId = (await e2e.api.call<{ contact: { id: string } }>(`read/${ada.userId}`)).contact.id;
    const admin = await signedInPage(e2e.browser, e2e.server.url, `/i-${contactId}`);
    const panel = panelOf(admin);
    await panel.getByText('Invited, has not set a password yet').waitFor();
    await panel.getByRole('button', { name: 'Resend invitation' }).waitFor();

    await ada.join();
    // The administrator's screen stayed open; coming back to it asks again.
    await returnTo(admin);
    await panel.getByText('Signed in within the last week').waitFor();
    const seen = panel.getByTestId('user-last-seen');
    expect(await seen.textContent()).toMatch(/^Last seen (now|\d+ (seconds?|minutes?) ago)$/);
    expect(await seen.locator('time').getAttribute('title')).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/);
    expect(await panel.getByRole('button', { name: /Invite|Resend/ }).count()).toBe(0);

    await e2e.api.call('act/blockUser', { userId: ada.userId, blocked: true });
    await returnTo(admin);
    await panel.getByText('Blocked').waitFor();
    expect(await panel.getByRole('button', { name: /Invite|Resend/ }).count()).toBe(0);
  });
});
