/**
 * Search in headless Chromium against the real server, over a few thousand items seeded through the
 * protocol by the administrator and by a community user: the search bar (keep typing, suggestions,
 * an id opened directly, disabled on /search), the full results (count, two facets, every display,
 * sorting, previous and next across the wrap), and a saved search reopened after signing in again.
 * Private items of another user never show. axe (WCAG 2.2 AA) runs on each screen.
 */
import type { Browser, Page } from 'playwright-core';
import { SOCKET_RATE_PER_SECOND, TOKEN_HEADER } from '../../src/shared/constants';
import { ProtocolClient, signIn as apiSignIn } from '../support/protocolClient';
import { freshPostgresDatabase } from '../support/testServer';
import {
  ADMIN,
  type E2EServer,
  expectNoAxeViolations,
  launchBrowser,
  linkIn,
  newContext,
  readMail,
  signIn,
  startE2EServer,
} from './support/e2e';

jest.setTimeout(180_000);

const ADA = { email: 'ada.searcher@example.org', password: 'adas own password' };

let browser: Browser;
let server: E2EServer;
let admin: ProtocolClient[] = [];
let ada: ProtocolClient[] = [];

/** What the seed made, to check the screens against. */
const seeded = {
  /** Items Ada may read whose label holds "caribou", by type. */
  caribou: { Contact: 0, Organization: 0, CommLog: 0 },
  /** Caribou organisations by their `type`. */
  caribouOrgTypes: {} as Record<string, number>,
  /** Ada's caribou contacts by the name of their organisation. */
  caribouContactsByOrg: {} as Record<string, number>,
  privateIds: [] as string[],
  oneContact: '',
};

const FIRST = ['Ada', 'Bea', 'Cy', 'Dale', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lou', 'Mae', 'Ned', 'Oti', 'Pia'];
const LAST = ['Moose', 'Raven', 'Salmon', 'Caribou', 'Eagle', 'Otter', 'Beaver', 'Heron'];
const ORG_TYPES = ['COMMUNITY', 'GOVERNMENT', 'INDUSTRY'] as const;

/** Least time between two requests on one socket: under the server's per-socket rate limit. */
const SEND_GAP_MS = 1000 / (SOCKET_RATE_PER_SECOND * 0.9);

/**
 * Runs `jobs` over the sockets of `clients`, `perSocket` requests in flight on each, each socket
 * paced under the per-socket rate limit (a seed faster than the server's limit is refused).
 */
async function inParallel<T>(clients: ProtocolClient[], jobs: ((c: ProtocolClient) => Promise<T>)[], perSocket = 16): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  const nextSend = new Map<ProtocolClient, number>();
  let next = 0;
  const lane = async (client: ProtocolClient): Promise<void> => {
    while (next < jobs.length) {
      const n = next++;
      const now = Date.now();
      const at = Math.max(now, nextSend.get(client) ?? 0);
      nextSend.set(client, at + SEND_GAP_MS);
      if (at > now) await new Promise((r) => setTimeout(r, at - now));
      out[n] = await jobs[n]!(client);
    }
  };
  await Promise.all(clients.flatMap((c) => Array.from({ length: perSocket }, () => lane(c))));
  return out;
}

async function sockets(token: string, n: number): Promise<ProtocolClient[]> {
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/ws`;
  return Promise.all(Array.from({ length: n }, async () => (await ProtocolClient.connect(wsUrl, token)).client));
}

/** Ada: a community user invited by the administrator, her password set through the mailed link. */
async function makeAda(): Promise<string> {
  const contact = await admin[0]!.call<{ $id: string }>('create/Contact', { firstName: 'Ada', lastName: 'Searcher', email: ADA.email });
  await admin[0]!.call('act/invite', { contactId: contact.$id });
  const link = linkIn(readMail(server.dataDir, ADA.email), '/set-pass');
  const res = await fetch(`${server.url}/api/set-pass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link, server.url).searchParams.get('token'), password: ADA.password }),
  });
  const token = res.headers.get(TOKEN_HEADER);
  if (!token) throw new Error(`set-pass answered ${res.status}`);
  return token;
}

