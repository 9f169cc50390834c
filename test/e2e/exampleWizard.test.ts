/**
 * The example journal's entry wizard in Chromium (issue 13, "Step wizards"): an invalid step keeps
 * Next from passing with the field's message, Back keeps what was entered, a wizard left at step 2
 * resumes at step 2 after a reload with what was typed and not saved (the tab's session storage), Save
 * draft creates a real entry that opens again in its wizard at the same step, and Finish opens the
 * entry. axe clean in both themes; screenshots at desktop and phone width, light and dark.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, screenshot, signedInPage } from './support/e2e';

jest.setTimeout(240_000);

/** Where the screenshots go (looked at when the screen changes). */

const e2e = e2eSuite({}, { api: false, journal: true });
beforeAll(() => {});

const shot = (page: Page, name: string) => screenshot(page, name);
const param = (page: Page): string | null => new URL(page.url()).searchParams.get('c0');
const pathOf = (page: Page): string => new URL(page.url()).pathname;
const stepHeading = (page: Page, name: string) => page.locator('form').getByRole('heading', { level: 3, name });
const notesOf = (page: Page) => page.getByRole('textbox', { name: 'Notes' });

describe('the journal entry wizard', () => {
  let page: Page;
  afterAll(async () => page?.context().close());

  it('blocks Next on an invalid step with its message, and Back keeps what was entered', async () => {
    page = await signedInPage(e2e.browser, e2e.server.url, '/i-JournalEntry-0');
    await stepHeading(page, 'What and when').waitFor();
    await page.waitForURL((url) => url.searchParams.get('c0') === '1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('This is required.').first().waitFor();
    expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    expect(param(page)).toBe('1');
    await shot(page, 'wizard-step1-invalid-light');

    await page.getByLabel('Title').fill('Geese on the river');
    await page.getByLabel('Date').fill('2026-03-02');
    await page.getByRole('button', { name: 'Next' }).click();
    await stepHeading(page, 'Notes').waitFor();
    await page.waitForURL((url) => url.searchParams.get('c0') === '2');
    await notesOf(page).click();
    await page.keyboard.type('Forty geese, flying north');
    await page.getByRole('button', { name: 'Back' }).click();
    await stepHeading(page, 'What and when').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('Geese on the river');
    expect(param(page)).toBe('1-2');
    // A reached step is chosen in the header.
    await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: /Notes/ }).click();
    await stepHeading(page, 'Notes').waitFor();
    expect(await notesOf(page).textContent()).toBe('Forty geese, flying north');
  });

  it('resumes at step 2 after a reload, with what was entered and not saved', async () => {
    await page.waitForURL((url) => url.searchParams.get('c0') === '2');
    // The session storage is written as the draft changes; give the last keystroke's write a moment.
    await page.waitForFunction(() => Object.keys(sessionStorage).some((k) => k.startsWith('kk-wizard:')));
    await page.reload();
    await stepHeading(page, 'Notes').waitFor();
    expect(await notesOf(page).textContent()).toBe('Forty geese, flying north');
    expect(param(page)).toBe('2');
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('Geese on the river');
    await page.getByRole('button', { name: 'Next' }).click();
    await stepHeading(page, 'Notes').waitFor();
    await shot(page, 'wizard-step2-light');
    await expectNoAxeViolations(page);
  });

  it('saves a draft at step 2 as a real entry that opens again at step 2, also after a reload', async () => {
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL((url) => url.pathname === '/i-JournalEntry-1-edit');
    expect(param(page)).toBe('2');
    await stepHeading(page, 'Notes').waitFor();
    // The save is told as every change is (the created entry's wizard starts clean).
    await page.getByText('Applied').first().waitFor();
    await page.reload();
    await stepHeading(page, 'Notes').waitFor();
    expect(await notesOf(page).textContent()).toBe('Forty geese, flying north');
    // The draft is an entry like any other: its read screen shows it.
    const reader = await page.context().newPage();
    await reader.goto('/i-JournalEntry-1');
    await reader.getByRole('heading', { level: 2, name: 'Geese on the river' }).waitFor();
    await reader.close();
  });

  it('is axe clean in the dark theme, and fits a phone', async () => {
    const dark = await signedInPage(e2e.browser, e2e.server.url, '/i-JournalEntry-1-edit?c0=2-3', { colorScheme: 'dark' });
    await stepHeading(dark, 'Notes').waitFor();
    await shot(dark, 'wizard-step2-dark');
    await expectNoAxeViolations(dark);
    await dark.setViewportSize({ width: 390, height: 844 });
    await dark.getByText('Step 2 of 3').waitFor();
    await shot(dark, 'wizard-step2-phone-dark');
    await dark.context().close();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Step 2 of 3').waitFor();
    await shot(page, 'wizard-step2-phone-light');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('finishes: the last step saves and the entry opens on its read screen', async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await stepHeading(page, 'Privacy and review').waitFor();
    await page.getByRole('region', { name: 'Review what you entered' }).getByText('Forty geese, flying north').waitFor();
    await page.getByLabel('Only for me').check();
    await shot(page, 'wizard-step3-light');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.pathname === '/i-JournalEntry-1' && !url.searchParams.has('c0'));
    await page.getByRole('heading', { level: 2, name: 'Geese on the river' }).waitFor();
    expect(pathOf(page)).toBe('/i-JournalEntry-1');
  });
});
