/**
 * The spatial module in Chromium (issue 17), on a demo site, one server and one browser: a community
 * member holding Spatial opens the collections, opens a demo collection and sees its places on the
 * map and listed, opens one from the list, draws its area in place of its point and saves it, and
 * finds it on the map of all places (the archived demo place is not there). The administrator imports
 * a GIS file on an Import's screen: chooses "GIS file" and the collection it goes into, uploads the
 * zipped UTM shapefile, sees the dry run's places and the null shape reported as an entry, imports
 * it. Then a member's whole path: a zipped shapefile imported from the collection's screen, its places
 * clustered on the map of places, one opened from the tree and redrawn as an area, the overlap report
 * read (another community's places counted, not named), the collection exported as GeoJSON and the
 * downloaded file read. Axe clean; screenshots in light and dark, desktop and phone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { Item } from '../../src/shared/items/types';
import type { OverlapReport } from '../../src/modules/spatial/overlapReport';
import { ProtocolClient, signIn as apiSignIn } from '../support/protocolClient';
import { e2eSuite, expectNoAxeViolations, invite, screenshot, signedInPage } from './support/e2e';

jest.setTimeout(300_000);

const suite = e2eSuite({ SEED_DEMO: '1' });
let mia: { email: string; password: string };
/** The demo collection "Harvest sites" of Mia's community. */
let harvestId: string;

/**
 * The names of the places beside a map once it holds `n`: every group of the tree opened and every
 * page of it shown (a screenshot and what the map says, if it never holds them).
 */
async function placesListed(page: Page, n: number): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Places on the map' });
  const entries = nav.locator('li li button');
  try {
    await page.getByRole('img', { name: n === 1 ? 'Map of one place' : `Map of ${n} places` }).waitFor({ timeout: 30_000 });
    for (;;) {
      const closed = nav.locator('button[aria-expanded="false"]');
      const more = nav.getByRole('button', { name: /^Show \d+ more/ });
      if ((await closed.count()) > 0) await closed.first().click();
      else if ((await more.count()) > 0) await more.first().click();
      else break;
    }
    await page.waitForFunction(
      (count) => document.querySelectorAll('nav[aria-label="Places on the map"] li li button').length === count,
      n,
    );
  } catch (e) {
    await screenshot(page, 'spatial-failed', { fullPage: false });
    const said = await page.locator('[role="status"]').allInnerTexts();
    const listed = (await entries.allInnerTexts()).length;
    throw new Error(`${n} places never listed at ${page.url()} (${listed} listed; ${said.join(' | ')})`, { cause: e });
  }
  return entries.allInnerTexts();
}

beforeAll(async () => {
  const { ids } = await suite.api.call<{ ids: string[] }>('search/ids', {
    must: { _: 'SpatialCollection', 'fw-label': 'Harvest*' },
    max: 1,
  });
  const harvest = await suite.api.call<{ owner: { id: string } }>(`read/${ids[0]}`);
  const invited = await invite(suite, 'Mia', 'Lake');
  await suite.api.call('act/setMembership', {
    userId: invited.userId,
    orgId: harvest.owner.id,
    capabilities: { write: true, Spatial: true },
  });
  const page = await invited.join();
  await page.context().close();
  mia = invited;
  harvestId = ids[0]!;
});

