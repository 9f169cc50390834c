/**
 * Organisations, contacts and users in headless Chromium against the real server (issue: the
 * organisations module): an administrator creates an organisation and a contact through the screens
 * and invites the contact; the invitation e-mail lands in the outbox; the new user sets a password
 * from its link and sees only what their rights allow; blocking them signs them out in their open
 * browser. axe (WCAG 2.2 AA) runs on the module's screens.
 */
import type { Page } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import { e2eSuite, expectNoAxeViolations, linkIn, newContext, readMail, signedInPage } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite({ DEDICATED: '1' });

/** A page in its own browser context, multi-column, signed in as the administrator through the form at `path`. */
const adminPage = (path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> =>
  signedInPage(e2e.browser, e2e.server.url, path, { colorScheme, multiColumns: true });

describe('organisations, contacts and users', () => {
  it('an invited contact becomes a user with only their rights, and blocking signs them out', async () => {
    // The administrator creates an organisation and a contact through the screens.
    const admin = await adminPage('/my-organizations');
    await admin.getByRole('button', { name: 'New organisation' }).click();
    await admin.waitForURL('**/my-organizations/i-Organization-0');
    await admin.getByLabel('Display name').fill('Riverbend Nation');
    await admin.getByLabel('Type').selectOption('COMMUNITY');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/my-organizations\/i-Organization-[1-9]\d*$/);
    await admin.goto('/my-organizations');
    await admin.getByRole('list', { name: 'My organisations' }).getByRole('link', { name: 'Riverbend Nation' }).waitFor();
    await expectNoAxeViolations(admin);

    await admin.goto('/my-contacts');
    await admin.getByRole('button', { name: 'New contact' }).click();
    await admin.waitForURL('**/my-contacts/i-Contact-0');
    await admin.getByLabel('First name').fill('Nora');
    await admin.getByLabel('Last name').fill('Invited');
    await admin.getByLabel('E-mail').fill('nora.invited@example.org');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/my-contacts\/i-Contact-[1-9]\d*$/);
    const contactPath = new URL(admin.url()).pathname.split('/').at(-1)!;

    // The contact's screen: not a user yet; Invite sends the e-mail.
    await admin.goto(`/${contactPath}`);
    await admin.getByText('Not a user').waitFor();
    await expectNoAxeViolations(admin);
    await admin.getByRole('button', { name: 'Invite', exact: true }).click();
    await admin.getByText('Invited, has not set a password yet').waitFor();
    const mail = readMail(e2e.server.dataDir, 'nora.invited@example.org');
    expect(mail).toContain('You are invited');

    // Something the new user must not read: a PRIVATE item of the administrator.
    const secret = await e2e.api.call<{ $id: string }>('create/Contact', { lastName: 'Secret', $access: 'PRIVATE' });

    // The new user sets a password from the link and is signed in.
    const nora = await (await newContext(e2e.browser, e2e.server.url)).newPage();
    await nora.goto(linkIn(mail, '/set-pass'));
    await nora.getByLabel('New password').fill('noras own password');
    await nora.getByLabel('Repeat the password').fill('noras own password');
    await nora.getByRole('button', { name: 'Save password' }).click();
    await nora.getByRole('heading', { name: 'Welcome, Nora Invited' }).waitFor();
    // No administrator's entries, no organisations of hers, and the private item refused.
    await nora.getByRole('button', { name: 'User menu' }).click();
    expect(await nora.getByRole('menuitem', { name: 'Masquerade' }).count()).toBe(0);
    await nora.keyboard.press('Escape');
    await nora.goto('/my-organizations');
    await nora.getByText('No organisations to show.').waitFor();
    expect(await nora.getByRole('button', { name: 'New organisation' }).count()).toBe(0);
    await nora.goto(`/i-${secret.$id}`);
    await nora.getByText('You may not do this.').waitFor();

    // Her own profile lists her session.
    const users = await e2e.api.call<{ ids: string[]; labels: Record<string, string> }>('search/ids', {
      must: { _: 'User' },
      labels: true,
    });
    const noraId = users.ids.find((id) => users.labels[id] === 'Nora Invited')!;
    await nora.goto(`/i-${noraId}`);
    await nora.getByText('This session').waitFor();

    // The administrator blocks her from her User item; her open page is signed out.
    await admin.goto(`/i-${noraId}`);
    await admin.getByRole('button', { name: 'Block', exact: true }).click();
    await admin.getByRole('dialog', { name: 'Block Nora Invited?' }).getByRole('button', { name: 'Block', exact: true }).click();
    await admin.getByText('This user is blocked.').waitFor();
    await expectNoAxeViolations(admin);
    // Signed out at once: no user, no token, and her open item (hers to read no more) sends her to sign in.
    await nora.getByRole('button', { name: 'User menu' }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await nora.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
    await nora.waitForURL('**/sign-in**');
    await nora.getByRole('button', { name: 'Sign in' }).waitFor();
    await nora.context().close();
    await admin.context().close();

    // The dark theme keeps its contrast on the module's screens.
    const dark = await adminPage('/my-contacts', 'dark');
    await dark
      .getByRole('list', { name: 'My contacts' })
      .getByRole('link', { name: /Nora Invited/ })
      .waitFor();
    await expectNoAxeViolations(dark);
    await dark.goto(`/i-${noraId}`);
    await dark.getByText('This user is blocked.').waitFor();
    await expectNoAxeViolations(dark);
    await dark.context().close();
  });
});
