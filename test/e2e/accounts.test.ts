/** Registration, e-mail confirmation and a forgotten password against the real server and its mail outbox. */
import { e2eSuite, linkIn, newContext, readMail, signIn } from './support/e2e';

jest.setTimeout(60_000);

const e2e = e2eSuite({ ALLOW_REGISTRATION: '1' }, { api: false });

describe('accounts', () => {
  it('registers, confirms the address from the mail, signs in, and sets a new password after forgetting it', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('Your name').fill('Mary Two Rivers');
    await page.getByLabel('E-mail').fill('mary@example.org');
    await page.getByLabel('Password').fill('river stones 2026');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your e-mail' }).waitFor();

    await page.goto(linkIn(readMail(e2e.server.dataDir, '/confirm-email'), '/confirm-email'));
    await page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await signIn(page, 'mary@example.org', 'river stones 2026');
    await page.getByRole('heading', { name: 'Welcome, Mary Two Rivers' }).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.getByLabel('E-mail').fill('mary@example.org');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('status').filter({ hasText: 'a link is on its way' }).waitFor();

    await page.goto(linkIn(readMail(e2e.server.dataDir, '/set-pass'), '/set-pass'));
    await page.getByLabel('New password').fill('a new river stone');
    await page.getByLabel('Repeat the password').fill('a new river stone');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Welcome, Mary Two Rivers' }).waitFor();
    await context.close();
  });

  it('refuses an address that is already registered', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByLabel('Your name').fill('Someone Else');
    await page.getByLabel('E-mail').fill('admin@test.example');
    await page.getByLabel('Password').fill('long enough password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('An account already uses this e-mail address.').waitFor();
    await context.close();
  });
});
