/**
 * The owner organisation of a dedicated deployment in headless Chromium against the real server: the
 * administrator chooses it and gives a member `write` through the screen; that member, invited and
 * signed in in a browser of their own, finds the screen in the navigation drawer and switches another
 * member's capability; a member without `write` has no entry and is refused at the address. axe
 * (WCAG 2.2 AA) runs on the screen in light and dark.
 */
import type { Page } from 'playwright-core';
import type { OrgMembersReply } from '../../src/shared/admin/SiteOwner';
import { e2eSuite, expectNoAxeViolations, invite, type Invited, newContext, signIn } from './support/e2e';

jest.setTimeout(180_000);

const e2e = e2eSuite({ DEDICATED: '1' });

/** A user the administrator invites; `join` signs them in by the invitation's link in a browser of their own. */
const inviteUser = (firstName: string, lastName: string): Promise<Invited> => invite(e2e, firstName, lastName);

/** The navigation drawer's admin section (null when the drawer has none). */
async function adminSection(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('region', { name: 'Navigation' }).waitFor();
  return drawer.getByRole('region', { name: 'Administration' });
}

describe('the owner organisation', () => {
  it('is chosen by the administrator, whose writer manages its members from the drawer; a member without write is refused', async () => {
    const org = await e2e.api.call<{ $id: string }>('create/Organization', {
      displayName: 'Riverbend Nation',
      type: 'COMMUNITY',
      legalName: 'Riverbend Nation Inc.',
      website: 'https://riverbend.example',
    });
    const wren = await inviteUser('Wren', 'Writer');
    const rae = await inviteUser('Rae', 'Reader');
    await e2e.api.call('act/setMembership', { userId: rae.userId, orgId: org.$id, capabilities: { Research: true } });

    // The administrator chooses the owner, adds Wren through the chooser and gives them write.
    const admin = await (await newContext(e2e.browser, e2e.server.url, { colorScheme: 'dark' })).newPage();
    await admin.goto(`/sign-in?next=${encodeURIComponent('/admin.owner')}`);
    await signIn(admin);
    await admin.getByText(/No organisation owns this site yet/).waitFor();
    const chooser = admin.getByRole('form', { name: 'Choose the owner organisation' });
    await chooser.getByLabel('Owner organisation').selectOption({ label: 'Riverbend Nation' });
    await chooser.getByRole('button', { name: 'Make owner' }).click();
    await admin.getByText('Riverbend Nation Inc.').waitFor();
    const add = admin.getByRole('region', { name: 'Add a member' });
    await add.getByLabel('Name or e-mail of a user').fill('wren');
    await add.getByRole('button', { name: 'Find' }).click();
    await add.getByRole('button', { name: 'Add Wren Writer' }).click();
    const members = admin.getByRole('list', { name: 'Members' });
    const wrenEntry = members.getByRole('listitem', { name: 'Wren Writer' });
    await wrenEntry.getByRole('checkbox', { name: "Change the organisation's items" }).click();
    await admin.getByText('Applied').first().waitFor();
    await wrenEntry.getByRole('checkbox', { name: "Change the organisation's items", checked: true }).waitFor();
    await expectNoAxeViolations(admin);

    // Wren signs in, finds the screen in the drawer's admin section and gives Rae the vocabulary.
    const writer = await wren.join();
    const section = await adminSection(writer);
    await section.getByRole('link', { name: 'Owner organisation' }).click();
    await writer.waitForURL('**/admin.owner');
    const raeEntry = writer.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Rae Reader' });
    await raeEntry.getByRole('checkbox', { name: 'Vocabulary' }).click();
    await writer.getByText('Applied').first().waitFor();
    await raeEntry.getByRole('checkbox', { name: 'Vocabulary', checked: true }).waitFor();
    const listed = await e2e.api.call<OrgMembersReply>('act/orgMembers', { orgId: org.$id });
    expect(listed.members.find((m) => m.userId === rae.userId)?.capabilities).toEqual({ Research: true, Vocab: true });
    // Wren's own write stays theirs.
    expect(
      await writer
        .getByRole('listitem', { name: 'Wren Writer' })
        .getByRole('checkbox', { name: "Change the organisation's items" })
        .isDisabled(),
    ).toBe(true);
    await expectNoAxeViolations(writer);

    // The organisation opens beside the screen, to be edited there.
    await writer.getByRole('link', { name: 'Open Riverbend Nation to edit it' }).click();
    await writer.waitForURL('**/admin.owner/i-Organization-*');

    // Rae holds no write: no entry in the drawer, and the address says the screen is not theirs.
    const reader = await rae.join();
    const readerSection = await adminSection(reader);
    await reader.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Home' }).waitFor();
    expect(await readerSection.getByRole('link', { name: 'Owner organisation' }).count()).toBe(0);
    await reader.goto('/admin.owner');
    await reader.getByRole('heading', { level: 3, name: 'You cannot use this page' }).waitFor();
    expect(await reader.getByRole('list', { name: 'Members' }).count()).toBe(0);

    // Rae is given write while their page stays open: the entry appears without a reload and the screen opens.
    const drawerHome = (await adminSection(reader)).page().getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Home' });
    await drawerHome.click();
    await reader.waitForURL((url) => url.pathname === '/');
    // A mark on this document: a reload would lose it.
    await reader.evaluate(() => Object.assign(window, { kkSamePage: true }));
    await e2e.api.call('act/setMembership', {
      userId: rae.userId,
      orgId: org.$id,
      capabilities: { Research: true, Vocab: true, write: true },
    });
    const granted = await adminSection(reader);
    await granted.getByRole('link', { name: 'Owner organisation' }).click();
    await reader.waitForURL('**/admin.owner');
    await reader.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Wren Writer' }).waitFor();
    expect(await reader.evaluate(() => 'kkSamePage' in window)).toBe(true);
  });
});
