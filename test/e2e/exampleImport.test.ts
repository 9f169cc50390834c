/**
 * Imports with the example journal registered (issue 13, "Imports and exports"): on an Import's
 * screen the administrator chooses "Journal entries", uploads a CSV file with good and bad rows, sees
 * the dry run's first rows and every problem, imports it with a progress bar, and reads the report of
 * the bad rows (line, column and problem as labels) while the good ones exist. Axe clean in both
 * themes; screenshots on a desktop and at phone width.
 */
import type { Page } from 'playwright-core';
import type { Item } from '../../src/shared/items/types';
import { e2eSuite, expectNoAxeViolations, screenshot, signedInPage } from './support/e2e';

jest.setTimeout(300_000);

/** Where the screenshots go (looked at when the screen changes). */
/** Enough good rows for the run to show its progress for a while. */
const GOOD = 1200;

const e2e = e2eSuite({}, { journal: true });
beforeAll(() => {});

const shot = (page: Page, name: string) => screenshot(page, name);

const file = [
  'title,date,private',
  'Heron at the weir,2026-03-01,no',
  'Otters on the ice,someday,',
  ',2026-03-02,',
  'Cranes over the marsh,2026-03-03,maybe',
  ...Array.from({ length: GOOD - 1 }, (_, i) => `Survey point ${i + 1},2026-02-01,`),
].join('\n');

test('upload, preview with problems, import with progress, report of the bad rows', async () => {
  const imp = await e2e.api.call<Item>('create/Import', { label: 'Spring survey' });
  const page = await signedInPage(e2e.browser, e2e.server.url, `/i-${imp.$id}`);
  const panel = page.getByRole('region', { name: 'Import a file' });
  await panel.getByLabel('What it imports').selectOption({ label: 'Journal entries' });
  await panel.getByText('The first row names the columns: title, date, notes, private.').waitFor();
  await panel.getByLabel('CSV or XLSX file').setInputFiles({ name: 'entries.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });

  // The dry run: the first rows as the file says them, and every problem, nothing written yet.
  const preview = panel.getByRole('table', { name: 'First rows of the file' });
  await preview.waitFor({ timeout: 120_000 });
  expect(await preview.getByRole('row').count()).toBe(11);
  await preview.getByRole('cell', { name: 'Otters on the ice' }).waitFor();
  const report = panel.getByRole('table', { name: '3 problems' });
  await report.waitFor();
  await report.getByRole('row', { name: /^3 Date Enter a/ }).waitFor();
  await report.getByRole('row', { name: '4 Title This is required.' }).waitFor();
  await report.getByRole('row', { name: '5 Only for me This value is not allowed.' }).waitFor();
  const outcome = panel.getByTestId('import-outcome');
  await outcome.filter({ hasText: 'Preview:' }).waitFor();
  expect(await outcome.innerText()).toBe(
    `Preview: ${(GOOD + 3).toLocaleString('en')} rows read; would create ${GOOD.toLocaleString('en')}, update 0, leave 0 as they are; 3 with problems.`,
  );
  expect((await e2e.api.call<{ total: number }>('search/ids', { must: { _: 'JournalEntry' }, max: 0 })).total).toBe(0);
  await expectNoAxeViolations(page);
  await preview.scrollIntoViewIfNeeded();
  await shot(page, 'import-preview-light');

  // The real run: a progress bar while it runs, then the outcome and the same report.
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await panel.getByRole('progressbar', { name: 'Progress' }).waitFor();
  await shot(page, 'import-running-light');
  await outcome.filter({ hasText: 'Done:' }).waitFor({ timeout: 180_000 });
  expect(await outcome.innerText()).toBe(
    `Done: ${(GOOD + 3).toLocaleString('en')} rows read; ${GOOD.toLocaleString('en')} created, 0 updated, 0 unchanged; 3 with problems.`,
  );
  await panel.getByRole('progressbar', { name: 'Progress' }).waitFor({ state: 'detached' });
  expect(await panel.getByRole('table', { name: '3 problems' }).getByRole('row').count()).toBe(4);
  expect((await e2e.api.call<{ total: number }>('search/ids', { must: { _: 'JournalEntry' }, max: 0 })).total).toBe(GOOD);
  const { ids } = await e2e.api.call<{ ids: string[] }>('search/ids', {
    must: [
      { prop: '', kind: '_', value: 'JournalEntry' },
      { prop: '', kind: 'q', value: 'Heron weir' },
    ],
  });
  expect(ids).toHaveLength(1);
  await expectNoAxeViolations(page);
  const problems = panel.getByRole('table', { name: '3 problems' });
  await problems.scrollIntoViewIfNeeded();
  await shot(page, 'import-done-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await problems.scrollIntoViewIfNeeded();
  await shot(page, 'import-done-phone');
  await page.context().close();

  const dark = await signedInPage(e2e.browser, e2e.server.url, `/i-${imp.$id}`, { colorScheme: 'dark' });
  await dark.getByRole('table', { name: '3 problems' }).waitFor();
  await expectNoAxeViolations(dark);
  await dark.getByRole('table', { name: '3 problems' }).scrollIntoViewIfNeeded();
  await shot(dark, 'import-done-dark');
  await dark.setViewportSize({ width: 390, height: 844 });
  await dark
    .getByRole('table', { name: 'First rows of the file' })
    .or(dark.getByRole('table', { name: '3 problems' }))
    .first()
    .scrollIntoViewIfNeeded();
  await shot(dark, 'import-done-dark-phone');
  await dark.context().close();
});