async function seed(): Promise<void> {
  const lovs = [
    ...['call', 'letter', 'email'].map((key) => ({ list: 'ORG_COMMLOG_TYPES', key, t: { en: key } })),
    ...['in', 'out'].map((key) => ({ list: 'ORG_COMMLOG_DIRECTIONS', key, t: { en: key } })),
  ];
  await inParallel(
    admin,
    lovs.map((b) => (c) => c.call('create/LOVValue', b)),
  );

  // 30 organisations, every third named for the caribou.
  const orgs = await inParallel(
    admin,
    Array.from({ length: 30 }, (_, n) => (c: ProtocolClient) => {
      const type = ORG_TYPES[n % 3]!;
      const caribou = n % 3 !== 1 || n < 12;
      if (caribou) {
        seeded.caribou.Organization++;
        seeded.caribouOrgTypes[type] = (seeded.caribouOrgTypes[type] ?? 0) + 1;
      }
      const name = `${caribou ? 'Caribou' : 'Lake'} Council ${n + 1}`;
      return c.call<{ $id: string }>('create/Organization', { displayName: name, type }).then((o) => ({ $id: o.$id, name }));
    }),
  );

  // Free text also finds an item by the labels of what it points at: contacts and logs belong to the
  // organisations not named for the caribou, so that only their own words make them caribou items.
  const lakes = orgs.filter((o) => o.name.startsWith('Lake'));

  // 1,600 contacts everyone may read, an eighth of them called Caribou.
  const contacts = await inParallel(
    admin,
    Array.from({ length: 1600 }, (_, n) => (c: ProtocolClient) => {
      const lastName = LAST[n % LAST.length]!;
      const org = lakes[n % lakes.length]!;
      if (lastName === 'Caribou') {
        seeded.caribou.Contact++;
        seeded.caribouContactsByOrg[org.name] = (seeded.caribouContactsByOrg[org.name] ?? 0) + 1;
      }
      return c.call<{ $id: string }>('create/Contact', {
        firstName: `${FIRST[n % FIRST.length]!} ${n + 1}`,
        lastName,
        $access: 'COMMUNITY',
        _related: [{ id: org.$id }],
      });
    }),
  );
  seeded.oneContact = contacts[42]!.$id;

  // 500 communication logs everyone may read; one in five about caribou.
  await inParallel(
    admin,
    Array.from({ length: 500 }, (_, n) => (c: ProtocolClient) => {
      const caribou = n % 5 === 0;
      if (caribou) seeded.caribou.CommLog++;
      return c.call('create/CommLog', {
        owner: { id: lakes[n % lakes.length]!.$id },
        subject: `${caribou ? 'Caribou' : 'Moose'} survey call ${n + 1}`,
        date: `2025-${String((n % 12) + 1).padStart(2, '0')}-15`,
        type: ['call', 'letter', 'email'][n % 3],
        direction: n % 2 ? 'in' : 'out',
        $access: 'COMMUNITY',
      });
    }),
  );

  // 300 contacts of Ada's own (hers to read), 40 about caribou.
  await inParallel(
    ada,
    Array.from({ length: 300 }, (_, n) => (c: ProtocolClient) => {
      const caribou = n < 40;
      if (caribou) seeded.caribou.Contact++;
      return c.call('create/Contact', { firstName: `Own ${n + 1}`, lastName: caribou ? 'Caribou' : 'Crane' });
    }),
  );

  // 60 private contacts of the administrator's, named for the caribou too: never Ada's to see.
  const privates = await inParallel(
    admin,
    Array.from(
      { length: 60 },
      (_, n) => (c: ProtocolClient) =>
        c.call<{ $id: string }>('create/Contact', { firstName: `Hidden ${n + 1}`, lastName: 'Caribou', $access: 'PRIVATE' }),
    ),
  );
  seeded.privateIds = privates.map((p) => p.$id);
}

beforeAll(async () => {
  // On the harness's PostgreSQL when there is one: thousands of writes go several at a time there.
  const pg: Record<string, string> =
    process.env.KK_TEST_PG_URL && process.env.KK_TEST_PG_URL !== 'skip' ? { DATABASE_URL: await freshPostgresDatabase() } : {};
  [browser, server] = await Promise.all([launchBrowser(), startE2EServer(pg)]);
  admin = await sockets(await apiSignIn(server.url, ADMIN.email, ADMIN.password), 3);
  ada = await sockets(await makeAda(), 2);
  await seed();
}, 240_000);

