/**
 * Files on an organisation in a real browser (issue 16): the administrator adds an image by the Files
 * field's picker and a PDF by dropping it onto the field, sees each upload's preview, saves, reloads and
 * still sees the gallery (the image's preview loaded, the PDF as its icon with name and size), and
 * downloads the PDF. The edit and read screens are axe clean, light and dark, desktop and phone.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, signedInPage } from './support/e2e';

jest.setTimeout(180_000);

const e2e = e2eSuite();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Drops a file named `name` holding `bytes` onto `selector`, as a file dragged from the desktop is. */
async function dropFile(page: Page, selector: string, name: string, type: string, bytes: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, b64 }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type }));
      return dt;
    },
    { name, type, b64: bytes.toString('base64') },
  );
  const zone = page.locator(selector);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await page.locator('[data-dropzone="active"]').waitFor();
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Waits until the image of `selector` has loaded; answers its natural width. */
async function loadedWidth(page: Page, selector: string): Promise<number> {
  const img = page.locator(selector).first();
  await img.waitFor();
  await page.waitForFunction(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
    await img.elementHandle(),
  );
  return img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

describe('files on an organisation', () => {
  let orgId: string;

  beforeAll(async () => {
    ({ $id: orgId } = await e2e.api.call<{ $id: string }>('create/Organization', { displayName: 'Birch River Nation', type: 'COMMUNITY' }));
  });

  it('adds an image by the picker and a PDF by drag and drop, shows previews, keeps them after a reload, and downloads one', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, `/i-${orgId}-edit`);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3b6e8f' } })
      .png()
      .toBuffer();
    await page.getByLabel('Add a file').setInputFiles([{ name: 'river map.png', mimeType: 'image/png', buffer: png }]);
    await page.getByRole('link', { name: 'river map.png', exact: true }).waitFor();
    // The edit form previews the image with its 160 px thumbnail.
    expect(await loadedWidth(page, '[data-attachment] img[src*="variant=thumb"]')).toBe(160);

    await dropFile(page, '[data-dropzone]', 'minutes.pdf', 'application/pdf', pdf);
    const pdfCard = page.locator('[data-attachment]').filter({ hasText: 'minutes.pdf' });
    await pdfCard.waitFor();
    await expect(pdfCard.locator('[data-preview="icon"]').textContent()).resolves.toBe('PDF');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Applied').first().waitFor();
    await page.goto(`/i-${orgId}`);
    await page.locator('[data-gallery]').waitFor();
    await page.reload();

    // After a reload the gallery still shows both: the image's 480 px preview, the PDF's icon, name and size.
    expect(await loadedWidth(page, '[data-gallery] img[src*="variant=small"]')).toBe(480);
    const savedPdf = page.locator('[data-gallery] [data-attachment]').filter({ hasText: 'minutes.pdf' });
    await expect(savedPdf.textContent()).resolves.toContain(`Document · ${pdf.length} Bytes`);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download minutes.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('minutes.pdf');
    expect(readFileSync((await download.path())!).equals(pdf)).toBe(true);
    await page.context().close();
  });

  it('is axe clean in the dark theme, on a desktop and at phone width', async () => {
    const page = await signedInPage(e2e.browser, e2e.server.url, `/i-${orgId}`, { colorScheme: 'dark' });
    await loadedWidth(page, '[data-gallery] img');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.goto(`/i-${orgId}-edit`);
    await page.getByLabel('Add a file').waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
