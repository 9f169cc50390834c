/**
 * The responder's side of the consultation module in Chromium (issue 14), on the demo site: a
 * responder distributes a consultation in review to two communities from its screen, and the new
 * response appears at once on a community member's open dashboard (another browser); each
 * community's member opens its own response and is refused the other's by its address; a response
 * made overdue (its anticipated date passed, the scheduled look run) shows on the responder's
 * dashboard and its internal contact gets the mail; the consultations' files download as
 * archive-attachments.zip with the files inside; the screens are axe clean in both themes.
 */
import { readFileSync } from 'node:fs';
import { format, subDays } from 'date-fns';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { ProtocolClient, signIn as apiSignIn } from '../support/protocolClient';
import { freshPostgresDatabase } from '../support/testServer';
import { zipEntries } from '../support/zipEntries';
import {
  ADMIN,
  expectNoAxeViolations,
  invite,
  launchBrowser,
  readMail,
  signedInPage,
  startE2EServer,
  type E2EServer,
  type E2ESuite,
  type Invited,
} from './support/e2e';

jest.setTimeout(240_000);

interface Item {
  $id: string;
  _u: number;
  [key: string]: unknown;
}

const suite = {} as E2ESuite;
let databaseUrl = '';
let responder: Invited;
let lakeviewMember: Invited;
let willowMember: Invited;
const org = { lakeview: '', willow: '' };
let consultation: Item;

const search = (must: Record<string, unknown>) =>
  suite.api.call<{ ids: string[]; labels: Record<string, string> }>('search/ids', { must, labels: true, max: 50 });
const one = async (must: Record<string, unknown>): Promise<string> => {
  const { ids } = await search(must);
  if (ids.length !== 1) throw new Error(`expected one item for ${JSON.stringify(must)}, found ${ids.length}`);
  return ids[0]!;
};
const read = (id: string) => suite.api.call<Item>(`read/${id}`);
const responseOf = async (community: string): Promise<string> =>
  one({ _: 'ConsultResponse', 'fs-consultation.id': consultation.$id, 'ft-owner': community });

beforeAll(async () => {
  // PostgreSQL, so the test can bring the scheduled overdue look forward as a second process would.
  databaseUrl = await freshPostgresDatabase();
  const [browser, server]: [Browser, E2EServer] = await Promise.all([
    launchBrowser(),
    startE2EServer({ SEED_DEMO: '1', DATABASE_URL: databaseUrl }),
  ]);
  Object.assign(suite, { browser, server });
  suite.token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
  ({ client: suite.api } = await ProtocolClient.connect(`${server.url.replace(/^http/, 'ws')}/ws`, suite.token));

  org.lakeview = await one({ _: 'Organization', 'ft-type': 'COMMUNITY', q: 'Lakeview' });
  org.willow = await one({ _: 'Organization', 'ft-type': 'COMMUNITY', q: 'Willow' });
  consultation = await read(await one({ _: 'Consultation', q: 'Spruce River water licence' }));
  expect(consultation.state).toBe('REVIEW');
  responder = await invite(suite, 'Rhea', 'Responder');
  lakeviewMember = await invite(suite, 'Lara', 'Lakeview');
  willowMember = await invite(suite, 'Will', 'Willow');
  await suite.api.call('act/setCapabilities', { userId: responder.userId, capabilities: { ConsultRespond: true } });
  await suite.api.call('act/setMembership', {
    userId: lakeviewMember.userId,
    orgId: org.lakeview,
    capabilities: { write: true, ConsultRespond: true },
  });
  await suite.api.call('act/setMembership', { userId: willowMember.userId, orgId: org.willow, capabilities: { write: true } });
}, 240_000);

afterAll(async () => {
  suite.api?.close();
  await suite.browser?.close();
  await suite.server?.close();
});

const recent = (page: Page) => page.getByRole('region', { name: 'Recent responses' });
const overdue = (page: Page) => page.getByRole('region', { name: 'Overdue responses' });