afterAll(async () => {
  for (const c of [...admin, ...ada]) c.close();
  await browser?.close();
  await server?.close();
});

const total = (): number => seeded.caribou.Contact + seeded.caribou.Organization + seeded.caribou.CommLog;

describe('search', () => {
  it('search bar, full results with facets and displays, previous and next, and a saved search reopened after signing in again', async () => {
    const page = await (await newContext(browser, server.url)).newPage();
    await page.goto('/sign-in');
    await signIn(page, ADA.email, ADA.password);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    const header = page.getByRole('banner');

    // The search bar: under three characters it asks to keep typing.
    await header.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByRole('combobox', { name: 'Search' });
    // Autofocus: typing goes straight into the field.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    expect(await field.getAttribute('placeholder')).toBe('Search items or type an id');
    await field.fill('ca');
    await page.getByText('Keep typing: suggestions start at 3 characters').waitFor();

    // Up to five suggestions; picking one opens the item.
    await field.fill('caribou');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBe(5);
    await expectNoAxeViolations(page);
    // Esc closes the bar and forgets the text.
    await field.press('Escape');
    await field.waitFor({ state: 'detached' });
    await header.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await field.inputValue()).toBe('');
    await field.fill('caribou');
    // A suggestion shows the label and the id of its item.
    const [firstLabel, firstId] = await options.first().evaluate((el) => [el.children[0]!.textContent!, el.children[1]!.textContent!]);
    await options.filter({ hasText: firstId! }).click();
    await page.waitForURL(`**/i-${firstId!}`);
    await page.getByRole('heading', { name: firstLabel! }).first().waitFor();
    await field.waitFor({ state: 'detached' });

    // A valid item id and Enter opens that item, typed in any case.
    await header.getByRole('button', { name: 'Search', exact: true }).click();
    await field.fill(seeded.oneContact.toLowerCase());
    await field.press('Enter');
    await page.waitForURL(`**/i-${seeded.oneContact}`);

    // Text and Enter opens the full results; the bar is disabled there.
    await header.getByRole('button', { name: 'Search', exact: true }).click();
    await field.fill('caribou');
    await field.press('Enter');
    await page.waitForURL('**/search?c0=caribou');
    // The count leaves out the administrator's private caribou contacts.
    await count(page, total());
    expect(await header.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    // Two facets: the type (Contact), then that type's own organisations facet.
    const facets = page.getByRole('complementary', { name: 'Facets' });
    const typeFacet = facets.getByRole('group', { name: 'Type' });
    const contacts = seeded.caribou.Contact;
    await typeFacet.getByRole('checkbox', { name: /^Contact\b/ }).check();
    await count(page, contacts);
    // The other types stay on offer as alternatives, with their own counts.
    await typeFacet.getByRole('checkbox', { name: new RegExp(`^Organisation\\s*${seeded.caribou.Organization}$`) }).waitFor();
    const [orgName, inOrg] = Object.entries(seeded.caribouContactsByOrg).sort((a, b) => b[1] - a[1])[0]!;
    const orgFacet = facets.getByRole('group', { name: 'Organisations' });
    await orgFacet.getByRole('checkbox', { name: new RegExp(`^${orgName}\\b`) }).check();
    await count(page, inOrg);
    expect(await typeFacet.getByRole('checkbox', { name: /^Contact\b/ }).isChecked()).toBe(true);
    const results = page.getByRole('region', { name: 'Search results' });
    const listed = results.getByRole('listitem');
    await listed.first().getByRole('link').waitFor();
    // Virtualised: the rows in view are drawn, each knowing its place among all of them.
    expect(await listed.first().getAttribute('aria-setsize')).toBe(String(inOrg));
    for (const text of await listed.allTextContents()) expect(text).toMatch(/Caribou/);
    await expectNoAxeViolations(page);

    // A result opens beside the results; previous from the first wraps round to the last, and back.
    await listed.first().getByRole('link').click();
    await page.waitForURL(/\/search\/i-Contact-\d+\?c0=caribou&/);
    const firstResultId = new URL(page.url()).pathname.split('/i-')[1]!;
    const previous = page.getByRole('button', { name: 'Previous result (wraps around to the last)' });
    expect(await previous.getAttribute('title')).toBe('Previous result (wraps around to the last)');
    await page.getByText(`1 of ${inOrg}`).waitFor();
    await previous.click();
    await page.getByText(`${inOrg} of ${inOrg}`).waitFor();
    await page.waitForURL((url) => !url.pathname.endsWith(firstResultId));
    const next = page.getByRole('button', { name: 'Next result (wraps around to the first)' });
    expect(await next.getAttribute('title')).toBe('Next result (wraps around to the first)');
    await next.click();
    await page.getByText(`1 of ${inOrg}`).waitFor();
    await page.waitForURL((url) => url.pathname.endsWith(`/i-${firstResultId}`));
    await page.getByRole('button', { name: /^Back to/ }).click();
    await page.waitForURL(/\/search\?c0=caribou&/);
    await count(page, inOrg);

    // Every display, each checked by axe.
    const displays = page.getByRole('group', { name: 'Display as' });
    for (const [display, check] of [
      ['Cards', () => results.getByRole('article').first().waitFor()],
      ['Timeline', () => results.locator('time').first().waitFor()],
      ['Carousel', () => results.getByText(`1 of ${inOrg}`).waitFor()],
      ['List', () => listed.first().getByRole('link').waitFor()],
    ] as const) {
      await displays.getByRole('button', { name: display }).click();
      await check();
      expect(await displays.getByRole('button', { name: display }).getAttribute('aria-pressed')).toBe('true');
      await expectNoAxeViolations(page);
    }

    // The table, narrowed to contacts, shows their columns: sorted by first name one way and then the other.
    await displays.getByRole('button', { name: 'Table' }).click();
    const table = results.getByRole('table');
    const names = async (): Promise<string[]> => table.locator('tbody tr[data-item] td:first-child').allTextContents();
    await table.getByRole('button', { name: 'First name' }).click();
    await expectRowsSorted(names, 'asc');
    await table.getByRole('button', { name: 'First name' }).click();
    await expectRowsSorted(names, 'desc');
    expect(await table.getByRole('columnheader', { name: /First name/ }).getAttribute('aria-sort')).toBe('descending');
    await expectNoAxeViolations(page);

    // Saved under a name.
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill('Caribou people');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Signed out and in again, the saved search brings back the same criteria, facets and display.
    await header.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await signIn(page, ADA.email, ADA.password);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Caribou people', exact: true }).click();
    // The address holds the facets, the sort and the display as well as the text.
    await page.waitForURL(/\/search\?c0=caribou&c0\._=Contact&c0\.ft-_related=[^&]+&c0\.sort=-[^&]+&c0\.display=table$/);
    await count(page, inOrg);
    expect(await typeFacet.getByRole('checkbox', { name: /^Contact\b/ }).isChecked()).toBe(true);
    expect(await orgFacet.getByRole('checkbox', { name: new RegExp(`^${orgName}\\b`) }).isChecked()).toBe(true);
    expect(await displays.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    expect(await table.getByRole('columnheader', { name: /First name/ }).getAttribute('aria-sort')).toBe('descending');
    await expectRowsSorted(names, 'desc');
    expect(await page.getByRole('searchbox', { name: 'Search in results' }).inputValue()).toBe('caribou');
  });

  it('private items of another user are never found', async () => {
    const reply = await ada[0]!.call<{ ids: string[]; total: number }>('search/ids', { must: { q: 'caribou' }, max: 10_000 });
    expect(reply.total).toBe(total());
    expect(reply.ids.filter((id) => seeded.privateIds.includes(id))).toEqual([]);
  });
});

/** Waits until the results count says `n`. */
async function count(page: Page, n: number): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${n} results?$`) })
    .waitFor();
}

/** Waits until the drawn rows are in `order` by name (the table reads its rows as they show). */
async function expectRowsSorted(names: () => Promise<string[]>, order: 'asc' | 'desc'): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const got = await names();
    const sorted = [...got].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a)));
    if (got.length > 1 && JSON.stringify(got) === JSON.stringify(sorted)) return;
    if (Date.now() > deadline) expect(got).toEqual(sorted);
    await new Promise((r) => setTimeout(r, 100));
  }
}
