/** Token warning and expiry against a server whose tokens live 8 s and warn 5 s before the end. */
import { e2eSuite, newContext, signIn } from './support/e2e';

jest.setTimeout(60_000);

const e2e = e2eSuite({ TOKEN_TTL_SECONDS: '8', TOKEN_WARNING_SECONDS: '5' }, { api: false });

describe('an expiring token', () => {
  it('warns before the end and refreshes the token on request', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    const first = await page.evaluate(() => window.localStorage.getItem('Access-Token'));

    const dialog = page.getByRole('dialog', { name: 'Your session is about to end' });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'detached' });
    const second = await page.evaluate(() => window.localStorage.getItem('Access-Token'));
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await page.getByRole('heading', { name: 'Welcome, Administrator' }).isVisible()).toBe(true);
    await context.close();
  });

  it('ends the session when the warning is ignored', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/notifications');
    await signIn(page);
    await page.waitForURL('**/notifications');
    const ended = page.getByRole('dialog', { name: 'Your session has ended' });
    await ended.waitFor({ timeout: 15_000 });
    await ended.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/notifications');
    await context.close();
  });
});
