/**
 * Columns and the generic item screens in headless Chromium against the real server: items side by
 * side, an edit with a validation error then a save, a change from a second browser arriving live,
 * a dirty column that refuses to close, an item opened by its URL while signed out, an item deleted
 * elsewhere; the same flow by keyboard only; and axe (WCAG 2.2 AA) on each screen.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, newContext, signedInPage, signIn } from './support/e2e';

jest.setTimeout(90_000);

const ids: string[] = [];

const e2e = e2eSuite();

beforeAll(async () => {
  for (const [firstName, lastName, email] of [
    ['Ann', 'Ahenakew', 'ann@example.org'],
    ['Ben', 'Bighetty', 'ben@example.org'],
    ['Cree', 'Cardinal', 'cree@example.org'],
  ] as const) {
    const item = await e2e.api.call<{ $id: string }>('create/Contact', { firstName, lastName, email });
    ids.push(item.$id);
  }
});

const titles = (page: Page): Promise<string[]> => page.locator('section[data-cell] h2').allTextContents();

/** A page signed in as the administrator at `path`. */
const adminPage = (path: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> =>
  signedInPage(e2e.browser, e2e.server.url, path, options);

describe('columns and items', () => {
  it('opens three items side by side, titled by their labels', async () => {
    const [a, b, c] = ids;
    const page = await adminPage(`/i-${a}/i-${b}/i-${c}`);
    await page.getByRole('heading', { name: 'Cree Cardinal', level: 2 }).waitFor();
    // One column at a time until the user turns multi-column mode on.
    expect(await page.locator('section[data-cell]:visible').count()).toBe(1);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Multiple columns' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Ann Ahenakew', level: 2 }).waitFor();
    expect(await page.locator('section[data-cell]:visible').count()).toBe(3);
    expect(await titles(page)).toEqual(['Ann Ahenakew', 'Ben Bighetty', 'Cree Cardinal']);
    expect(await page.title()).toMatch(/^Cree Cardinal · /);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('refuses a save with a validation error, then saves the fixed value and another browser sees it', async () => {
    const [a] = ids;
    const page = await adminPage(`/i-${a}`);
    const other = await adminPage(`/i-${a}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(`**/i-${a}-edit`);
    const lastName = page.getByLabel('Last name');
    await lastName.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This is required.').waitFor();
    expect(await lastName.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    // A dirty column refuses to close.
    await page.getByRole('button', { name: /^Close/ }).click();
    await page.getByText('This column has unsaved changes: save or discard them first.').waitFor();
    expect(page.url()).toContain(`/i-${a}-edit`);
    await lastName.fill('Ahenakew-Ross');
    // The other browser shows the change with the serverUpdated alert as it arrives.
    const announced = other.getByText('This item was changed on the server.').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Applied').first().waitFor();
    await announced;
    await other.getByRole('heading', { name: 'Ann Ahenakew-Ross', level: 2 }).waitFor();
    await page.context().close();
    await other.context().close();
  });

  it('sends a visitor who opens an item by its URL to sign in and back', async () => {
    const [, b] = ids;
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    await page.goto(`/i-${b}`);
    await page.waitForURL('**/sign-in?next=*');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/i-${b}`);
    await signIn(page);
    await page.waitForURL(`**/i-${b}`);
    await page.getByRole('heading', { name: 'Ben Bighetty', level: 2 }).waitFor();
    await context.close();
  });

  it('marks an item deleted elsewhere', async () => {
    const doomed = await e2e.api.call<{ $id: string }>('create/Contact', { firstName: 'Dee', lastName: 'Deleted' });
    const page = await adminPage(`/i-${doomed.$id}`, { colorScheme: 'dark' });
    await page.getByRole('heading', { name: 'Dee Deleted', level: 2 }).waitFor();
    await e2e.api.call(`delete/${doomed.$id}`);
    await page.getByText('This item was deleted.').waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('creates an item, shows its timeline and its info, each screen without axe violations', async () => {
    const page = await adminPage('/i-Organization-0');
    await page.getByRole('heading', { name: 'New organisation', level: 2 }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Display name').fill('Cedar River Nation');
    await page.getByLabel('Type').selectOption('COMMUNITY');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Cedar River Nation', level: 2 }).waitFor();
    expect(page.url()).toMatch(/\/i-Organization-[1-9][0-9]*$/);
    await page.getByRole('button', { name: 'Item menu' }).click();
    await page.getByRole('menuitem', { name: 'Timeline' }).click();
    await page.getByRole('heading', { name: 'Timeline', level: 2 }).waitFor();
    await page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first().waitFor();
    await expectNoAxeViolations(page);
    // The browser's Back closes the timeline column again.
    await page.goBack();
    await page.getByRole('heading', { name: 'Timeline', level: 2 }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Item menu' }).click();
    await page.getByRole('menuitem', { name: 'Info' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it('edits and saves by keyboard only', async () => {
    const [, , c] = ids;
    const page = await adminPage(`/i-${c}`);
    await page.getByRole('heading', { name: 'Cree Cardinal', level: 2 }).waitFor();
    const edit = page.getByRole('button', { name: 'Edit' });
    for (let presses = 0; presses < 40 && !(await edit.evaluate((el) => el === document.activeElement)); presses += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/i-${c}-edit`);
    const firstName = page.getByLabel('First name');
    for (let presses = 0; presses < 40 && !(await firstName.evaluate((el) => el === document.activeElement)); presses += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Crystal');
    const save = page.getByRole('button', { name: 'Save' });
    for (let presses = 0; presses < 40 && !(await save.evaluate((el) => el === document.activeElement)); presses += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Crystal Cardinal', level: 2 }).waitFor();
    await page.context().close();
  });
});