describe('a community member with Spatial', () => {
  it('opens a demo collection, sees its places, draws a place’s area and finds it on the map of all places', async () => {
    const page = await signedInPage(suite.browser, suite.server.url, '/spatial.collections', { who: mia });
    // The collections: the core's results, pre-filtered to active ones.
    const harvest = page.getByRole('link', { name: 'Harvest sites' });
    await harvest.waitFor();
    for (const name of ['Cultural sites', 'Territory and waters', 'Trapline and cabins']) await page.getByRole('link', { name }).waitFor();
    await expectNoAxeViolations(page);
    await harvest.click();
    await page.waitForURL(/i-SpatialCollection-\d+/);
    // Its twelve places on the map and in the list beside it.
    const places = await placesListed(page, 12);
    expect(places).toContain('Blueberry flats');
    await page.getByRole('img', { name: 'Map of 12 places' }).locator('canvas').first().waitFor();
    await page.getByRole('img', { name: 'Map of 12 places' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'spatial-collection-light', { fullPage: false });
    await expectNoAxeViolations(page);

    // One opened from the list opens next to the collection (in place of it, in one column).
    const list = page.getByRole('navigation', { name: 'Places on the map' });
    await list.getByRole('button', { name: 'Blueberry flats' }).click();
    await page.waitForURL(/i-SpatialFeature-\d+/);
    const id = /i-(SpatialFeature-\d+)/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: 'Blueberry flats' }).first().waitFor();
    await screenshot(page, 'spatial-place-light', { fullPage: false });
    await page.getByRole('button', { name: 'Edit' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Map' });
    const summary = page.locator('p[aria-live="polite"]');
    await summary.filter({ hasText: /One shape\W+points/ }).waitFor();
    await toolbar.getByRole('button', { name: 'Clear' }).click();
    await toolbar.getByRole('button', { name: 'Area' }).click();
    const canvas = page.getByRole('application', { name: 'Map' });
    await canvas.locator('canvas').first().waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    for (const [x, y] of [
      [0.35, 0.35],
      [0.65, 0.35],
      [0.65, 0.65],
    ] as const) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
      await page.waitForTimeout(300);
    }
    await page.mouse.dblclick(box.x + box.width * 0.35, box.y + box.height * 0.65);
    await page.waitForTimeout(500);
    await summary.filter({ hasText: /One shape\W+areas/ }).waitFor();
    await screenshot(page, 'spatial-edit-light', { fullPage: false });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    type Saved = { geometry: { type: string }; _u: number };
    let saved = await suite.api.call<Saved>(`read/${id}`);
    for (let i = 0; i < 50 && saved.geometry.type !== 'Polygon'; i++) {
      await page.waitForTimeout(200);
      saved = await suite.api.call<Saved>(`read/${id}`);
    }
    expect(saved.geometry.type).toBe('Polygon');

    // The map of all places: the 29 active demo places (the archived landing is not among them).
    await page.goto('/spatial.map');
    const all = await placesListed(page, 29);
    expect(all).toContain('Blueberry flats');
    expect(all).not.toContain('Old mission landing');
    const shape = await suite.api.call<{ geometry: unknown }>(`read/${id}`);
    const streamed = await suite.api.call<{ rel: string; geometry: unknown }[]>('act/streamFeatures', { relatedIDs: [id] });
    expect(streamed[0]!.geometry).toEqual(shape.geometry);
    const onMap = page.getByRole('navigation', { name: 'Places on the map' });
    await onMap.getByRole('button', { name: 'Blueberry flats' }).click();
    await page.waitForURL(new RegExp(`i-${id}`));
    await page.getByRole('heading', { name: 'Blueberry flats' }).first().waitFor();
    // Back on the map, the place opened is the pink, current one.
    await page.goBack();
    await onMap.locator('button[aria-current="true"]', { hasText: 'Blueberry flats' }).waitFor();
    await screenshot(page, 'spatial-map-light', { fullPage: false });
    await expectNoAxeViolations(page);
    // The home screen's card names it first among the places changed lately.
    await page.goto('/');
    const recent = page.getByRole('region', { name: 'Recently changed places' });
    await recent.getByRole('link').first().filter({ hasText: 'Blueberry flats' }).waitFor();
    await page.context().close();
  });

  it('reads the same in the dark theme and on a phone', async () => {
    const dark = await signedInPage(suite.browser, suite.server.url, '/spatial.map', { colorScheme: 'dark', who: mia });
    await placesListed(dark, 29);
    await dark.getByRole('img', { name: 'Map of 29 places' }).locator('canvas').first().waitFor();
    await screenshot(dark, 'spatial-map-dark', { fullPage: false });
    await expectNoAxeViolations(dark);
    await dark.setViewportSize({ width: 390, height: 844 });
    await dark.waitForTimeout(400);
    await screenshot(dark, 'spatial-map-phone-dark');
    await dark.goto('/spatial.collections');
    await dark.getByRole('link', { name: 'Harvest sites' }).waitFor();
    await screenshot(dark, 'spatial-collections-phone-dark');
    await expectNoAxeViolations(dark);
    // A collection's screen on the phone: its places on the map, then listed.
    await dark.getByRole('link', { name: 'Trapline and cabins' }).click();
    await placesListed(dark, 6);
    await dark.getByRole('img', { name: 'Map of 6 places' }).locator('canvas').first().waitFor();
    await dark.getByRole('img', { name: 'Map of 6 places' }).scrollIntoViewIfNeeded();
    await screenshot(dark, 'spatial-collection-phone-dark');
    await expectNoAxeViolations(dark);
    await dark.context().close();
  });

  it('sees many places as points: a click on one opens it in the next column and draws it pink', async () => {
    // In the dark theme, whose teal and pink are its own (mapPalette.ts).
    const [TEAL, PINK] = ['#26A69A', '#F06292'];
    const page = await signedInPage(suite.browser, suite.server.url, '/spatial.collections', { who: mia, colorScheme: 'dark' });
    // More places than the map clusters draw as WebGL points: the 29 demo places, with the threshold set low.
    await page.addInitScript(() => Object.assign(window, { kkMapPointsAbove: 10 }));
    await page.goto('/spatial.map');
    const map = page.locator('[data-testid="spatial-map"][data-markers="points"][data-drawn="29"]');
    await map.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    const box = (await map.boundingBox())!;
    // The map as a person sees it: a teal point (a place's colour in the dark theme) is a dot with a white ring 3 to 5 px out.
    const pixels = async (): Promise<{ at: (x: number, y: number) => number[]; width: number; height: number }> => {
      const { data, info } = await sharp(await map.screenshot())
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number): number[] => {
        const i = (y * info.width + x) * info.channels;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
      return { at, width: info.width, height: info.height };
    };
    const near = (c: number[], hex: string): boolean =>
      c.every((v, i) => Math.abs(v - Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)) <= 8);
    // The points' white ring (the land beneath is darker than this).
    const white = (c: number[]): boolean => c.every((v) => v >= 225);
    const DIRECTIONS = [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ] as const;
    const pinkCount = (p: Awaited<ReturnType<typeof pixels>>): number => {
      let n = 0;
      for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) if (near(p.at(x, y), PINK)) n++;
      return n;
    };
    /** A teal point's centre, inside the map's margins (the legend and the zoom buttons sit in its corners). */
    const pointIn = (p: Awaited<ReturnType<typeof pixels>>): [number, number] | null => {
      for (let y = 60; y < p.height - 60; y++)
        for (let x = 120; x < p.width - 120; x++)
          if (
            [p.at(x, y), p.at(x - 1, y), p.at(x + 1, y), p.at(x, y - 1), p.at(x, y + 1)].every((c) => near(c, TEAL)) &&
            DIRECTIONS.every(([dx, dy]) => [3, 4, 5].some((d) => white(p.at(x + dx * d, y + dy * d))))
          )
            return [x, y];
      return null;
    };
    // The points' buffers are made off the page's thread: looked for until drawn.
    let before = await pixels();
    let point = pointIn(before);
    for (let i = 0; i < 40 && !point; i++) {
      await page.waitForTimeout(250);
      before = await pixels();
      point = pointIn(before);
    }
    if (!point) await map.screenshot({ path: join(__dirname, 'spatial-points-failed.png') });
    expect(point).not.toBeNull();
    expect(pinkCount(before)).toBe(0);
    await page.mouse.click(box.x + point![0], box.y + point![1]);
    // Its place opens in the next column (in place of the map, in one column); back on the map its point is pink.
    await page.waitForURL(/i-SpatialFeature-\d+/);
    const opened = /i-(SpatialFeature-\d+)/.exec(page.url())![1]!;
    const { label } = await suite.api.call<{ label: string }>(`read/${opened}`);
    await page.getByRole('heading', { name: label }).first().waitFor();
    await page.goBack();
    await map.waitFor({ timeout: 30_000 });
    let pink = 0;
    for (let i = 0; i < 40 && pink <= 20; i++) {
      await page.waitForTimeout(250);
      pink = pinkCount(await pixels());
    }
    expect(pink).toBeGreaterThan(20);
    // The place is the current one in the tree beside the map, its dot the same pink.
    const current = page.getByRole('navigation', { name: 'Places on the map' }).locator('button[aria-current="true"]', { hasText: label });
    await current.scrollIntoViewIfNeeded();
    expect(await current.locator('span[aria-hidden="true"]').evaluate((dot) => getComputedStyle(dot).backgroundColor)).toBe(
      'rgb(240, 98, 146)',
    );
    await screenshot(page, 'spatial-map-points-dark', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(400);
    await screenshot(page, 'spatial-map-points-phone-light');
    await page.context().close();
  });
});