describe("the responder's consultation screens", () => {
  let lakeview: Page;

  it("distributes a consultation to two communities from its screen; the response appears on a member's open dashboard at once", async () => {
    lakeview = await lakeviewMember.join();
    // A community responder's home is the consultation dashboard: its cards are on it.
    await recent(lakeview).getByRole('link').first().waitFor();
    expect(await recent(lakeview).getByRole('link', { name: 'Spruce River water licence' }).count()).toBe(0);
    await lakeview.evaluate(() => ((window as unknown as { kkMark: number }).kkMark = 1));

    const page = await responder.join();
    await page.goto(`/i-${consultation.$id}`);
    const panel = page.getByRole('region', { name: 'Distribute to communities' });
    await panel.getByRole('checkbox', { name: 'Lakeview First Nation' }).check();
    await panel.getByRole('checkbox', { name: 'Red Willow Cree Nation' }).check();
    await expectNoAxeViolations(page);
    await panel.getByRole('button', { name: 'Distribute to 2 communities' }).click();
    await page.getByTestId('item-state').filter({ hasText: 'Consulting' }).waitFor();
    await panel.getByText('Distributed').first().waitFor();
    expect(await panel.getByRole('checkbox', { name: 'Lakeview First Nation' }).isDisabled()).toBe(true);

    await recent(lakeview).getByRole('link', { name: 'Spruce River water licence' }).waitFor({ timeout: 15_000 });
    expect(await lakeview.evaluate(() => (window as unknown as { kkMark?: number }).kkMark)).toBe(1);
    await page.context().close();
  });

  it("lets each community's member open its own response and refuses the other's by its address", async () => {
    const mine = await responseOf(org.lakeview);
    const theirs = await responseOf(org.willow);
    await recent(lakeview).getByRole('link', { name: 'Spruce River water licence' }).click();
    await lakeview.waitForURL(new RegExp(`/i-${mine}$`));
    await lakeview.getByRole('heading', { name: 'Spruce River water licence', level: 2 }).waitFor();
    await lakeview.getByText('Lakeview First Nation').first().waitFor();
    await expectNoAxeViolations(lakeview);
    // The response's map: the community's own territory, its layer named in the legend.
    const map = lakeview.getByRole('region', { name: 'On the map' });
    await map.getByRole('list', { name: 'Layers on the map' }).getByText('Community territory').waitFor();
    await map.getByRole('button', { name: 'Lakeview traditional territory' }).waitFor();
    // Its group beside the map counts shapes: a territory is no place.
    await map.getByRole('button', { name: /Community territory.*1 shape$/ }).waitFor();

    await lakeview.goto(`/i-${theirs}`);
    await lakeview.getByRole('alert').first().waitFor();
    expect(await lakeview.getByRole('heading', { name: 'Spruce River water licence', level: 2 }).count()).toBe(0);

    const willow = await willowMember.join();
    await willow.goto(`/i-${theirs}`);
    await willow.getByRole('heading', { name: 'Spruce River water licence', level: 2 }).waitFor();
    // Another community's territory never reaches its map.
    await willow.getByRole('region', { name: 'On the map' }).getByText('Nothing here is on the map yet.').waitFor();
    expect(await willow.getByText('Lakeview traditional territory').count()).toBe(0);
    await willow.goto(`/i-${mine}`);
    await willow.getByRole('alert').first().waitFor();
    expect(await willow.getByRole('heading', { name: 'Spruce River water licence', level: 2 }).count()).toBe(0);
    await willow.context().close();
  });

  it('shows a response made overdue on the dashboard and mails its internal contact once the scheduled look runs', async () => {
    const dashboard = await signedInPage(suite.browser, suite.server.url, '/consult.dashboard', {
      who: { email: responder.email, password: responder.password },
    });
    await overdue(dashboard).getByRole('link').first().waitFor();
    expect(await overdue(dashboard).getByRole('link', { name: 'Spruce River water licence' }).count()).toBe(0);

    // The community takes it up, expecting to answer by yesterday; Ruth Cardinal follows it.
    const id = await responseOf(org.lakeview);
    const ruth = await one({ _: 'Contact', q: 'Ruth Cardinal' });
    const response = await read(id);
    const pending = await suite.api.call<Item>(`transition/${id}`, { event: 'response.select', _u: response._u });
    const yesterday = format(subDays(new Date(), 1), 'yyyy-MM-dd');
    await suite.api.call('update', { $id: id, _u: pending._u, anticipatedResponse: yesterday, internalContacts: [{ id: ruth }] });
    await overdue(dashboard).getByRole('link', { name: 'Spruce River water licence' }).waitFor({ timeout: 15_000 });
    await overdue(dashboard)
      .getByText(format(subDays(new Date(), 1), 'dd-MMM-yyyy'))
      .first()
      .waitFor();

    // The look for overdue responses runs every 15 minutes: brought forward, the server's scheduler takes it.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'consult.overdueCheck'`);
    } finally {
      await db.end();
    }
    let mail = '';
    for (let i = 0; i < 100 && !mail; i++) {
      try {
        mail = readMail(suite.server.dataDir, 'Overdue: the response to Spruce River water licence');
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect(mail).toContain('ruth.cardinal@lakeview.example.org');
    expect(mail).toContain(`was expected by ${format(subDays(new Date(), 1), 'dd-MMM-yyyy')}`);
    await expectNoAxeViolations(dashboard);
    await dashboard.setViewportSize({ width: 390, height: 844 });
    await overdue(dashboard).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(dashboard);
    await dashboard.context().close();
  });

  it("downloads the consultations' files found as archive-attachments.zip", async () => {
    const page = await signedInPage(suite.browser, suite.server.url, '/consult.attachments', {
      who: { email: responder.email, password: responder.password },
    });
    await page.getByLabel('Search in results').fill('spruce');
    await page
      .getByRole('status')
      .filter({ hasText: /^2 results$/ })
      .waitFor();
    await page.getByRole('cell', { name: 'spruce-river-flows.csv' }).waitFor();
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download the files (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('archive-attachments.zip');
    const entries = zipEntries(readFileSync((await download.path())!));
    expect(entries.map((e) => e.name).sort()).toEqual(['spruce-river-flows.csv', 'spruce-river-water-licence-letter.pdf']);
    await page.context().close();
    await lakeview.context().close();
  });

  it('is axe clean in the dark theme: the dashboard, the state changes, the files and a response', async () => {
    const who = { email: responder.email, password: responder.password };
    const page = await signedInPage(suite.browser, suite.server.url, '/consult.dashboard', { colorScheme: 'dark', who });
    await overdue(page).getByRole('link', { name: 'Spruce River water licence' }).waitFor();
    await expectNoAxeViolations(page);
    await page.goto('/consult.audit');
    await page.getByTestId('audit-entry').first().waitFor();
    await expectNoAxeViolations(page);
    await page.goto('/consult.attachments');
    await page.getByRole('cell', { name: 'route-sketch.png' }).waitFor();
    await expectNoAxeViolations(page);
    await page.goto(`/i-${await responseOf(org.willow)}`);
    await page.getByRole('heading', { name: 'Spruce River water licence', level: 2 }).waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
