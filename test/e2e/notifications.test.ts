/**
 * Notifications in headless Chromium against the real server: a user follows an item through the
 * item menu's notification settings (Always); the administrator changes the item in a second browser;
 * the user's bell counts it at once, opens it (marked read) and marks it unread and read again on
 * /notifications. axe (WCAG 2.2 AA) runs on the list.
 */
import type { Page } from 'playwright-core';
import { ADMIN, e2eSuite, expectNoAxeViolations, invite, newContext, signIn } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite();

/** A community user, invited by the administrator, who has set their password in a browser of their own. */
const userPage = async (): Promise<Page> => (await invite(e2e, 'Nora', 'Follower')).join();

describe('notifications', () => {
  it('a change by another user reaches the bell of a follower, who opens it and marks it read', async () => {
    const item = await e2e.api.call<{ $id: string }>('create/Contact', { firstName: 'River', lastName: 'Watch', $access: 'COMMUNITY' });
    const nora = await userPage();

    // Nora follows the item: notification settings, Always.
    await nora.goto(`/i-${item.$id}`);
    await nora.getByRole('button', { name: 'Item menu' }).click();
    await nora.getByRole('menuitem', { name: 'Notification settings' }).click();
    const settings = nora.getByRole('dialog', { name: 'Notification settings' });
    await settings.getByRole('radio', { name: /Always/ }).check();
    await settings.getByRole('button', { name: 'Apply' }).click();
    await settings.waitFor({ state: 'hidden' });
    await nora.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // The administrator changes it in a second browser.
    const admin = await (await newContext(e2e.browser, e2e.server.url)).newPage();
    await admin.goto(`/sign-in?next=${encodeURIComponent(`/i-${item.$id}-edit`)}`);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(`**/i-${item.$id}-edit`);
    await admin.getByLabel('First name').fill('Rivers');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Applied').first().waitFor();

    // Nora's bell counts it at once; opening it shows the item and marks it read.
    const bell = nora.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    // The event as a sentence: who (Nora may not read the administrator's user item), what, when.
    const said = /^Someone changed Rivers Watch on \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/;
    await nora.getByRole('menuitem', { name: said }).click();
    await nora.waitForURL(`**/notifications/i-${item.$id}`);
    await nora.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // On the list it can be marked unread and read again.
    await nora.goto('/notifications');
    const entry = nora.getByRole('listitem').filter({ has: nora.getByRole('link', { name: said }) });
    await entry.getByRole('button', { name: 'Mark unread' }).click();
    await nora.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await expectNoAxeViolations(nora);
    await entry.getByRole('button', { name: 'Mark read' }).click();
    await nora.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    // Read again after a reload: the server kept the mark.
    await nora.reload();
    await nora.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await entry.getAttribute('data-unread')).toBe('false');
  });
});
