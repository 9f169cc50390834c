/**
 * What a person reads on the core screens (issue 16, problems 6, 8 and 9), in headless Chromium
 * against the real server with the demo community: forms ask what a person gives and hide the app's
 * bookkeeping; lists, tables, the timeline and the tasks list say labels and DD-MMM-YYYY dates, never
 * keys, ids or ISO strings; the imprint is the site's text; and contacts, personal information, are
 * neither opened nor found by a signed-in user who belongs to no organisation.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, invite, signedInPage, type Invited } from './support/e2e';

jest.setTimeout(180_000);

const e2e = e2eSuite({ SEED_DEMO: '1' });

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const column = (page: Page, key: string) => page.locator(`section[data-cell="${key}"]`);

describe('the core screens say what a person reads', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedInPage(e2e.browser, e2e.server.url, '/i-User-0');
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('asks a new user for an e-mail address, not for bookkeeping, and makes a user who can be found', async () => {
    const form = column(page, 'i-User-0');
    await form.getByLabel('Name').fill('Wren Newcomer');
    await form.getByLabel('E-mail').fill('wren.newcomer@example.org');
    expect(await form.getByText("Last what's new seen").count()).toBe(0);
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/i-User-[1-9]\d*$/);
    const user = page.locator('section[data-cell^="i-User-"]');
    await user.getByText('wren.newcomer@example.org').waitFor();
    expect(await user.getByText("Last what's new seen").count()).toBe(0);
  });

  it("leaves a saved search's internals out of its form", async () => {
    const saved = await e2e.api.call<{ $id: string }>('create/SavedSearch', {
      name: 'Lakeview people',
      searchString: 'lakeview',
      criteria: { filters: [{ prop: '_', kind: '_', value: 'Contact' }] },
      hash: 'c0ffee',
      itemTypeName: 'Contact',
    });
    await page.goto(`/i-${saved.$id}-edit`);
    const form = column(page, `i-${saved.$id}-edit`);
    await form.getByLabel('Name', { exact: true }).waitFor();
    for (const hidden of ['Hash', 'Criteria', 'Selected facets', 'Sort by'])
      expect(await form.getByText(hidden, { exact: true }).count()).toBe(0);
    expect(await form.innerText()).not.toContain('c0ffee');
  });

  it('shows organisation types by their labels, type names capitalised and dates as DD-MMM-YYYY HH:mm', async () => {
    // Narrowed to organisations: consultations of the demo data mention the ministry too.
    await page.goto('/search?c0=ministry&c0._=Organization');
    const results = page.getByRole('main');
    await results.getByText('Ministry of Lands and Resources').first().waitFor();
    // The list's subtitle is the organisation's type.
    await results.getByText('Government', { exact: true }).first().waitFor();
    expect(await results.getByText('GOVERNMENT', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Table' }).click();
    // The table of one type shows its own columns: the type as its label.
    await results.getByRole('cell', { name: 'Government', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Timeline' }).click();
    await results.locator('time').first().waitFor();
    // The timeline's day beside its line (DD-MMM-YYYY), the result's time under it (HH:mm).
    expect(await results.locator('time').first().innerText()).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(await results.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first().innerText()).toMatch(
      /\d{2}-[A-Z][a-z]{2}-\d{4}\s+\d{2}:\d{2}/,
    );
    expect(await results.innerText()).not.toMatch(ISO);
  });

  it('names the properties a change touched by their labels on the timeline', async () => {
    const mary = await e2e.api.call<{ _u: number }>('read/Contact-1');
    await e2e.api.call('update', { $id: 'Contact-1', _u: mary._u, middleName: 'Rose' });
    await page.goto('/i-Contact-1/timeline');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText(/Changed property: Middle name/).waitFor();
    await timeline
      .getByText(/Organisations/)
      .first()
      .waitFor();
    const text = await timeline.innerText();
    for (const key of ['middleName', '_related', 'firstName', 'officePhone']) expect(text).not.toContain(key);
  });

  it('takes a date typed as it is shown, DD-MMM-YYYY', async () => {
    await page.goto('/i-CommLog-0');
    const date = column(page, 'i-CommLog-0').getByLabel('Date', { exact: true });
    expect(await date.getAttribute('placeholder')).toBe('DD-MMM-YYYY');
    await date.fill('2-apr-2026');
    await date.blur();
    expect(await date.inputValue()).toBe('02-Apr-2026');
    await expectNoAxeViolations(page);
    await column(page, 'i-CommLog-0').getByRole('button', { name: 'Discard' }).click();
  });

  it('names a background task by its kind and start, not its key', async () => {
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Welcome, Administrator' }).waitFor();
    // Started on the administrator's other socket: the open page hears of it by push.
    const task = await e2e.api.call<{ key: string }>('act/csvExport/async', {
      query: { must: { _: 'Organization' } },
      itemTypeName: 'Organization',
    });
    await page.getByRole('button', { name: 'Help' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText(/^CSV export of \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}/).waitFor();
    expect(await menu.innerText()).not.toContain(task.key);
    await page.keyboard.press('Escape');
  });

  it('shows administrators the imprint with where to word it', async () => {
    await page.goto('/imprint');
    const imprint = column(page, 'v-imprint');
    await imprint.getByText(/keeps the records of the community it serves/).waitFor();
    await imprint.getByRole('link', { name: 'System texts' }).waitFor();
  });
});

describe('a signed-in user who belongs to no organisation', () => {
  let nobody: Invited;
  let page: Page;
  beforeAll(async () => {
    nobody = await invite(e2e, 'Nia', 'Outsider');
    page = await nobody.join();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('reads who created an item generically, never by id', async () => {
    await page.goto('/i-Organization-1');
    const org = column(page, 'i-Organization-1');
    await org.getByText('Lakeview First Nation').first().waitFor();
    await org.getByText('Created by').waitFor();
    expect(await org.innerText()).toMatch(/Created by\s+Someone/);
    expect(await org.innerText()).not.toMatch(/User-\d/);
    // The community type is an option's label (in the Organisation section: the header's visibility badge says Community too), in both themes clean.
    await org.getByRole('group', { name: 'Organisation' }).getByText('Community', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('neither opens nor finds the contacts of a community (personal information)', async () => {
    await page.goto('/i-Contact-1');
    const contact = column(page, 'i-Contact-1');
    await contact.getByRole('heading').first().waitFor();
    expect(await contact.innerText()).not.toMatch(/Thunderchild|555-0142/);
    // The refused column is titled by the type, not by the id.
    await contact.getByRole('heading', { name: 'Contact', exact: true }).waitFor();
    expect(await contact.innerText()).not.toContain('Contact-1');
    await page.goto('/search?c0=thunderchild');
    await page.getByText('No results').first().waitFor();
    expect(await page.getByRole('main').innerText()).not.toContain('Thunderchild');
  });

  it('reads the imprint without the administrators’ link; the imprint and an item read clean in the dark theme too', async () => {
    await page.goto('/imprint');
    const imprint = column(page, 'v-imprint');
    await imprint.getByText(/keeps the records of the community it serves/).waitFor();
    expect(await imprint.getByRole('link', { name: 'System texts' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    const dark = await signedInPage(e2e.browser, e2e.server.url, '/imprint', {
      colorScheme: 'dark',
      who: { email: nobody.email, password: nobody.password },
    });
    await column(dark, 'v-imprint')
      .getByText(/keeps the records of the community it serves/)
      .waitFor();
    await expectNoAxeViolations(dark);
    await dark.goto('/i-Organization-1');
    await column(dark, 'i-Organization-1').getByText('Created by').waitFor();
    await expectNoAxeViolations(dark);
    await dark.context().close();
  });
});
