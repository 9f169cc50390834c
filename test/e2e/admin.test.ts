/**
 * The administration screens in headless Chromium against the real server: the administrator
 * publishes a modal system alert that a user's open browser shows at once, then ends it; the server
 * state names the database driver; a list value is added, translated and archived; all items lists
 * every type and searches them. axe (WCAG 2.2 AA) runs on each screen.
 */
import type { Page } from 'playwright-core';
import { e2eSuite, expectNoAxeViolations, invite, signedInPage } from './support/e2e';

jest.setTimeout(120_000);

const e2e = e2eSuite({ DEDICATED: '1' });

/** A page signed in as the administrator at `path`. */
const adminPage = (path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> =>
  signedInPage(e2e.browser, e2e.server.url, path, { colorScheme });

/** A community user, invited by the administrator, who has set their password in a browser of their own. */
const userPage = async (): Promise<Page> => (await invite(e2e, 'Ada', 'Member')).join();

/**
 * MEETING_KIND's values with the archived ones, as an editor labelling a value chosen before asks for
 * them. Asked again for up to 10 s while empty: in two full CI runs it answered nothing at once though the
 * screen already showed the value archived, which no run of this file alone reproduced; what the
 * server holds then is printed, to find out why.
 */
async function archivedValues(): Promise<unknown> {
  const ask = () => e2e.api.call<Record<string, unknown[]>>('act/lov', { list: 'MEETING_KIND', locale: 'fr', includeArchived: true });
  let values = await ask();
  for (let tries = 0; Object.keys(values).length === 0 && tries < 20; tries++) {
    if (tries === 0) {
      const held = await e2e.api
        .call<{ ids: string[] }>('search/ids', { must: { _: 'LOVValue', q: 'feast' }, max: 5 })
        .then(({ ids }) => Promise.all(ids.map((id) => e2e.api.call(`read/${id}`))))
        .catch((e: unknown) => String(e));
      console.warn(`act/lov answered nothing for MEETING_KIND; the server holds ${JSON.stringify(held)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    values = await ask();
  }
  return values;
}

describe('administration', () => {
  it('a modal system alert reaches an open browser at once, and ending it takes it away', async () => {
    const ada = await userPage();
    const admin = await adminPage('/admin.sysalerts');
    await admin.getByText('No system alerts yet.').waitFor();
    await expectNoAxeViolations(admin);
    const form = admin.getByRole('form', { name: 'New system alert' });
    await form.getByLabel('Title').fill('Maintenance tonight');
    await form.getByLabel('Message').fill('The site is down from 22:00 to 23:00.');
    await form.getByLabel(/Modal/).check();
    await form.getByRole('button', { name: 'Publish' }).click();
    // The administrator is shown the modal alert too; closing it hides it for this session.
    await admin.getByRole('dialog', { name: 'Maintenance tonight' }).getByRole('button', { name: 'Close' }).click();
    const entry = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: 'Maintenance tonight' }) });
    await entry.getByText('Showing').waitFor();
    await expectNoAxeViolations(admin, entry.getByRole('button', { name: 'Edit' }));

    const dialog = ada.getByRole('dialog', { name: 'Maintenance tonight' });
    await dialog.getByText('The site is down from 22:00 to 23:00.').waitFor();

    await entry.getByRole('button', { name: 'End' }).click();
    await entry.getByText('Ended').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the server state names the database driver', async () => {
    const admin = await adminPage('/admin.state', 'dark');
    await admin.getByText(/Embedded \(PGlite\)|PostgreSQL/).waitFor();
    await admin.getByText('Dedicated (one organisation)').waitFor();
    await expectNoAxeViolations(admin);
  });

  it('a list value is added, translated and archived', async () => {
    const admin = await adminPage('/admin.lovs');
    const form = admin.getByRole('form', { name: 'Add a value' });
    // Typed once the lists are in (the field then holds the list shown): text typed while they arrive
    // was appended to the list shown, as the field took it between selecting its text and typing.
    const listField = form.getByLabel('List', { exact: true });
    await admin.waitForFunction((field) => (field as HTMLInputElement).value !== '', await listField.elementHandle());
    await listField.fill('MEETING_KIND');
    await form.getByLabel('Key').fill('feast');
    await form.getByLabel('English label').fill('Community feast');
    await form.getByRole('button', { name: 'Add' }).click();
    // Under the list it was typed for (a form remounted while typing would have put it in the list shown).
    const list = admin.getByRole('region', { name: 'MEETING_KIND' });
    const value = list.getByRole('listitem').filter({ has: admin.getByText('feast', { exact: true }) });
    await value.getByText('Community feast').waitFor();
    await expectNoAxeViolations(admin);

    await value.getByRole('button', { name: 'Translate' }).click();
    const translate = value.getByRole('form', { name: 'Translate feast' });
    await translate.getByLabel('Label').fill('Festin communautaire');
    await translate.getByRole('button', { name: 'Save' }).click();
    await value.getByText('Festin communautaire').waitFor();
    await value.getByRole('button', { name: 'Archive' }).click();
    await value.getByText('Archived').waitFor();
    await expectNoAxeViolations(admin);

    // Archived: no longer offered, still labelled in French for values chosen before.
    expect(await e2e.api.call('act/lov', { list: 'MEETING_KIND', locale: 'fr' })).toEqual({});
    expect(await archivedValues()).toEqual({
      _: [expect.objectContaining({ key: 'feast', label: 'Festin communautaire', state: 'ARCHIVED' })],
    });
  });

  it('all items lists items of every type, system alerts too, and finds one by its text', async () => {
    await e2e.api.call('create/SystemAlert', {
      title: 'Road closed at the river crossing',
      message: 'Use the north road.',
      modal: false,
      active: false,
    });
    await e2e.api.call('create/Organization', { displayName: 'River Valley Council', type: 'GOVERNMENT' });
    const admin = await adminPage('/admin.all-items', 'dark');
    const table = admin.getByRole('table');
    await table.getByRole('link', { name: 'Road closed at the river crossing' }).waitFor();
    await table.getByRole('link', { name: 'River Valley Council' }).waitFor();
    await expectNoAxeViolations(admin);

    await admin.getByRole('searchbox').fill('crossing');
    await admin.waitForURL('**/admin.all-items?c0=crossing');
    await admin.getByRole('status').filter({ hasText: '1 result' }).waitFor();
    // The count comes with the search; the row is read just after it.
    await table.getByRole('link', { name: 'Road closed at the river crossing' }).waitFor();
    expect(await table.getByRole('link').allTextContents()).toEqual(['Road closed at the river crossing']);
  });
});
