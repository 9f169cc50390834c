/**
 * Only what the server allows is offered (issue 16 problem 4), in headless Chromium against the real
 * server, as a community member without rights: no Edit on an organisation they may not change, Edit on
 * their own profile, and the create form and admin screens they may not use say so instead of working.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, invite, signedInPage, type Invited } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite();

/** A page of the member's signed-in context that records every socket frame it receives. */
async function recordingPage(signedIn: Page): Promise<{ page: Page; frames: string[] }> {
  const page = await signedIn.context().newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
  return { page, frames };
}

/** Resolves once `ready()` holds (checked every 50 ms), or fails after 10 s. */
async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 50) {
    if (waited > 10_000) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a community member without rights', () => {
  let member: Invited;
  let joined: Page;
  let orgId: string;
  beforeAll(async () => {
    const org = await e2e.api.call<{ $id: string }>('create/Organization', { displayName: 'Riverbend Nation', type: 'COMMUNITY' });
    orgId = org.$id;
    member = await invite(e2e, 'Nora', 'Member');
    joined = await member.join();
  });
  afterAll(async () => {
    await joined?.context().close();
  });

  it('is not offered Edit on an organisation they may not change', async () => {
    const { page, frames } = await recordingPage(joined);
    await page.goto(`/i-${orgId}`);
    const column = page.locator(`section[data-cell="i-${orgId}"]`);
    await column.getByText('Riverbend Nation').first().waitFor();
    // The server's answer has arrived: from here on, an Edit would be on screen.
    await until(() => frames.some((f) => f.includes('act/isAllowed') && f.includes('"update":false')));
    await column.getByRole('heading', { level: 2, name: 'Riverbend Nation' }).waitFor();
    expect(await column.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await page.close();
  });

  it('is offered Edit on their own profile', async () => {
    await joined.goto(`/i-${member.userId}`);
    await joined.locator(`section[data-cell="i-${member.userId}"]`).getByRole('button', { name: 'Edit' }).waitFor();
  });

  it('is told they cannot create an organisation, instead of a form that would be refused', async () => {
    await joined.goto('/i-Organization-0');
    const column = joined.locator('section[data-cell="i-Organization-0"]');
    await column.getByRole('heading', { level: 3, name: 'You cannot create a new organisation here' }).waitFor();
    expect(await column.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await column.getByRole('button', { name: 'Go back' }).click();
    await joined.getByRole('heading', { name: 'Welcome, Nora Member' }).waitFor();
  });

  it.each(['/admin.sysalerts', '/admin.lovs'])('is told %s is not for them, with the address and a way home', async (path) => {
    await joined.goto(path);
    const column = joined.locator(`section[data-cell="v-${path.slice(1)}"]`);
    await column.getByRole('heading', { level: 3, name: 'You cannot use this page' }).waitFor();
    expect(await column.getByTestId('not-allowed-address').textContent()).toBe(path);
    expect(await column.getByRole('heading', { level: 2 }).textContent()).toBe('Not allowed');
    await column.getByRole('link', { name: 'Go to the home page' }).waitFor();
  });

  it('sees the not-allowed screen without an axe violation, light and dark', async () => {
    await joined.goto('/admin.sysalerts');
    await joined.getByRole('heading', { level: 3, name: 'You cannot use this page' }).waitFor();
    await expectNoAxeViolations(joined);
    const dark = await signedInPage(e2e.browser, e2e.server.url, '/admin.sysalerts', { colorScheme: 'dark', who: member });
    await dark.getByRole('heading', { level: 3, name: 'You cannot use this page' }).waitFor();
    await expectNoAxeViolations(dark);
    await dark.context().close();
  });
});
