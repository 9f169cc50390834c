/**
 * Issue 16, problems 2 and 5 in headless Chromium against the real server. Columns: every open column keeps
 * its toolbar in view at 1280 and 1920 px (they shrink to share the strip), the newly opened one shows whole,
 * a strip that still overflows says on each edge how many columns it hides and brings them back, and at phone width one column shows with Back and the
 * breadcrumbs of all of them. Search: facets, display and sort live in the address (a reload keeps them), a
 * chosen bucket with no hits stays checked with 0, and free text finds people by their e-mail domain and by
 * the name of their organisation. axe in both themes. With KK_SCREENSHOTS=<dir>, screenshots are saved there.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, screenshot, signedInPage } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite();
let org = '';
const people: string[] = [];

beforeAll(async () => {
  org = (await e2e.api.call<{ $id: string }>('create/Organization', { displayName: 'Lakeview First Nation', type: 'COMMUNITY' })).$id;
  for (const [firstName, lastName, extra] of [
    ['Anna', 'Birchbark', { email: 'anna@lakeview.ca' }],
    ['Ben', 'Stonefield', { _related: [{ id: org }] }],
    ['Cora', 'Redsky', {}],
    ['Dale', 'Moosehide', {}],
  ] as const) {
    people.push((await e2e.api.call<{ $id: string }>('create/Contact', { firstName, lastName, ...extra })).$id);
  }
});

/** Saves a screenshot when KK_SCREENSHOTS names a directory. */
const shot = (page: Page, name: string): Promise<void> => screenshot(page, name, { fullPage: false });

interface StripState {
  /** Per column: whether its toolbar's first button (close or back) lies wholly inside the strip's view. */
  toolbars: boolean[];
  /** Whether the active column shows whole. */
  activeWhole: boolean;
  overflows: boolean;
  pageScrollX: number;
}

const stripState = (page: Page): Promise<StripState> =>
  page.evaluate(() => {
    const strip = document.querySelector<HTMLElement>('[data-columns] [role="group"][aria-label="Columns"]')!;
    const view = strip.getBoundingClientRect();
    const inside = (r: DOMRect) => r.width > 0 && r.left >= view.left - 1 && r.right <= view.right + 1;
    const sections = [...strip.querySelectorAll<HTMLElement>('section[data-cell]')].filter((s) => !s.hidden);
    const active = strip.querySelector<HTMLElement>('section[data-active]');
    return {
      toolbars: sections.map((s) => inside(s.querySelector('button')!.getBoundingClientRect())),
      activeWhole: !!active && inside(active.getBoundingClientRect()),
      overflows: strip.scrollWidth > strip.clientWidth + 1,
      pageScrollX: window.scrollX,
    };
  });

