/**
 * A proponent's consultation in Chromium (issue 14): drafted in the step wizard, each step noting what
 * a submission still needs; saved and left, resumed at the step left (after going elsewhere and after a
 * reload); an end before the start refused on its step; a real file added through the picker; submitted
 * lacking parts, it lands INCOMPLETE with the reasons listed; completed and submitted again, it shows
 * SUBMITTED with its time. axe clean light and dark; screenshots at desktop and phone width.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, screenshot, invite, signedInPage } from './support/e2e';

jest.setTimeout(300_000);

/** Where the screenshots go (looked at when the screen changes). */
const SHOTS = process.env.KK_SCREENSHOTS ?? join(tmpdir(), 'kk-consult-shots');

const e2e = e2eSuite();
let proponent: { email: string; password: string };
let page: Page;
let consultationPath = '';

const shot = (p: Page, name: string) => screenshot(p, name);
/** The whole read screen (its column scrolls on its own): a tall window for the picture. */
async function tallShot(p: Page, name: string): Promise<void> {
  const size = p.viewportSize()!;
  await p.setViewportSize({ width: size.width, height: 2000 });
  await shot(p, name);
  await p.setViewportSize(size);
}
const param = (p: Page): string | null => new URL(p.url()).searchParams.get('c0');
const stepHeading = (p: Page, name: string) => p.locator('form').getByRole('heading', { level: 3, name });
const notes = (p: Page) => p.getByRole('region', { name: 'Before it can be submitted, it still needs' });
const next = async (p: Page, name: string) => {
  await p.getByRole('button', { name: 'Next' }).click();
  await stepHeading(p, name).waitFor();
};
const choose = async (p: Page, field: string, typed: string, option: string) => {
  await p.getByRole('combobox', { name: field }).fill(typed);
  await p.getByRole('option', { name: option }).click();
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const { api } = e2e;
  const org = await api.call<{ $id: string }>('create/Organization', { displayName: 'Northern Gravel Ltd', type: 'INDUSTRY' });
  await api.call('create/Contact', { firstName: 'Pat', lastName: 'Gravel', _related: [{ id: org.$id }] });
  const invited = await invite(e2e, 'Robin', 'Proponent');
  await api.call('act/setMembership', { userId: invited.userId, orgId: org.$id, capabilities: { write: true, ConsultSubmit: true } });
  await (await invited.join()).context().close();
  proponent = { email: invited.email, password: invited.password };
  page = await signedInPage(e2e.browser, e2e.server.url, '/i-Consultation-0', { who: proponent });
});
afterAll(async () => page?.context().close());

