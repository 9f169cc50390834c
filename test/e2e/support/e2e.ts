/** End-to-end set-up: Debian's Chromium through playwright-core, and the real server as a process. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { ProtocolClient, signIn as apiSignIn } from '../../support/protocolClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN } from '../../support/testServer';
import { buildWithJournal, type JournalBuild } from '../../support/exampleModule/journalBuild';

export { ADMIN };

export const CHROMIUM = '/usr/bin/chromium';
// The last flag keeps Chromium's own omnibox pages from loading beside every new window: they made a few
// hundred requests and took CPU from the page under test on 2 cores (docs/decisions.md).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

/** Headless Chromium. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A server process on its own data directory; `restart` stops it and starts it again on the same port and data. */
export interface E2EServer {
  url: string;
  /** Its DATA_DIR (mail goes to `outbox/` there). */
  dataDir: string;
  process: ServerProcess;
  restart(): Promise<void>;
  stopProcess(): Promise<void>;
  close(): Promise<void>;
}

async function stop(p: ServerProcess): Promise<void> {
  if (p.child.exitCode !== null) return;
  p.child.kill('SIGTERM');
  await p.exited;
}

/** Starts `node dist/server/main.js` (or `build`'s server and browser bundles) for the browser to talk to. */
export async function startE2EServer(env: Record<string, string> = {}, build?: JournalBuild): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-e2e-'));
  // The embedded database starts from the run's migrated template (jest's global setup) rather than
  // initialising and migrating its own: about 4 s less for each file. First starts have tests of their own.
  const template = process.env.KK_PGLITE_TEMPLATE;
  if (!env.DATABASE_URL && template && existsSync(join(template, 'pgdata', 'PG_VERSION')))
    cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  const baseEnv = { DATA_DIR: dataDir, SEED_DEMO: '0', ...(build ? { PUBLIC_DIR: build.publicDir } : {}), ...env };
  const start = (processEnv: Record<string, string>) =>
    build ? startServerProcess(processEnv, build.script) : startServerProcess(processEnv);
  let current = await start(baseEnv);
  const port = new URL(current.url).port;
  const server: E2EServer = {
    url: current.url,
    dataDir,
    process: current,
    async stopProcess() {
      await stop(current);
    },
    async restart() {
      await stop(current);
      current = await start({ ...baseEnv, PORT: port });
      server.process = current;
    },
    async close() {
      await stop(current);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** What a test file works with: a browser, a server of its own and, unless asked not to, an administrator's socket. */
export interface E2ESuite {
  browser: Browser;
  server: E2EServer;
  /** The administrator, signed in over the protocol (absent with `{ api: false }`). */
  api: ProtocolClient;
  /** The administrator's token behind `api` (for HTTP: uploads, downloads). */
  token: string;
}

/**
 * Starts Chromium and a server with `env` before the file's tests and stops them after; the fields
 * are filled once `beforeAll` has run.
 */
export function e2eSuite(env: Record<string, string> = {}, options: { api?: boolean; journal?: boolean } = {}): E2ESuite {
  const suite = {} as E2ESuite;
  // With `journal`, the example journal module on the registry lines (a build of the file's own).
  let build: JournalBuild | undefined;
  beforeAll(async () => {
    if (options.journal) build = await buildWithJournal();
    [suite.browser, suite.server] = await Promise.all([launchBrowser(), startE2EServer(env, build)]);
    if (options.api === false) return;
    suite.token = await apiSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    ({ client: suite.api } = await ProtocolClient.connect(`${suite.server.url.replace(/^http/, 'ws')}/ws`, suite.token));
  });
  afterAll(async () => {
    suite.api?.close();
    await suite.browser?.close();
    await suite.server?.close();
    build?.remove();
  });
  return suite;
}

/** A fresh browser context (own storage) with the cookie banner already answered. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  await context.addInitScript(() => window.localStorage.setItem('kk-cookies-ok', '1'));
  return context;
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The newest mail in the server's outbox that contains `marker`, with quoted-printable undone. */
export function readMail(dataDir: string, marker: string): string {
  const outbox = join(dataDir, 'outbox');
  const mails = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
  for (const name of mails) {
    const raw = readFileSync(join(outbox, name), 'utf8');
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (text.includes(marker)) return text;
  }
  throw new Error(`no mail with ${marker} in ${outbox}`);
}

/** The path and query of the first link to `path` in a mail. */
export function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${path}\\?token=[A-Za-z0-9_-]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules every screen is checked against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The WCAG rules axe finds broken on `page`. axe's source goes into the page once per document: the app moves between screens without loading a new one. */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  type WithAxe = Window & { axe?: typeof axe };
  if (!(await page.evaluate(() => Boolean((window as WithAxe).axe)))) await page.evaluate(axe.source);
  // Only the violations are gathered: the passes' details cost the most time and are not read.
  const results = await page.evaluate(
    (tags) => (window as WithAxe).axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return results.violations;
}

/**
 * axe finds no WCAG violation on `page`. The pointer rests off the content, or on `hovered`: a
 * control's hover colours must keep their contrast too. A failure names each offending element.
 */
export async function expectNoAxeViolations(page: Page, hovered?: Locator): Promise<void> {
  if (hovered) await hovered.hover();
  else await page.mouse.move(0, 0);
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`)).toEqual([]);
}

/** A page in a browser context of its own, signed in through the form (as the administrator unless `who`), at `path`. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { colorScheme?: 'light' | 'dark'; who?: { email: string; password: string }; multiColumns?: boolean } = {},
): Promise<Page> {
  const context = await newContext(browser, baseURL, options);
  if (options.multiColumns) {
    await context.addInitScript(() => window.localStorage.setItem('kk-prefs', JSON.stringify({ v: 1, prefs: { multiColumns: true } })));
  }
  const page = await context.newPage();
  await page.goto(`/sign-in?next=${encodeURIComponent(path)}`);
  await signIn(page, options.who?.email, options.who?.password);
  await page.waitForURL(`**${path}`);
  return page;
}

/** Someone the administrator invites by a new contact; `join` follows the mailed link in a browser of their own, sets a password and lands signed in. */
export interface Invited {
  userId: string;
  email: string;
  password: string;
  join(colorScheme?: 'light' | 'dark'): Promise<Page>;
}

/** Invites `firstName lastName` (e-mail first.last@example.org) through the suite's administrator socket. */
export async function invite({ api, browser, server }: E2ESuite, firstName: string, lastName: string): Promise<Invited> {
  const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.org`;
  const password = `${firstName.toLowerCase()}s own password`;
  const contact = await api.call<{ $id: string }>('create/Contact', { firstName, lastName, email });
  const { userId } = await api.call<{ userId: string }>('act/invite', { contactId: contact.$id });
  const join = async (colorScheme: 'light' | 'dark' = 'light'): Promise<Page> => {
    const page = await (await newContext(browser, server.url, { colorScheme })).newPage();
    await page.goto(linkIn(readMail(server.dataDir, email), '/set-pass'));
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: `Welcome, ${firstName} ${lastName}` }).waitFor();
    return page;
  };
  return { userId, email, password, join };
}

/**
 * Saves a screenshot of `page` as `<name>.png` in the directory KK_SCREENSHOTS names, for people to look
 * at the screens; without it nothing is taken (screenshots assert nothing, and cost the run's CPU).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.KK_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: options.fullPage ?? true });
}
