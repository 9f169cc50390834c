/**
 * The menu items screen in headless Chromium against the real dedicated server: the administrator
 * hides an entry and moves another, and a community user's open browser's navigation drawer changes
 * at once, without a reload; the page loaded afterwards carries the setting. axe (WCAG 2.2 AA) runs
 * on the screen in light and dark.
 */
import type { Locator, Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, invite, signedInPage } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite({ DEDICATED: '1' });

/** A page signed in as the administrator at `path`. */
const adminPage = (path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> =>
  signedInPage(e2e.browser, e2e.server.url, path, { colorScheme });

/** A community user, invited by the administrator, who has set their password in a browser of their own. */
const userPage = async (): Promise<Page> => (await invite(e2e, 'Ada', 'Member')).join();

/** The link names of the drawer's Navigation section (the drawer must be open). */
async function navLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('dialog', { name: 'Menu', exact: true }).getByRole('region', { name: 'Navigation' });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((s) => s.trim());
}

/** A row of the screen's list, found by its entry's title. */
const rowOf = (section: Locator, title: string): Locator =>
  section
    .getByRole('listitem')
    .filter({ has: section.page().getByText(title, { exact: true }) })
    .last();

describe('menu items', () => {
  it("the administrator hides an entry and moves another; a user's open drawer changes at once", async () => {
    const ada = await userPage();
    await ada.getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await navLinks(ada)).toEqual(['Home', 'Search', 'Notifications', 'My organisations', 'My contacts', 'Conversations']);

    const admin = await adminPage('/admin.menu-items');
    const main = admin.getByRole('region', { name: 'Main menu' });
    await main.waitFor();
    await expectNoAxeViolations(admin);
    const adminMenu = admin.getByRole('region', { name: 'Administration menu' });
    expect(await adminMenu.getByRole('switch').count()).toBe(0);

    await rowOf(main, 'Search').getByRole('switch').click();
    await rowOf(main, 'My contacts').getByRole('button', { name: 'Move My contacts up' }).click();
    await admin.getByText('You have changes that are not saved yet.').waitFor();
    await expectNoAxeViolations(admin, rowOf(main, 'Home').getByRole('button', { name: 'Move Home down' }));
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Applied').first().waitFor();

    // Ada's drawer, still open, follows without a reload.
    await ada.waitForFunction(
      () => {
        const nav = document.querySelector('[role="dialog"] section[aria-labelledby="nav-main"]');
        return (
          [...(nav?.querySelectorAll('a') ?? [])].map((a) => a.textContent).join('|') ===
          'Home|Notifications|My contacts|My organisations|Conversations'
        );
      },
      undefined,
      { timeout: 10_000 },
    );
    expect(await navLinks(ada)).toEqual(['Home', 'Notifications', 'My contacts', 'My organisations', 'Conversations']);
    // The hidden view still opens for those allowed.
    await ada.keyboard.press('Escape');
    await ada.goto('/search');
    await ada.getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await navLinks(ada)).toEqual(['Home', 'Notifications', 'My contacts', 'My organisations', 'Conversations']);

    // A fresh page carries the setting, and the screen shows it saved; dark theme passes axe too.
    const dark = await adminPage('/admin.menu-items', 'dark');
    const darkMain = dark.getByRole('region', { name: 'Main menu' });
    await darkMain.waitFor();
    expect(await rowOf(darkMain, 'Search').getByRole('switch').getAttribute('aria-checked')).toBe('false');
    expect(await dark.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(dark);
    await expectNoAxeViolations(dark, rowOf(darkMain, 'Home').getByRole('switch'));
  });
});