describe("a proponent's consultation", () => {
  it('is drafted with its name and organisation, each step noting what a submission will still need', async () => {
    await stepHeading(page, 'Project').waitFor();
    await page.getByLabel('Project name').fill('North block gravel pit');
    await page.getByLabel('Project identifiers').fill('Permit 4411-A');
    await choose(page, 'Submitted by', 'Northern', 'Northern Gravel Ltd');
    await next(page, 'Region and kind');
    await notes(page).getByText('The project type').waitFor();
    expect(await notes(page).getByRole('listitem').allTextContents()).toEqual(['The region', 'The stream', 'The project type']);
    await shot(page, 'consult-wizard-kind-light');
    await expectNoAxeViolations(page);
    // Missing parts never stop a step, nor a draft.
    await next(page, 'Primary organisation');
    await choose(page, 'Primary organisation', 'Northern', 'Northern Gravel Ltd');
    await choose(page, 'Primary contacts', 'Pat', 'Pat Gravel');
    await next(page, 'Supporting organisations');
    await next(page, 'Dates');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL((url) => /^\/i-Consultation-\d+-edit$/.test(url.pathname) && url.searchParams.get('c0') === '5');
    consultationPath = new URL(page.url()).pathname.replace(/-edit$/, '');
    await page.getByText('Applied').first().waitFor();
  });

  it('resumes at the step left, after going elsewhere and after a reload, and refuses an end before the start', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.goBack();
    await stepHeading(page, 'Dates').waitFor();
    await page.getByLabel('Response requested by').fill('2027-03-01');
    await page.getByLabel('Project start').fill('2027-05-01');
    await page.getByLabel('Project end').fill('2027-04-01');
    // What is typed and not saved comes back after a reload.
    await page.waitForFunction(() => Object.values(sessionStorage).some((v) => v.includes('2027-04-01')));
    await page.reload();
    await stepHeading(page, 'Dates').waitFor();
    expect(await page.getByLabel('Project end').inputValue()).toBe('01-Apr-2027');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('The end cannot come before the start.').waitFor();
    expect(param(page)).toBe('5');
    await page.getByLabel('Project end').fill('2027-10-31');
    await next(page, 'Description and location');
    await page.getByRole('textbox', { name: 'Project description' }).click();
    await page.keyboard.type('A gravel pit of four hectares to surface the north block road.');
    await page.getByRole('textbox', { name: 'Location', exact: true }).click();
    await page.keyboard.type('North of Long Lake, beside the winter road.');
  });

  it('adds a file through the picker and reviews what a submission still needs', async () => {
    await next(page, 'Files');
    const file = join(SHOTS, 'site plan.pdf');
    writeFileSync(file, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('label', { hasText: 'Add a file' }).click()]);
    await chooser.setFiles(file);
    await page.locator('[data-attachment]').filter({ hasText: 'site plan.pdf' }).waitFor();
    await next(page, 'Review');
    expect(await notes(page).getByRole('listitem').allTextContents()).toEqual(['The region', 'The stream', 'The project type']);
    await page.getByRole('region', { name: 'Review what you entered' }).getByText('Permit 4411-A').waitFor();
    await shot(page, 'consult-wizard-review-light');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.pathname === consultationPath);
  });

  it('submitted lacking parts, lands INCOMPLETE with the reasons listed', async () => {
    await page.getByRole('heading', { level: 2, name: 'North block gravel pit' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('item-state').getByText('Incomplete').waitFor();
    await tallShot(page, 'consult-read-incomplete-light');
    // Its reasons, by their labels, under "Still missing".
    await page.getByText('The region, The stream, The project type', { exact: true }).waitFor();
    await page.getByText('site plan.pdf').first().waitFor();
    await expectNoAxeViolations(page);
  });

  it('completed and submitted again from the wizard, shows SUBMITTED with the time it was submitted', async () => {
    await page.goto(`${consultationPath}-edit?c0=2`);
    await stepHeading(page, 'Region and kind').waitFor();
    await page.getByLabel('Region').selectOption({ label: 'North' });
    await page.getByLabel('Stream').selectOption({ label: 'Normal' });
    await page.getByLabel('Project type').selectOption({ label: 'Roads and transport' });
    await notes(page).waitFor({ state: 'detached' });
    for (const name of ['Primary organisation', 'Supporting organisations', 'Dates', 'Description and location', 'Files', 'Review'])
      await next(page, name);
    expect(await notes(page).count()).toBe(0);
    await page.getByText('It holds everything a submission needs: save it, then Submit.').waitFor();
    // Saved, it is submitted at the wizard's end, with the read screen's own button.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('item-state').getByText('Submitted').waitFor();
    await shot(page, 'consult-wizard-submitted-light');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.pathname === consultationPath);
    await page.getByTestId('item-state').getByText('Submitted').waitFor();
    await page
      .getByText(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/)
      .first()
      .waitFor();
    await tallShot(page, 'consult-read-submitted-light');
    await expectNoAxeViolations(page);
  });

  it('is axe clean in the dark theme, and fits a phone', async () => {
    const dark = await signedInPage(e2e.browser, e2e.server.url, `${consultationPath}-edit?c0=8`, { colorScheme: 'dark', who: proponent });
    await stepHeading(dark, 'Review').waitFor();
    await shot(dark, 'consult-wizard-review-dark');
    await expectNoAxeViolations(dark);
    await dark.setViewportSize({ width: 390, height: 844 });
    await dark.getByText('Step 8 of 8').waitFor();
    await shot(dark, 'consult-wizard-review-phone-dark');
    await dark.goto(consultationPath);
    await dark.getByTestId('item-state').getByText('Submitted').waitFor();
    await shot(dark, 'consult-read-submitted-phone-dark');
    await dark.setViewportSize({ width: 1280, height: 800 });
    await tallShot(dark, 'consult-read-submitted-dark');
    await expectNoAxeViolations(dark);
    await dark.context().close();
  });
});
