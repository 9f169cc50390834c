/** End-to-end set-up: Debian's Chromium through playwright-core, and the real server as a process. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN } from '../../support/testServer';

export { ADMIN };

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

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

/** Starts `node dist/server/main.js` for the browser to talk to. */
export async function startE2EServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kk-e2e-'));
  const baseEnv = { DATA_DIR: dataDir, SEED_DEMO: '0', ...env };
  let current = await startServerProcess(baseEnv);
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
      current = await startServerProcess({ ...baseEnv, PORT: port });
      server.process = current;
    },
    async close() {
      await stop(current);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A fresh browser context (own storage) with the cookie banner already answered. */
export async function newContext(browser: Browser, baseURL: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, colorScheme: options.colorScheme ?? 'light' });
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
