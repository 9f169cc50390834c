/**
 * Maps in Chromium (issue 17): a search for community territories shown as a MAP, its places drawn
 * as markers and listed beside the map; a click on one opens the item in the next column, where its
 * shape shows on a small map, and its entry becomes the current (pink) one. axe clean; screenshots
 * of the display in light and dark, on a desktop and a phone, are left in the data directory.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, screenshot, signedInPage } from './support/e2e';

jest.setTimeout(180_000);

const suite = e2eSuite();
/** Where the screenshots are left, to be looked at. */
const PATH = '/search?c0=trapline&c0._=ConsultCommunityTerritory&c0.display=map';

const square = (lon: number, lat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + 0.5, lat],
      [lon + 0.5, lat + 0.3],
      [lon, lat + 0.3],
      [lon, lat],
    ],
  ],
});

/** Waits until the list of places beside the map holds `n` entries, and answers their names. */
async function placesListed(page: Page, n: number): Promise<string[]> {
  await page.waitForFunction((count) => document.querySelectorAll('nav[aria-label="Places on the map"] li button').length === count, n);
  return page.locator('nav[aria-label="Places on the map"] li button').allInnerTexts();
}

beforeAll(async () => {
  const owner = await suite.api.call<{ $id: string }>('create/Organization', { displayName: 'Red Willow Nation', type: 'COMMUNITY' });
  const shapes: [string, unknown][] = [
    ['Trapline Birch Creek', { type: 'Point', coordinates: [-110.2, 55.4] }],
    [
      'Trapline Long Portage',
      {
        type: 'LineString',
        coordinates: [
          [-104, 56],
          [-103, 56.5],
          [-102.5, 57],
        ],
      },
    ],
    ['Trapline Moose Lake', square(-98, 53.5)],
  ];
  for (const [label, geometry] of shapes)
    await suite.api.call('create/ConsultCommunityTerritory', { owner: { id: owner.$id }, label, geometry });
});

describe('the MAP display of search results', () => {
  it('draws the hits as markers, lists them, and opens the one clicked in the next column', async () => {
    const page = await signedInPage(suite.browser, suite.server.url, PATH);
    const places = page.getByRole('navigation', { name: 'Places on the map' });
    expect((await placesListed(page, 3)).sort()).toEqual(['Trapline Birch Creek', 'Trapline Long Portage', 'Trapline Moose Lake']);
    expect(await page.getByRole('button', { name: 'Map', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // The markers are on the map: OpenLayers drew its canvas.
    await page.locator('[role="img"][aria-label="Map"] canvas').first().waitFor();
    await screenshot(page, 'maps-light', { fullPage: false });
    await expectNoAxeViolations(page);

    await places.getByRole('button', { name: 'Trapline Moose Lake' }).click();
    await page.waitForURL(/\/search\/i-ConsultCommunityTerritory-\d+\?/);
    await page.getByRole('heading', { name: 'Trapline Moose Lake' }).first().waitFor();
    await page.getByRole('img', { name: 'Shape' }).locator('canvas').first().waitFor();
    await screenshot(page, 'maps-open-light', { fullPage: false });
    await expectNoAxeViolations(page);
    // Back on the results, the opened item's place is the current (pink) one.
    await page.goBack();
    await places.locator('button[aria-current="true"]', { hasText: 'Trapline Moose Lake' }).waitFor();
    await page.context().close();
  });

  it('"Only what is in view" keeps the places in view, from a link too, and gives them all back when unticked', async () => {
    // A link to the map over the Atlantic, far from every trapline.
    const page = await signedInPage(suite.browser, suite.server.url, `${PATH}&c0.gb=-60,40,-50,45`);
    const inView = page.getByRole('checkbox', { name: 'Only what is in view' });
    await inView.waitFor();
    expect(await inView.isChecked()).toBe(true);
    await page.getByText('No places in view.').waitFor();
    await inView.uncheck();
    expect((await placesListed(page, 3)).sort()).toEqual(['Trapline Birch Creek', 'Trapline Long Portage', 'Trapline Moose Lake']);
    expect(new URL(page.url()).searchParams.get('c0.gb')).toBeNull();
    await page.context().close();
  });

  it('draws an area in place of a shape, with undo, and saves it', async () => {
    const page = await signedInPage(suite.browser, suite.server.url, PATH);
    const places = page.getByRole('navigation', { name: 'Places on the map' });
    await placesListed(page, 3);
    await places.getByRole('button', { name: 'Trapline Birch Creek' }).click();
    await page.waitForURL(/\/search\/i-ConsultCommunityTerritory-\d+\?/);
    const id = /i-(ConsultCommunityTerritory-\d+)/.exec(page.url())![1]!;
    await page.getByRole('button', { name: 'Edit' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Map' });
    // What is drawn, as the field tells it under the map.
    const summary = page.locator('p[aria-live="polite"]');
    await toolbar.getByRole('button', { name: 'Clear' }).click();
    await toolbar.getByRole('button', { name: 'Area' }).click();
    const canvas = page.getByRole('application', { name: 'Map' });
    await canvas.locator('canvas').first().waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const at = (x: number, y: number) => page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    for (const [x, y] of [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.7, 0.7],
    ] as const) {
      await at(x, y);
      await page.waitForTimeout(300);
    }
    await page.mouse.dblclick(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await page.waitForTimeout(500);
    await summary.filter({ hasText: /One shape\W+areas/ }).waitFor();
    await screenshot(page, 'maps-edit-light', { fullPage: false });
    // Undo steps back to the cleared value, and again to the point it held.
    await toolbar.getByRole('button', { name: 'Undo' }).click();
    await summary.filter({ hasText: 'Nothing drawn' }).waitFor();
    await toolbar.getByRole('button', { name: 'Undo' }).click();
    await summary.filter({ hasText: /One shape\W+points/ }).waitFor();
    await toolbar.getByRole('button', { name: 'Clear' }).click();
    await toolbar.getByRole('button', { name: 'Area' }).click();
    for (const [x, y] of [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.7, 0.7],
    ] as const) {
      await at(x, y);
      await page.waitForTimeout(300);
    }
    await page.mouse.dblclick(box.x + box.width * 0.3, box.y + box.height * 0.7);
    // The double click ends the area; the form takes the value after it.
    await page.waitForTimeout(500);
    await summary.filter({ hasText: /One shape\W+areas/ }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    type Saved = { geometry: { type: string; coordinates: number[][][] } };
    let saved = await suite.api.call<Saved>(`read/${id}`);
    for (let i = 0; i < 50 && saved.geometry.type !== 'Polygon'; i++) {
      await page.waitForTimeout(200);
      saved = await suite.api.call<Saved>(`read/${id}`);
    }
    expect(saved.geometry.type).toBe('Polygon');
    const ring = saved.geometry.coordinates[0]!;
    expect(ring.length).toBeGreaterThanOrEqual(5);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    await page.context().close();
  });

  it('reads the same in the dark theme and on a phone', async () => {
    const dark = await signedInPage(suite.browser, suite.server.url, PATH, { colorScheme: 'dark' });
    await placesListed(dark, 3);
    await dark.locator('[role="img"][aria-label="Map"] canvas').first().waitFor();
    await screenshot(dark, 'maps-dark', { fullPage: false });
    await expectNoAxeViolations(dark);
    await dark.setViewportSize({ width: 390, height: 844 });
    await dark.waitForTimeout(300);
    await screenshot(dark, 'maps-phone-dark');
    await dark.context().close();
  });
});