describe('columns (issue 16, problem 2)', () => {
  it('keeps every open column reachable with its toolbar in view, at 1280, 1920 and 390 px', async () => {
    const [anna, ben, cora, dale] = people;
    const page = await signedInPage(e2e.browser, e2e.server.url, '/search?c0=lakeview');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Multiple columns' }).click();
    await page.keyboard.press('Escape');
    const results = page.getByRole('region', { name: 'Search results' });
    // Opening a result: the search column keeps its close button, field and facets in view.
    await results.getByRole('link', { name: 'Lakeview First Nation' }).click();
    await page.waitForURL(`**/search/i-${org}?c0=lakeview`);
    await page.getByRole('heading', { name: 'Lakeview First Nation', level: 2 }).waitFor();
    let state = await stripState(page);
    expect(state).toMatchObject({ toolbars: [true, true], activeWhole: true, overflows: false, pageScrollX: 0 });
    expect(await page.getByRole('searchbox', { name: 'Search in results' }).isVisible()).toBe(true);
    await shot(page, 'columns-2-1280-light');

    // Three columns: all of them show, the first one too.
    await page.goto(`/search/i-${org}/i-${anna}?c0=lakeview`);
    await page.getByRole('heading', { name: 'Anna Birchbark', level: 2 }).waitFor();
    state = await stripState(page);
    expect(state).toMatchObject({ toolbars: [true, true, true], activeWhole: true, overflows: false });
    await expectNoAxeViolations(page);

    // Five columns do not fit in 1280 px: the strip scrolls, the newest whole at the right.
    await page.goto(`/search/i-${org}/i-${anna}/i-${ben}/i-${cora}?c0=lakeview`);
    await page.getByRole('heading', { name: 'Cora Redsky', level: 2 }).waitFor();
    state = await stripState(page);
    expect(state).toMatchObject({ toolbars: [false, false, true, true, true], activeWhole: true, overflows: true });
    // Scrollbars may be hidden (touch, overlay scrollbars): the edge says what it hides and brings it back.
    expect(await page.getByRole('button', { name: /^Show later columns/ }).count()).toBe(0);
    const earlier = page.getByRole('button', { name: 'Show earlier columns (2 out of view)' });
    await shot(page, 'columns-5-1280-light');
    await expectNoAxeViolations(page);
    await earlier.click();
    await page.getByRole('button', { name: 'Show later columns (1 out of view)' }).waitFor();
    await page.getByRole('button', { name: 'Show earlier columns (1 out of view)' }).click();
    await page.getByRole('button', { name: /^Show earlier columns/ }).waitFor({ state: 'detached' });
    expect((await stripState(page)).toolbars).toEqual([true, true, true, true, false]);
    await page.getByRole('button', { name: 'Show later columns (2 out of view)' }).click();
    await page.getByRole('button', { name: 'Show later columns (1 out of view)' }).click();
    expect((await stripState(page)).toolbars.at(-1)).toBe(true);

    // At 1920 px four fit.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.goto(`/search/i-${org}/i-${ben}/i-${dale}?c0=lakeview`);
    await page.getByRole('heading', { name: 'Dale Moosehide', level: 2 }).waitFor();
    state = await stripState(page);
    expect(state).toMatchObject({ toolbars: [true, true, true, true], activeWhole: true, overflows: false });
    await shot(page, 'columns-5-1920-light');

    // A phone shows one column, with Back and the breadcrumbs of every open one; nothing spills sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Back to Ben Stonefield' }).waitFor();
    state = await stripState(page);
    expect(state).toMatchObject({ toolbars: [true], activeWhole: true, overflows: false, pageScrollX: 0 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const crumbs = page.getByRole('navigation', { name: 'Open columns' });
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Search'),
      expect.stringContaining('Lakeview First Nation'),
      expect.stringContaining('Ben Stonefield'),
      expect.stringContaining('Dale Moosehide'),
    ]);
    await shot(page, 'columns-phone-light');
    await crumbs.getByRole('button', { name: 'Lakeview First Nation' }).click();
    await page.getByRole('heading', { name: 'Lakeview First Nation', level: 2 }).waitFor();
    await page.waitForURL(`**/search/i-${org}?c0=lakeview`);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

describe('search state and free text (issue 16, problem 5)', () => {
  it('keeps facets, display and sort in the address, shows a chosen bucket with no hits, finds by domain and organisation', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, '/search?c0=lakeview', { colorScheme: 'dark' });
    const results = page.getByRole('region', { name: 'Search results' });
    // Free text: the organisation, Anna by her address's domain, Ben by his organisation's name.
    await results.getByRole('link', { name: 'Anna Birchbark' }).waitFor();
    await results.getByRole('link', { name: 'Ben Stonefield' }).waitFor();
    await results.getByRole('link', { name: 'Lakeview First Nation' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^3 results?$/ })
      .waitFor();

    const typeFacet = page.getByRole('complementary', { name: 'Facets' }).getByRole('group', { name: 'Type' });
    await typeFacet.getByRole('checkbox', { name: /^Contact\b/ }).check();
    await page.waitForURL('**/search?c0=lakeview&c0._=Contact');
    await page.getByRole('group', { name: 'Display as' }).getByRole('button', { name: 'Table' }).click();
    await page.waitForURL('**/search?c0=lakeview&c0._=Contact&c0.display=table');
    const table = results.getByRole('table');
    await table.getByRole('button', { name: 'First name' }).click();
    await table.getByRole('button', { name: 'First name' }).click();
    await page.waitForURL(/\/search\?c0=lakeview&c0\._=Contact&c0\.sort=-[^&]+&c0\.display=table$/);
    const sorted = page.url();
    await shot(page, 'search-table-1280-dark');

    // A reload shows the same: the facet checked, the table of contacts' columns sorted descending, two people.
    await page.reload();
    await table.locator('tbody tr[data-item]').nth(1).waitFor();
    expect(await typeFacet.getByRole('checkbox', { name: /^Contact\b/ }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Display as' }).getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await table.getByRole('columnheader', { name: /First name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(await table.locator('tbody tr[data-item] td:first-child').allTextContents()).toEqual(['Ben', 'Anna']);
    expect(page.url()).toBe(sorted);
    await expectNoAxeViolations(page);

    // A chosen bucket that finds nothing stays, checked, with 0, and can be unchosen.
    await page.goto('/search?c0=birchbark&c0._=Organization');
    await page.getByText('No results').waitFor();
    const none = typeFacet.getByRole('checkbox', { name: /^Organisation\s*0$/ });
    expect(await none.isChecked()).toBe(true);
    await shot(page, 'search-empty-bucket-1280-dark');
    await expectNoAxeViolations(page);
    await none.click();
    await page.waitForURL('**/search?c0=birchbark');
    await results.getByRole('link', { name: 'Anna Birchbark' }).waitFor();

    // The domain whole finds her too; the phone shows the same results.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search?c0=lakeview.ca');
    await results.getByRole('link', { name: 'Anna Birchbark' }).waitFor();
    expect(await results.getByRole('link', { name: 'Ben Stonefield' }).count()).toBe(0);
    await shot(page, 'search-phone-dark');
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

describe('the results toolbar, the phone facets drawer and the CSV columns (issue 16)', () => {
  it('on a phone the results come first and the facets open in a drawer; timeline and carousel; the CSV holds the columns shown', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, '/search?c0=lakeview');
    await page.setViewportSize({ width: 390, height: 844 });
    const results = page.getByRole('region', { name: 'Search results' });
    const first = results.getByRole('link', { name: 'Anna Birchbark' });
    await first.waitFor();
    // The first results are above the fold; the facets wait behind the toolbar's button.
    expect((await first.boundingBox())!.y + 40).toBeLessThan(844);
    expect(await page.getByRole('complementary', { name: 'Facets' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Facets' }).click();
    const drawer = page.getByRole('dialog', { name: 'Facets' });
    await drawer
      .getByRole('group', { name: 'Type' })
      .getByRole('checkbox', { name: /^Contact\b/ })
      .check();
    await page.waitForURL('**/search?c0=lakeview&c0._=Contact');
    await shot(page, 'search-facets-drawer-390-light');
    await expectNoAxeViolations(page);
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Facets, 1 chosen' }).waitFor();

    // The timeline labels each day DD-MMM-YYYY beside its line; the carousel shows one card at a time.
    const displays = page.getByRole('group', { name: 'Display as' });
    await displays.getByRole('button', { name: 'Timeline' }).click();
    const day = results.getByRole('list', { name: 'Timeline' }).locator('time:not(.sr-only)').first();
    expect(await day.textContent()).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    await shot(page, 'search-timeline-390-light');
    await expectNoAxeViolations(page);
    await displays.getByRole('button', { name: 'Carousel' }).click();
    await results.getByRole('group', { name: '1 of 2' }).getByRole('heading').waitFor();
    await results.getByRole('button', { name: 'Next result' }).click();
    await results.getByRole('group', { name: '2 of 2' }).getByRole('heading').waitFor();
    await shot(page, 'search-carousel-390-light');
    await expectNoAxeViolations(page);

    // Narrowed to contacts, the table shows their columns, and the export writes just those, by their labels.
    await page.setViewportSize({ width: 1280, height: 800 });
    await displays.getByRole('button', { name: 'Table' }).click();
    const headers = (await results.getByRole('columnheader').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['First name', 'Last name', 'E-mail', 'Created']);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export as CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('First name,Last name,E-mail,Created');
    expect(csv).toContainEqual(expect.stringMatching(/^Anna,Birchbark,anna@lakeview\.ca,\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/));
    expect(csv).toContainEqual(expect.stringMatching(/^Ben,Stonefield,,\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}$/));
    expect(csv).toHaveLength(3);
    await page.context().close();
  });
});
