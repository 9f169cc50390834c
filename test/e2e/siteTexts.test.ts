/**
 * The site texts screen in headless Chromium against the real server (a dedicated deployment): the
 * administrator finds the header's subtitle by its text, rewords it and sees it at once, as does a
 * user's page already open (no reload); a user's new browser loads it; a text that is not ICU is
 * refused; the original is put back, at once in the open pages too. A user who is not an
 * administrator is refused the screen. axe (WCAG 2.2 AA) in light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { ProtocolClient, signIn as apiSignIn } from '../support/protocolClient';
import {
  ADMIN,
  type E2EServer,
  expectNoAxeViolations,
  launchBrowser,
  linkIn,
  newContext,
  readMail,
  signedInPage,
  startE2EServer,
} from './support/e2e';

jest.setTimeout(120_000);

let browser: Browser;
let server: E2EServer;
let api: ProtocolClient;

const ADA = { email: 'ada.texts@example.org', password: 'adas own password' };
const ORIGINAL = 'Community KnowledgeKeeper';
const REWORDED = 'Riverbend Nation KnowledgeKeeper';

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startE2EServer({ DEDICATED: '1' })]);
  const token = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
  ({ client: api } = await ProtocolClient.connect(`${server.url.replace(/^http/, 'ws')}/ws`, token));
  // A community member, invited by the administrator, with a password of their own.
  const contact = await api.call<{ $id: string }>('create/Contact', { firstName: 'Ada', lastName: 'Texts', email: ADA.email });
  await api.call('act/invite', { contactId: contact.$id });
  const page = await (await newContext(browser, server.url)).newPage();
  await page.goto(linkIn(readMail(server.dataDir, ADA.email), '/set-pass'));
  await page.getByLabel('New password').fill(ADA.password);
  await page.getByLabel('Repeat the password').fill(ADA.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByRole('heading', { name: 'Welcome, Ada Texts' }).waitFor();
  await page.context().close();
});

afterAll(async () => {
  api?.close();
  await browser?.close();
  await server?.close();
});

/** A page signed in as `who` at `path`. */
const pageAt = (path: string, who: { email: string; password: string }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> =>
  signedInPage(browser, server.url, path, { colorScheme, who });

describe('site texts', () => {
  it('a user who is not an administrator is told the screen is not theirs', async () => {
    const ada = await pageAt('/admin.systext', ADA);
    await ada.getByRole('heading', { level: 3, name: 'You cannot use this page' }).waitFor();
    expect(await ada.getByRole('searchbox', { name: 'Find a text' }).count()).toBe(0);
    await ada.context().close();
  });

  it("the administrator rewords the subtitle, it shows at once in theirs and a user's open page, a new browser loads it, a broken text is refused, and the original comes back", async () => {
    // A user's page open before the change, marked to tell a reload from a live change.
    const open = await pageAt('/', ADA);
    const openBanner = open.getByRole('banner');
    await openBanner.getByText(ORIGINAL).waitFor();
    await open.evaluate(() => Object.assign(window, { kkNotReloaded: true }));
    const admin = await pageAt('/admin.systext', ADMIN);
    const banner = admin.getByRole('banner');
    await banner.getByText(ORIGINAL).waitFor();
    await admin.getByText(/^1–25 of [\d,]+ texts$/).waitFor();
    await expectNoAxeViolations(admin);

    await admin.getByRole('searchbox', { name: 'Find a text' }).fill('community knowledge');
    await admin.getByText('1–1 of 1 text', { exact: true }).waitFor();
    const entry = admin.getByRole('listitem').filter({ has: admin.getByText('app.subtitle', { exact: true }) });
    await entry.getByRole('button', { name: 'Change' }).click();
    const form = entry.getByRole('form', { name: 'Change app.subtitle' });
    await form.getByLabel('Text on this site').fill(REWORDED);
    await form.getByRole('button', { name: 'Save' }).click();
    await banner.getByText(REWORDED).waitFor();
    await entry.getByText('Changed', { exact: true }).waitFor();
    await expectNoAxeViolations(admin);

    // The open page shows it without a reload; a new browser of the user loads it.
    await openBanner.getByText(REWORDED).waitFor();
    expect(await open.evaluate(() => (window as unknown as { kkNotReloaded?: boolean }).kkNotReloaded)).toBe(true);
    const ada = await pageAt('/', ADA);
    await ada.getByRole('banner').getByText(REWORDED).waitFor();
    await ada.context().close();

    // Unbalanced braces would break the page for everyone: refused, the text in place stays.
    await entry.getByRole('button', { name: 'Change' }).click();
    await form.getByLabel('Text on this site').fill('Riverbend {siteName KnowledgeKeeper');
    await form.getByRole('button', { name: 'Save' }).click();
    await form
      .getByText('This text cannot be shown: every opening brace needs its closing brace, and a plural or select needs an other case.')
      .waitFor();
    expect(await form.getByLabel('Text on this site').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(admin);
    // The server refuses it too, whatever a browser sends.
    expect(await api.request('act/setLocaleOverride', { lang: 'en', key: 'app.subtitle', message: 'Riverbend {siteName' })).toMatchObject({
      erred: true,
      b: { fields: { message: 'errors.invalidMessage' } },
    });
    expect(await (await fetch(`${server.url}/locale-overrides/en`)).json()).toEqual({ 'app.subtitle': REWORDED });
    await form.getByRole('button', { name: 'Cancel' }).click();

    await entry.getByRole('button', { name: 'Use the original text' }).click();
    await banner.getByText(ORIGINAL).waitFor();
    expect(await entry.getByText('Changed', { exact: true }).count()).toBe(0);
    expect(await (await fetch(`${server.url}/locale-overrides/en`)).json()).toEqual({});
    await openBanner.getByText(ORIGINAL).waitFor();
    expect(await open.evaluate(() => (window as unknown as { kkNotReloaded?: boolean }).kkNotReloaded)).toBe(true);
    await open.context().close();
    await admin.context().close();
  });

  it('a text with a plural (the page then loads the ICU parser, which the first download leaves out) shows at once in an open page and in a new one', async () => {
    const open = await pageAt('/', ADA);
    // The welcome names the user the server's socket sent: the page is live, so it is told of changes.
    await open.getByRole('heading', { name: 'Welcome, Ada Texts' }).waitFor();
    await open.getByRole('button', { name: 'Help', exact: true }).waitFor();
    const plural = '{count, plural, =0 {Site help} other {Site help, # new}}';
    await api.call('act/setLocaleOverride', { lang: 'en', key: 'app.helpMenuCount', message: plural });
    await open.getByRole('button', { name: 'Site help', exact: true }).waitFor();
    const fresh = await pageAt('/', ADA);
    await fresh.getByRole('button', { name: 'Site help', exact: true }).waitFor();
    await api.call('act/setLocaleOverride', { lang: 'en', key: 'app.helpMenuCount', message: null });
    await open.getByRole('button', { name: 'Help', exact: true }).waitFor();
    await Promise.all([open.context().close(), fresh.context().close()]);
  });

  it('has no axe violations in dark, with a text being changed', async () => {
    const admin = await pageAt('/admin.systext', ADMIN, 'dark');
    await admin.getByRole('searchbox', { name: 'Find a text' }).fill('app.keepTyping');
    const entry = admin.getByRole('listitem').filter({ has: admin.getByText('app.keepTyping', { exact: true }) });
    await entry.getByRole('button', { name: 'Change' }).click();
    await entry.getByText('Filled in by the app: {min}').waitFor();
    await expectNoAxeViolations(admin);
    await entry.getByLabel('Text on this site').fill('Type {count} more');
    await entry.getByRole('button', { name: 'Save' }).click();
    await entry.getByText('The app does not fill in {count} in this text.').waitFor();
    await expectNoAxeViolations(admin);
    await admin.context().close();
  });
});
