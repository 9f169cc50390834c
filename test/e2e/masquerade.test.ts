/**
 * Masquerading in headless Chromium against the real server: the administrator picks a user in the
 * picker dialog, sees only what that user may see (a PRIVATE item of the administrator is refused),
 * and stops, getting their own session back. axe (WCAG 2.2 AA) runs on the picker and while
 * masquerading.
 */
import { ADMIN, e2eSuite, expectNoAxeViolations, linkIn, newContext, readMail, signIn } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite();

/** A community user who has set their password (through the invitation mail). */
async function makeUser(): Promise<void> {
  const contact = await e2e.api.call<{ $id: string }>('create/Contact', {
    firstName: 'Milo',
    lastName: 'Target',
    email: 'milo.target@example.org',
  });
  await e2e.api.call('act/invite', { contactId: contact.$id });
  const page = await (await newContext(e2e.browser, e2e.server.url)).newPage();
  await page.goto(linkIn(readMail(e2e.server.dataDir, 'milo.target@example.org'), '/set-pass'));
  await page.getByLabel('New password').fill('milos own password');
  await page.getByLabel('Repeat the password').fill('milos own password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByRole('heading', { name: 'Welcome, Milo Target' }).waitFor();
  await page.context().close();
}

describe('masquerade', () => {
  it('an administrator masquerades as a user, sees only what that user may see, and stops', async () => {
    await makeUser();
    const secret = await e2e.api.call<{ $id: string }>('create/Contact', { firstName: 'Admin', lastName: 'Secret', $access: 'PRIVATE' });
    const admin = await (await newContext(e2e.browser, e2e.server.url)).newPage();
    await admin.goto(`/sign-in?next=${encodeURIComponent(`/i-${secret.$id}`)}`);
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL(`**/i-${secret.$id}`);
    await admin.getByText('Admin Secret').first().waitFor();

    await admin.getByRole('button', { name: 'User menu' }).click();
    await admin.getByRole('menuitem', { name: 'Masquerade as…' }).click();
    const picker = admin.getByRole('dialog', { name: 'Masquerade as a user' });
    await picker.getByLabel('Find a user').fill('Milo');
    const choice = picker.getByRole('button', { name: /^Masquerade as Milo Target/ });
    await choice.waitFor();
    await expectNoAxeViolations(admin);
    await choice.click();

    // The page reloads as Milo: the header says so, and the administrator's private item is refused.
    await admin.getByText('Masquerading as Milo Target').waitFor();
    await admin.getByText('You may not do this.').first().waitFor();
    await admin.goto('/');
    await admin.getByText('Masquerading as Milo Target').waitFor();
    await expectNoAxeViolations(admin);
    // On a phone the notice takes a header row of its own and the columns fit below it: the page itself never scrolls.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.waitForFunction(() => document.querySelector('header')!.getBoundingClientRect().height > 60);
    expect(await admin.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto(`/i-${secret.$id}`);
    await admin.getByText('You may not do this.').first().waitFor();

    await admin.getByRole('button', { name: 'User menu' }).click();
    await admin.getByRole('menuitem', { name: 'Stop masquerading' }).click();
    await admin.getByText('Admin Secret').first().waitFor();
    expect(await admin.getByText('Masquerading as Milo Target').count()).toBe(0);

    // The target is remembered in the user menu.
    await admin.getByRole('button', { name: 'User menu' }).click();
    await admin.getByRole('menuitem', { name: 'Masquerade as Milo Target' }).waitFor();
  });
});