describe('the administrator', () => {
  it('chooses the kind and the collection, uploads a shapefile, previews it and imports it', async () => {
    const org = await suite.api.call<Item>('create/Organization', { displayName: 'Lynx Lake Nation', type: 'COMMUNITY' });
    await suite.api.call<Item>('create/SpatialCollection', { label: 'Berry grounds', owner: { id: org.$id } });
    const collection = await suite.api.call<Item>('create/SpatialCollection', { label: 'Survey 2026', owner: { id: org.$id } });
    const imp = await suite.api.call<Item>('create/Import', { label: 'Survey shapefile' });
    const page = await signedInPage(suite.browser, suite.server.url, `/i-${imp.$id}`);
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
    await screenshot(page, 'gis-import-preview-light');

    await panel.getByRole('button', { name: 'Import', exact: true }).click();
    await outcome.filter({ hasText: 'Done:' }).waitFor({ timeout: 120_000 });
    expect(await outcome.innerText()).toBe('Done: 6 rows read; 5 created, 0 updated, 0 unchanged; 1 with problems.');
    const places = await suite.api.call<{ total: number }>('search/ids', {
      must: { _: 'SpatialFeature', 'ft-collection': [collection.$id] },
      max: 0,
    });
    expect(places.total).toBe(5);
    await expectNoAxeViolations(page);
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, 'gis-import-done-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByLabel('Into').scrollIntoViewIfNeeded();
    await screenshot(page, 'gis-import-done-phone');
    await page.context().close();

    const dark = await signedInPage(suite.browser, suite.server.url, `/i-${imp.$id}`, { colorScheme: 'dark' });
    await dark.getByRole('table', { name: 'One problem' }).waitFor();
    await expectNoAxeViolations(dark);
    await dark.getByRole('table', { name: 'One problem' }).scrollIntoViewIfNeeded();
    await screenshot(dark, 'gis-import-done-dark');
    await dark.setViewportSize({ width: 390, height: 844 });
    await dark.getByRole('table', { name: 'One problem' }).scrollIntoViewIfNeeded();
    await screenshot(dark, 'gis-import-done-dark-phone');
    await dark.context().close();
  });
});

