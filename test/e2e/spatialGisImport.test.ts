/**
 * The GIS import on an Import's screen (issue 17): the administrator chooses "GIS file", then the
 * collection it goes into (the collections offered by label), uploads the zipped UTM shapefile, sees
 * the dry run's places and the null shape reported as an entry, imports it, and the places exist in
 * the collection. Axe clean in both themes; screenshots on a desktop and at phone width.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Item } from '../../src/shared/items/types';
import { e2eSuite, expectNoAxeViolations, signedInPage } from './support/e2e';

jest.setTimeout(300_000);

/** Where the screenshots go (looked at when the screen changes). */
const SHOTS = process.env.KK_SCREENSHOTS ?? join(tmpdir(), 'kk-gis-import-shots');

const e2e = e2eSuite();
beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

test('choose the kind and the collection, upload a shapefile, preview, import', async () => {
  const org = await e2e.api.call<Item>('create/Organization', { displayName: 'Lynx Lake Nation', type: 'COMMUNITY' });
  await e2e.api.call<Item>('create/SpatialCollection', { label: 'Berry grounds', owner: { id: org.$id } });
  const collection = await e2e.api.call<Item>('create/SpatialCollection', { label: 'Survey 2026', owner: { id: org.$id } });
  const imp = await e2e.api.call<Item>('create/Import', { label: 'Survey shapefile' });
  const page = await signedInPage(e2e.browser, e2e.server.url, `/i-${imp.$id}`);
  const panel = page.getByRole('region', { name: 'Import a file' });
  await panel.getByLabel('What it imports').selectOption({ label: 'GIS file (GeoJSON, shapefile, KML, GPX, CSV)' });
  await panel.getByText('A shapefile comes zipped with its .prj', { exact: false }).waitFor();
  // The file waits for a collection.
  expect(await panel.getByLabel('File', { exact: true }).isDisabled()).toBe(true);
  const into = panel.getByLabel('Into');
  await into.locator('option', { hasText: 'Survey 2026' }).waitFor({ state: 'attached' });
  await into.selectOption({ label: 'Survey 2026' });
  const file = panel.getByLabel('File', { exact: true });
  await page.waitForFunction(() => !(document.querySelector('input[type=file]') as HTMLInputElement | null)?.disabled);
  await file.setInputFiles({
    name: 'places-utm10n.zip',
    mimeType: 'application/zip',
    buffer: readFileSync(join(__dirname, '../fixtures/gis/places-utm10n.zip')),
  });

  const preview = panel.getByRole('table', { name: 'First rows of the file' });
  await preview.waitFor({ timeout: 120_000 });
  await preview.getByRole('cell', { name: 'Tatlayoko cabin' }).first().waitFor();
  const report = panel.getByRole('table', { name: 'One problem' });
  await report.getByRole('columnheader', { name: 'Entry' }).waitFor();
  await report.getByRole('row', { name: /The whole entry This place has no shape the map can draw\./ }).waitFor();
  const outcome = panel.getByTestId('import-outcome');
  expect(await outcome.filter({ hasText: 'Preview:' }).innerText()).toBe(
    'Preview: 6 rows read; would create 5, update 0, leave 0 as they are; 1 with problems.',
  );
  await expectNoAxeViolations(page);
  await preview.scrollIntoViewIfNeeded();
  await shot(page, 'gis-import-preview-light');

  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await outcome.filter({ hasText: 'Done:' }).waitFor({ timeout: 120_000 });
  expect(await outcome.innerText()).toBe('Done: 6 rows read; 5 created, 0 updated, 0 unchanged; 1 with problems.');
  const places = await e2e.api.call<{ total: number }>('search/ids', {
    must: { _: 'SpatialFeature', 'ft-collection': [collection.$id] },
    max: 0,
  });
  expect(places.total).toBe(5);
  await expectNoAxeViolations(page);
  await report.scrollIntoViewIfNeeded();
  await shot(page, 'gis-import-done-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByLabel('Into').scrollIntoViewIfNeeded();
  await shot(page, 'gis-import-done-phone');
  await page.context().close();

  const dark = await signedInPage(e2e.browser, e2e.server.url, `/i-${imp.$id}`, { colorScheme: 'dark' });
  await dark.getByRole('table', { name: 'One problem' }).waitFor();
  await expectNoAxeViolations(dark);
  await dark.getByRole('table', { name: 'One problem' }).scrollIntoViewIfNeeded();
  await shot(dark, 'gis-import-done-dark');
  await dark.setViewportSize({ width: 390, height: 844 });
  await dark.getByRole('table', { name: 'One problem' }).scrollIntoViewIfNeeded();
  await shot(dark, 'gis-import-done-dark-phone');
  await dark.context().close();
});
