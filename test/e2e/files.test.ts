/**
 * Files in a real browser (issue 12): a community member (not an administrator) attaches a real image
 * and a real WAV to a contact through the form's attachment field; the thumbnail and the full image
 * load, the audio plays, and the CSV export of search results downloads. All of these are GETs the
 * browser makes without an Authorization header, on the `vgn-token` cookie the session writes. Once
 * signed out, the cookie is gone and every one of them is refused, the old token included.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { TOKEN_COOKIE, TOKEN_STORAGE_KEY } from '../../src/shared/constants';
import { ProtocolClient } from '../support/protocolClient';
import { e2eSuite, invite } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite();

/** Half a second of a 440 Hz tone: 8 kHz mono 16-bit PCM behind a RIFF/WAVE header. */
function wav(): Buffer {
  const rate = 8000;
  const samples = rate / 2;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28); // bytes per second
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return out;
}

/** The status of a GET the page makes itself (its cookies go with it, no Authorization header). */
const statusIn = (page: Page, url: string): Promise<number> => page.evaluate((u) => fetch(u).then((r) => r.status), url);

/** Whether an image at `url` loads in the page: its natural width, or 0 when it fails. */
const imageWidthIn = (page: Page, url: string): Promise<number> =>
  page.evaluate(
    (u) =>
      new Promise<number>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(0);
        img.src = u;
      }),
    url,
  );

/** The readyState an `<audio>` element reaches for `url` (at least 2 once it can play), or -1 on a media error. */
const audioStateIn = (page: Page, url: string): Promise<number> =>
  page.evaluate(
    (u) =>
      new Promise<number>((resolve) => {
        const audio = document.createElement('audio');
        audio.preload = 'auto';
        audio.muted = true;
        audio.onloadeddata = () => {
          void audio.play().catch(() => undefined);
          resolve(audio.readyState);
        };
        audio.onerror = () => resolve(-1);
        audio.src = u;
        document.body.append(audio);
      }),
    url,
  );

describe('files in a real browser', () => {
  it('a member uploads an image and a recording, sees and plays them, downloads a CSV export, and is refused all of it once signed out', async () => {
    const started = Date.now();
    const member = await invite(e2e, 'Tillie', 'Filer');
    const page = await member.join();
    const context = page.context();

    // The session mirrored its token into the cookie: whole site, Lax, readable by the app, expiring with the token.
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    const tokenCookie = async () => (await context.cookies()).find((c) => c.name === TOKEN_COOKIE);
    // Written at sign-in for the browser session, then again with the expiry the server names (authed).
    for (const deadline = Date.now() + 10_000; ((await tokenCookie())?.expires ?? -1) <= 0 && Date.now() < deadline;) {
      await page.waitForTimeout(100);
    }
    const cookie = await tokenCookie();
    expect(cookie).toMatchObject({ value: token, path: '/', sameSite: 'Lax', httpOnly: false, secure: false });
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now());

    // Two contacts of her own to attach to and to find.
    const { client } = await ProtocolClient.connect(`${e2e.server.url.replace(/^http/, 'ws')}/ws`, token!);
    const wren = await client.call<{ $id: string }>('create/Contact', { firstName: 'Wren', lastName: 'Filewright' });
    await client.call('create/Contact', { firstName: 'Otis', lastName: 'Filewright' });
    client.close();

    // Through the form's attachment field: a real PNG and a real WAV.
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2e6f40' } })
      .png()
      .toBuffer();
    await page.goto(`/i-${wren.$id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(`**/i-${wren.$id}-edit`);
    await page.getByLabel('Add a file').setInputFiles([
      { name: 'camp.png', mimeType: 'image/png', buffer: png },
      { name: 'drum.wav', mimeType: 'audio/wav', buffer: wav() },
    ]);
    await page.getByRole('link', { name: 'drum.wav', exact: true }).waitFor();
    await page.getByRole('link', { name: 'camp.png', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Applied').first().waitFor();
    // Saved: the item's view, opened afresh, lists both files.
    await page.goto(`/i-${wren.$id}`);

    // The preview in the item's gallery (the 480 px variant) loads.
    const thumb = page.locator('img[src*="variant=small"]').first();
    await thumb.waitFor();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await thumb.elementHandle(),
    );
    const thumbUrl = new URL((await thumb.getAttribute('src'))!, e2e.server.url).href;
    expect(await thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);

    // The full image opens in a tab of its own (a top-level navigation, cookie and all).
    const imageLink = page.getByRole('link', { name: 'camp.png', exact: true });
    const imageUrl = new URL((await imageLink.getAttribute('href'))!, e2e.server.url).href;
    const [tab] = await Promise.all([context.waitForEvent('page'), imageLink.click()]);
    await tab.waitForLoadState();
    await tab.waitForFunction(() => (document.querySelector('img')?.naturalWidth ?? 0) > 0);
    expect(await tab.evaluate(() => document.querySelector('img')!.naturalWidth)).toBe(640);
    await tab.close();

    // The recording plays in an <audio> element.
    const audioUrl = new URL((await page.getByRole('link', { name: 'drum.wav', exact: true }).getAttribute('href'))!, e2e.server.url).href;
    expect(await audioStateIn(page, audioUrl)).toBeGreaterThanOrEqual(2);

    // Export as CSV on the search results: the finished task's download starts by itself.
    await page.goto('/search?c0=Filewright');
    await page
      .getByRole('status')
      .filter({ hasText: /^2 results$/ })
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('search-results.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Wren Filewright');
    expect(csv).toContain('Otis Filewright');
    const exportUrl = download.url();

    // Signed out: the cookie is gone, and nothing of it opens any more.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    // The session clears the cookie as it leaves; on a loaded machine that may land just after the route.
    for (let i = 0; i < 50 && (await tokenCookie()); i++) await page.waitForTimeout(100);
    expect((await context.cookies()).map((c) => c.name)).not.toContain(TOKEN_COOKIE);
    const refused = async (): Promise<number[]> => [
      await statusIn(page, thumbUrl),
      await statusIn(page, imageUrl),
      await statusIn(page, audioUrl),
      await statusIn(page, exportUrl),
    ];
    // Without a credential the files answer as missing ones do; the export asks for a sign-in.
    expect(await refused()).toEqual([404, 404, 404, 401]);
    expect(await imageWidthIn(page, thumbUrl)).toBe(0);
    expect(await audioStateIn(page, audioUrl)).toBe(-1);
    // Nor does the old token, were a copy of the cookie kept: sign-out ended it on the server.
    await context.addCookies([{ name: TOKEN_COOKIE, value: token!, url: e2e.server.url }]);
    expect(await refused()).toEqual([401, 401, 401, 401]);
    await context.close();
    console.log(`files in a real browser: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