describe('the whole spatial path of a community member', () => {
  it('imports a shapefile from the collection’s screen, finds and redraws a place, checks its area, exports the collection', async () => {
    const page = await signedInPage(suite.browser, suite.server.url, `/spatial.collections/i-${harvestId}`, { who: mia });
    // The collection's screen offers its export and the import into it.
    const files = page.getByRole('region', { name: 'Places as a file' });
    await files.getByRole('button', { name: 'Export' }).waitFor();
    await placesListed(page, 12);
    await files.scrollIntoViewIfNeeded();
    await screenshot(page, 'spatial-collection-actions-light');
    await expectNoAxeViolations(page);
    await files.getByRole('button', { name: 'Import into this collection' }).click();

    // The Import opens already a GIS file into this collection: the file is all it waits for.
    await page.waitForURL(/i-Import-\d+/);
    const panel = page.getByRole('region', { name: 'Import a file' });
    expect(await panel.getByLabel('What it imports').inputValue()).toBe('SPATIAL_FEATURES');
    await panel.getByLabel('Into').locator('option:checked', { hasText: 'Harvest sites' }).waitFor({ state: 'attached' });
    await page.waitForFunction(() => !(document.querySelector('input[type=file]') as HTMLInputElement | null)?.disabled);
    await panel.getByLabel('File', { exact: true }).setInputFiles({
      name: 'places-utm10n.zip',
      mimeType: 'application/zip',
      buffer: readFileSync(join(__dirname, '../fixtures/gis/places-utm10n.zip')),
    });
    await panel.getByRole('table', { name: 'First rows of the file' }).waitFor({ timeout: 120_000 });
    await panel.getByRole('button', { name: 'Import', exact: true }).click();
    const outcome = panel.getByTestId('import-outcome');
    await outcome.filter({ hasText: 'Done:' }).waitFor({ timeout: 120_000 });
    expect(await outcome.innerText()).toBe('Done: 6 rows read; 5 created, 0 updated, 0 unchanged; 1 with problems.');

    // On the map of all places, with the 29 of before; one opened from the tree of places.
    await page.goto('/spatial.map');
    const all = await placesListed(page, 34);
    expect(all).toEqual(expect.arrayContaining(['Tatlayoko cabin', 'Berry patch', 'Trapline trail', 'Blueberry flats']));
    await page.getByRole('img', { name: 'Map of 34 places' }).locator('canvas').first().waitFor();
    await screenshot(page, 'spatial-map-imported-light');
    await page.getByRole('navigation', { name: 'Places on the map' }).getByRole('button', { name: 'Tatlayoko cabin' }).click();
    await page.waitForURL(/i-SpatialFeature-\d+/);
    const cabinId = /i-(SpatialFeature-\d+)/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: 'Tatlayoko cabin' }).first().waitFor();

    // Its shape redrawn on the map as an area, and saved.
    await page.getByRole('button', { name: 'Edit' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Map' });
    const summary = page.locator('p[aria-live="polite"]');
    await summary.filter({ hasText: /One shape\W+points/ }).waitFor();
    await toolbar.getByRole('button', { name: 'Clear' }).click();
    await toolbar.getByRole('button', { name: 'Area' }).click();
    const canvas = page.getByRole('application', { name: 'Map' });
    await canvas.locator('canvas').first().waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const corners = [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.7, 0.7],
    ] as const;
    for (const [x, y] of corners) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await page.mouse.dblclick(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await summary.filter({ hasText: /One shape\W+areas/ }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved now').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();

    // The overlap report on the drawn area, within 50 km: the places Mia may read by name, the others
    // (the administrator's copy of the same file, another community's) only counted.
    const client = (
      await ProtocolClient.connect(
        `${suite.server.url.replace(/^http/, 'ws')}/ws`,
        await apiSignIn(suite.server.url, mia.email, mia.password),
      )
    ).client;
    const expected = await client.call<OverlapReport>('act/spatialOverlap', { itemId: cabinId, bufferM: 50_000 });
    client.close();
    expect(expected.hidden.count).toBeGreaterThan(0);
    const overlap = page.getByRole('region', { name: 'Protected places nearby' });
    await overlap.getByLabel('Also look within').selectOption({ label: '50 km' });
    await overlap.getByRole('button', { name: 'Check the area' }).click();
    const answer = overlap.getByRole('status').filter({ hasText: 'Checked' });
    await answer.waitFor();
    const meeting = expected.hits.filter((h) => h.relation === 'INTERSECTS').length;
    const text = await answer.innerText();
    expect(text).toContain(
      meeting === 0 ? 'No place meets the area' : meeting === 1 ? 'One place meets the area' : `${meeting} places meet the area`,
    );
    for (const hit of expected.hits) expect(text).toContain(hit.label);
    expect(text).toContain(expected.hidden.count === 1 ? 'One place you may not see' : `${expected.hidden.count} places you may not see`);
    await overlap.scrollIntoViewIfNeeded();
    await screenshot(page, 'spatial-overlap-light');

    // The collection exported as GeoJSON: the file downloaded holds its demo places and the imported ones.
    await page.goto(`/spatial.collections/i-${harvestId}`);
    await placesListed(page, 17);
    const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('Harvest sites.geojson');
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { features: { label: string }[] };
    const labels = exported.features.map((f) => f.label);
    expect(labels).toHaveLength(17);
    // The export is among the tasks of the help menu, as every task is.
    await page.getByRole('button', { name: /^Help/ }).click();
    await page.getByText(/^Export of places of \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}: done$/).waitFor();
    await page.keyboard.press('Escape');
    expect(labels).toEqual(
      expect.arrayContaining(['Tatlayoko cabin', 'Berry patch', 'Trapline trail', 'Sḵwx̱wú7mesh fish camp', 'Blueberry flats']),
    );

    // The collection's screen in the dark theme, and on a phone in both.
    await files.scrollIntoViewIfNeeded();
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'spatial-collection-actions-dark');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await files.scrollIntoViewIfNeeded();
    await screenshot(page, 'spatial-collection-actions-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshot(page, 'spatial-collection-actions-phone-light');
    await page.context().close();
  });
});
