/**
 * The browser session against the real server in headless Chromium: sign-in and `next`, a wrong
 * password, sign-out, the server restarting under an open page, and sign-out in a second tab.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, newContext, signIn } from './support/e2e';

jest.setTimeout(60_000);

const e2e = e2eSuite({}, { api: false });

const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('signing in and out', () => {
  it('sends a visitor to sign in and then to the page they asked for', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/notifications?c0=open');
    await page.waitForURL('**/sign-in?next=*');
    expect(pathOf(page)).toBe(`/sign-in?next=${encodeURIComponent('/notifications?c0=open')}`);
    await signIn(page);
    await page.waitForURL('**/notifications?c0=open');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await context.close();
  });

  it('says so when the password is wrong', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/sign-in');
    await signIn(page, 'admin@test.example', 'not the password at all');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('The e-mail or the password is wrong.');
    expect(pathOf(page)).toBe('/sign-in');
    await context.close();
  });

  it('signs out from the user menu', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.search === '');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    // The stored token goes with the server's answer to the sign-out, which may come after the page changed.
    await page.waitForFunction(() => window.localStorage.getItem('Access-Token') === null);
    // The token is gone on the server too: a reload stays signed out.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('follows a sign-out in a second tab', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const first = await context.newPage();
    await first.goto('/');
    await signIn(first);
    await first.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    const second = await context.newPage();
    await second.goto('/');
    await second.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    await second.getByRole('button', { name: 'User menu' }).click();
    await second.getByRole('menuitem', { name: 'Sign out' }).click();
    await second.waitForURL('**/sign-in');

    const dialog = first.getByRole('dialog', { name: 'Signed out' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await first.waitForURL('**/sign-in');
    await first.getByRole('button', { name: 'Account' }).waitFor();
    await context.close();
  });
});

describe('the live connection', () => {
  it("authenticates a returning user's one socket while the app still loads, and a revoked token's sends them to sign in", async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    // Every socket the page opens, and whether the page's early script (not the app's bundle) opened it.
    await context.addInitScript(() => {
      const opened: boolean[] = [];
      (window as unknown as { __kkSockets: boolean[] }).__kkSockets = opened;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          opened.push(/\/assets\/early-/.test(new Error().stack ?? ''));
        }
      };
    });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    // One socket, opened by the early script and taken over by the app.
    expect(await page.evaluate(() => (window as unknown as { __kkSockets: boolean[] }).__kkSockets)).toEqual([true]);

    // A token the server no longer knows (signed out, then put back as a stale tab would hold it): the early
    // socket is refused, and the app says so and asks for a sign-in.
    const token = await page.evaluate(() => window.localStorage.getItem('Access-Token'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.evaluate((old) => window.localStorage.setItem('Access-Token', old ?? ''), token);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('shows the lost connection, counts down, and reconnects when the server is back', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();

    await e2e.server.stopProcess();
    await page.getByRole('status').filter({ hasText: 'Connection lost' }).waitFor();
    await page.getByRole('button', { name: 'Help' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(/Reconnecting in \d+ seconds?/).waitFor();
    await menu.getByRole('menuitem', { name: 'Bad connection' }).waitFor();
    await page.keyboard.press('Escape');

    await e2e.server.restart();
    // Reconnects by itself when the countdown ends (3 + 2^n + up to 10 s after the last failed try). On a
    // loaded machine the restarted server may take a while to open its embedded database, and a socket
    // that opens slower than WS_OPEN_TIMEOUT_MS counts as a failed try: four failed tries wait up to 82 s.
    await page.getByText('Connected', { exact: true }).waitFor({ timeout: 150_000 });
    await page.getByRole('status').filter({ hasText: 'Connection lost' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: 'Welcome, Administrator' }).isVisible()).toBe(true);
    await context.close();
  }, 240_000);
});
