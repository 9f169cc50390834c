/**
 * The journal's files (issue 13, virtual types): with the example journal registered, "Journal files"
 * searches the virtual type journalAttachment in Chromium. The table shows each file with its entry's
 * title, the facets count kinds and the size ranges of spec 001 §9, free text finds a file by its
 * entry's title, and the zip of the files found downloads (a real download) with those files inside.
 * Axe clean in both themes, on a desktop and at phone width.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as tus from 'tus-js-client';
import type { Item } from '../../src/shared/items/types';
import { zipEntries } from '../support/zipEntries';
import { e2eSuite, expectNoAxeViolations, screenshot, signedInPage } from './support/e2e';

jest.setTimeout(240_000);

/** Where the screenshots go (looked at when the screen changes). */

const e2e = e2eSuite({}, { journal: true });

/** Uploads `data` as the administrator, attached to `entry`. */
function upload(data: Buffer, filename: string, entry: Item): Promise<void> {
  return new Promise((resolve, reject) => {
    new tus.Upload(data, {
      endpoint: `${e2e.server.url}/api/upload`,
      headers: { authorization: `Bearer ${e2e.token}` },
      metadata: { filename, relType: entry._t, relIndex: String(entry._i), relProp: 'files' },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

const notes = Buffer.from('Eleven geese landed at dawn, then flew north.\n');
const map = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4_000, 7)]);

beforeAll(async () => {
  const geese = await e2e.api.call<Item>('create/JournalEntry', { title: 'Geese on the lake', date: '2026-04-20' });
  const bear = await e2e.api.call<Item>('create/JournalEntry', { title: 'Bear sign', date: '2026-04-21' });
  await upload(notes, 'dawn count.txt', geese);
  await upload(map, 'lake map.pdf', geese);
  await upload(notes, 'claw marks.txt', bear);
});

const shot = (page: Page, name: string) => screenshot(page, name);
const count = (page: Page, total: number) =>
  page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${total} results?$`) })
    .waitFor();
const facet = (page: Page, title: string) => page.getByRole('group', { name: title });

/** Axe clean, and screenshots on a desktop and at phone width. */
async function checkScreens(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expectNoAxeViolations(page);
  await shot(page, `attachments-desktop-${theme}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('cell', { name: 'lake map.pdf' }).first().waitFor();
  await expectNoAxeViolations(page);
  await shot(page, `attachments-phone-${theme}`);
}

describe("the journal's files", () => {
  it('searches them with their entries, shows their facets, and downloads the zip of those found', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, '/journal.attachments');
    await count(page, 3);
    const row = page.getByRole('row').filter({ hasText: 'lake map.pdf' });
    await row.getByRole('cell', { name: 'Geese on the lake' }).waitFor();
    await row.getByRole('cell', { name: '20-Apr-2026' }).waitFor();
    // Facets: the kinds, and the sizes in the ranges of spec 001 §9 (only those with files show).
    await facet(page, 'Kind').getByText('Document').waitFor();
    const sizes = facet(page, 'Size');
    await sizes.getByRole('checkbox').first().waitFor();
    expect(await sizes.getByRole('checkbox').count()).toBe(2);
    await facet(page, 'Entry').getByText('Bear sign').waitFor();
    await checkScreens(page, 'light');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Free text finds the files by their entry's title.
    await page.getByLabel('Search in results').fill('geese');
    await count(page, 2);
    expect(await page.getByRole('cell', { name: 'claw marks.txt' }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download the files (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('archive-attachments.zip');
    const entries = zipEntries(readFileSync((await download.path())!));
    expect(entries.map((e) => e.name).sort()).toEqual(['dawn count.txt', 'lake map.pdf']);
    expect(entries.map((e) => e.size).sort((a, b) => a - b)).toEqual([notes.length, map.length]);
    await page.context().close();
  });

  it('is axe clean in the dark theme, on a desktop and at phone width', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, '/journal.attachments', { colorScheme: 'dark' });
    await count(page, 3);
    await checkScreens(page, 'dark');
    await page.context().close();
  });
});
