import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrgMember, SiteOwnerReply } from '../../src/shared/admin/SiteOwner';
import type { Frame } from '../../src/shared/protocol';
import { ReplyRefusal, type SeededItem } from './support/protocolServer';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

afterEach(() => cleanUpApps());

const WAIT = { timeout: 5000 };
const sentOf = (h: AppHarness, o: string): Frame[] => h.server.received.filter((f) => f.o === o);

const ORG: SeededItem = {
  $id: 'Organization-1',
  _t: 'Organization',
  _i: 1,
  _u: 1,
  $access: 'COMMUNITY',
  _c: { ts: '2026-01-01T00:00:00Z', by: 'User-1' },
  displayName: 'Riverbend Nation',
  type: 'COMMUNITY',
  legalName: 'Riverbend Nation Inc.',
  website: 'https://riverbend.example',
};
const OTHER: SeededItem = { $id: 'Organization-2', _t: 'Organization', _i: 2, _u: 1, displayName: 'Other Corp', type: 'INDUSTRY' };
const CAPS = ['Research', 'Vocab', 'write'];
const member = (userId: string, name: string, capabilities: Record<string, boolean>): OrgMember => ({
  userId,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@x.org`,
  contactId: null,
  capabilities,
});

/** A protocol server that answers the owner screen's operations from `state`, as the real server would. */
function serveOwner(h: AppHarness, state: { owner: SiteOwnerReply; members: OrgMember[] }) {
  h.server.seedItems(ORG, OTHER);
  h.server.handlers.set('search/ids', () => ({
    ids: ['Organization-2', 'Organization-1'],
    labels: { 'Organization-1': 'Riverbend Nation', 'Organization-2': 'Other Corp' },
    total: 2,
  }));
  h.server.handlers.set('act/siteOwner', () => state.owner);
  h.server.handlers.set('act/setSiteOwner', (f) => {
    const orgId = (f.b as { orgId: string }).orgId;
    state.owner = { ...state.owner, orgId, org: orgId === ORG.$id ? (ORG as never) : (OTHER as never), mayManage: true };
    return { orgId };
  });
  h.server.handlers.set('act/orgMembers', (f) => ({ orgId: (f.b as { orgId: string }).orgId, members: state.members, capabilities: CAPS }));
  h.server.handlers.set('act/setMembership', (f) => {
    const { userId, capabilities } = f.b as { userId: string; capabilities: Record<string, boolean> };
    const found = state.members.find((m) => m.userId === userId);
    state.members = found
      ? state.members.map((m) => (m === found ? { ...m, capabilities } : m))
      : [...state.members, member(userId, 'Nia Newcomer', capabilities)];
    return null;
  });
  h.server.handlers.set('act/removeMembership', () => {
    throw new ReplyRefusal('notAllowed');
  });
  h.server.handlers.set('act/orgMemberCandidates', () => [{ userId: 'User-9', name: 'Nia Newcomer', email: 'nia@x.org' }]);
}

describe('admin.owner', () => {
  it('tells an administrator to choose the owner, who chooses it from the organisations and then sees it and its members', async () => {
    const h = renderApp({ signedIn: true, dedicated: true, path: '/admin.owner', user: { $id: 'User-1', admin: true } });
    serveOwner(h, {
      owner: { orgId: null, org: null, mayChoose: true, mayManage: false },
      members: [member('User-2', 'Wren Writer', { write: true })],
    });
    expect(await screen.findByText(/No organisation owns this site yet/, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Choose the owner organisation' });
    const select = within(form).getByLabelText('Owner organisation');
    await waitFor(
      () =>
        expect(
          within(select)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Choose an organisation…', 'Other Corp', 'Riverbend Nation']),
      WAIT,
    );
    expect(within(form).getByRole('button', { name: 'Make owner' })).toBeDisabled();
    await userEvent.selectOptions(select, 'Riverbend Nation');
    await userEvent.click(within(form).getByRole('button', { name: 'Make owner' }));
    await waitFor(() => expect(sentOf(h, 'act/setSiteOwner').map((f) => f.b)).toEqual([{ orgId: 'Organization-1' }]), WAIT);
    expect(await screen.findByText('Applied', {}, WAIT)).toBeInTheDocument();

    const card = (await screen.findByText('Riverbend Nation Inc.', {}, WAIT)).closest('dl')!;
    expect(within(card).getByText('Community')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'https://riverbend.example' })).toHaveAttribute('href', 'https://riverbend.example');
    const members = await screen.findByRole('list', { name: 'Members' }, WAIT);
    expect(within(members).getByText('Wren Writer')).toBeInTheDocument();
    // The administrator may take anyone's write, and the chooser now names the owner.
    expect(within(members).getByRole('checkbox', { name: "Change the organisation's items" })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Owner organisation' })).toHaveValue('Organization-1');
  });

  it("lets a writer switch a member's capability, shows a refused removal at that member, adds a found user and opens the organisation beside", async () => {
    const h = renderApp({
      signedIn: true,
      dedicated: true,
      ownerOrg: 'Organization-1',
      path: '/admin.owner',
      user: { $id: 'User-2', organizations: { 'Organization-1': { write: true } } },
    });
    serveOwner(h, {
      owner: { orgId: 'Organization-1', org: ORG as never, mayChoose: false, mayManage: true },
      members: [member('User-3', 'Rae Reader', { Research: true }), member('User-2', 'Wren Writer', { write: true })],
    });
    const members = await screen.findByRole('list', { name: 'Members' }, WAIT);
    expect(screen.queryByRole('form', { name: 'Choose the owner organisation' })).toBeNull();
    const rae = within(members).getByRole('listitem', { name: 'Rae Reader' });
    const wren = within(members).getByRole('listitem', { name: 'Wren Writer' });
    // Their own write stays theirs, and they cannot remove themselves.
    expect(within(wren).getByRole('checkbox', { name: "Change the organisation's items" })).toBeDisabled();
    expect(within(wren).getByRole('checkbox', { name: "Change the organisation's items" })).toHaveAccessibleDescription(
      "You cannot take away your own right to change the organisation's items.",
    );
    expect(within(wren).queryByRole('button', { name: 'Remove Wren Writer' })).toBeNull();

    expect(within(rae).getByRole('group', { name: 'Capabilities of Rae Reader' })).toBeInTheDocument();
    await userEvent.click(within(rae).getByRole('checkbox', { name: 'Vocabulary' }));
    await waitFor(
      () =>
        expect(sentOf(h, 'act/setMembership').map((f) => f.b)).toEqual([
          { userId: 'User-3', orgId: 'Organization-1', capabilities: { Research: true, Vocab: true } },
        ]),
      WAIT,
    );
    await waitFor(
      () =>
        expect(within(screen.getByRole('listitem', { name: 'Rae Reader' })).getByRole('checkbox', { name: 'Vocabulary' })).toBeChecked(),
      WAIT,
    );
    expect(await screen.findByText('Applied', {}, WAIT)).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('listitem', { name: 'Rae Reader' })).getByRole('button', { name: 'Remove Rae Reader' }));
    expect(await within(screen.getByRole('listitem', { name: 'Rae Reader' })).findByRole('alert', {}, WAIT)).toHaveTextContent(
      'You may not do this.',
    );
    expect(within(screen.getByRole('listitem', { name: 'Wren Writer' })).queryByRole('alert')).toBeNull();

    const add = screen.getByRole('region', { name: 'Add a member' });
    await userEvent.type(within(add).getByLabelText('Name or e-mail of a user'), 'nia');
    await userEvent.click(within(add).getByRole('button', { name: 'Find' }));
    await userEvent.click(await within(add).findByRole('button', { name: 'Add Nia Newcomer' }, WAIT));
    await waitFor(
      () => expect(sentOf(h, 'act/setMembership').at(-1)?.b).toEqual({ userId: 'User-9', orgId: 'Organization-1', capabilities: {} }),
      WAIT,
    );
    expect(await screen.findByRole('listitem', { name: 'Nia Newcomer' }, WAIT)).toBeInTheDocument();
    expect(sentOf(h, 'act/orgMemberCandidates').map((f) => f.b)).toEqual([{ orgId: 'Organization-1', text: 'nia' }]);

    await userEvent.click(screen.getByRole('link', { name: 'Open Riverbend Nation to edit it' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin.owner/i-Organization-1'), WAIT);
  });

  it('tells a member who does not manage it that the screen is not theirs, asking nothing, and shows a refusal', async () => {
    const h = renderApp({ signedIn: true, dedicated: true, path: '/admin.owner', user: { organizations: { 'Organization-1': {} } } });
    serveOwner(h, { owner: { orgId: null, org: null, mayChoose: false, mayManage: false }, members: [] });
    expect(await screen.findByRole('heading', { level: 3, name: 'You cannot use this page' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Choose the owner organisation' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
    expect(sentOf(h, 'act/siteOwner')).toEqual([]);
    expect(sentOf(h, 'act/orgMembers')).toEqual([]);
    cleanUpApps();

    const refused = renderApp({ signedIn: true, path: '/admin.owner', user: { admin: true } });
    refused.server.failures.set('act/siteOwner', {
      userMessage: 'notAllowed',
      sysMessage: 'Only a dedicated deployment has an owner organisation',
    });
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('You may not do this.');
  });
});
