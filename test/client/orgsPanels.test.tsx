import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { selectItem, type ItemActorRef } from '../../machines/item/itemMachine';
import { getRouter } from '../../machines/systemIds';
import type { Item } from '../../src/shared/items/types';
import type { UserAccount } from '../../src/shared/modules/userAdmin';
import type { ItemPanelProps } from '../../src/client/items/itemPanels';
import { loadScreens } from '../../src/client/modules/moduleRegistry';
import { cleanUpApps, renderApp, type RenderOptions } from './support/renderApp';
import { withProviders } from './support/renderItemScreen';
import type { SeededItem } from './support/protocolServer';

afterEach(cleanUpApps);

const user = (index: number, name: string): SeededItem => ({
  $id: `User-${index}`,
  _t: 'User',
  _i: index,
  _u: 1,
  _c: { ts: '2026-01-05T10:00:00.000Z', by: null },
  $access: 'PROTECTED',
  $labels: { [`User-${index}`]: name },
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
});
const contact = (index: number, extra: Record<string, unknown> = {}): SeededItem => ({
  $id: `Contact-${index}`,
  _t: 'Contact',
  _i: index,
  _u: 1,
  _c: { ts: '2026-01-05T10:00:00.000Z', by: 'User-1' },
  $access: 'PROTECTED',
  $labels: { [`Contact-${index}`]: 'Nora Invited' },
  firstName: 'Nora',
  lastName: 'Invited',
  email: 'nora@example.org',
  ...extra,
});

/** The app at the item's cell, and the panels the orgs module's screens give the type, drawn for that cell's item. */
async function renderPanels(item: SeededItem, options: RenderOptions, serve: (h: ReturnType<typeof renderApp>) => void = () => undefined) {
  const app = renderApp({ path: `/i-${item.$id}`, signedIn: true, ...options });
  app.server.seedItems(item);
  serve(app);
  let itemRef: ItemActorRef | null = null;
  let read: Item | null = null;
  await waitFor(() => {
    const cell = getRouter(app.session.system)
      ?.getSnapshot()
      .context.cells.find((c) => c.spec.itemId === item.$id);
    itemRef = cell?.ref.getSnapshot().context.item ?? null;
    read = itemRef ? selectItem(itemRef.getSnapshot()) : null;
    if (!read) throw new Error('not read yet');
  });
  const cell = getRouter(app.session.system)!
    .getSnapshot()
    .context.cells.find((c) => c.spec.itemId === item.$id)!.ref;
  const panels: readonly ComponentType<ItemPanelProps>[] = (await loadScreens('orgs')).panels?.[String(item._t)] ?? [];
  const view = render(
    withProviders(
      <>
        {panels.map((Panel, i) => (
          <Panel key={i} item={read!} itemRef={itemRef!} cell={cell} />
        ))}
      </>,
      app.session,
    ),
  );
  return { ...app, panel: within(view.container) };
}

const ops = (h: { server: { received: { o: string; b?: unknown }[] } }, o: string) =>
  h.server.received.filter((f) => f.o === o).map((f) => f.b ?? null);
const session = (id: string, started: string, current = false) => ({
  id,
  started,
  expires: '2030-01-01T00:00:00Z',
  current,
  masqueraded: false,
});

describe('User panel', () => {
  it('shows the user their own sessions; End ends one and the list is read again', async () => {
    let sessions = [session('aaaaaaaaaaaaaaaa', '2026-03-01T09:00:00Z', true), session('bbbbbbbbbbbbbbbb', '2026-02-01T09:00:00Z')];
    const h = await renderPanels(user(1, 'Ada Lovelace'), {}, (app) => {
      app.server.handlers.set('act/mySessions', () => sessions);
      app.server.handlers.set('act/endMySession', (f) => {
        sessions = sessions.filter((s) => s.id !== (f.b as { id: string }).id);
        return null;
      });
    });
    const list = await h.panel.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('This session');
    const ends = within(list).getAllByRole('button', { name: /^End the session started/ });
    await userEvent.click(ends[1]!);
    await waitFor(() => expect(within(h.panel.getByRole('list')).getAllByRole('listitem')).toHaveLength(1));
    expect(ops(h, 'act/endMySession')).toEqual([{ id: 'bbbbbbbbbbbbbbbb' }]);
    expect(await screen.findByText('Applied')).toBeInTheDocument();
    // No administration of oneself.
    expect(h.panel.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it("gives an administrator another user's capabilities, memberships, Block with confirmation and End all sessions", async () => {
    let account: UserAccount = {
      userId: 'User-7',
      admin: false,
      blocked: false,
      capabilities: { Research: true },
      memberships: [{ orgId: 'Organization-2', label: 'Coastal Mining', capabilities: {} }],
    };
    const h = await renderPanels(user(7, 'Bob Member'), { user: { admin: true } }, (app) => {
      app.server.handlers.set('act/userAccount', () => account);
      app.server.handlers.set('act/rolesAvailable', () => ['Research', 'Spatial', 'write']);
      app.server.handlers.set('search/ids', () => ({
        ids: ['Organization-2', 'Organization-5'],
        labels: { 'Organization-2': 'Coastal Mining', 'Organization-5': 'Riverbend Nation' },
      }));
      app.server.handlers.set('act/setCapabilities', (f) => {
        account = { ...account, capabilities: (f.b as { capabilities: Record<string, boolean> }).capabilities };
        return null;
      });
      app.server.handlers.set('act/setMembership', (f) => {
        const { orgId, capabilities } = f.b as { orgId: string; capabilities: Record<string, boolean> };
        account = {
          ...account,
          memberships: [
            ...account.memberships.filter((m) => m.orgId !== orgId),
            { orgId, label: orgId === 'Organization-5' ? 'Riverbend Nation' : 'Coastal Mining', capabilities },
          ],
        };
        return null;
      });
      app.server.handlers.set('act/blockUser', (f) => {
        account = { ...account, blocked: (f.b as { blocked: boolean }).blocked };
        return { blocked: account.blocked };
      });
      app.server.handlers.set('act/endSessions', () => ({ ended: 2 }));
    });
    const site = await h.panel.findByRole('group', { name: 'Capabilities on the whole site' });
    expect(within(site).getByRole('checkbox', { name: 'Research' })).toBeChecked();
    expect(within(site).queryByRole('checkbox', { name: "Change the organisation's items" })).not.toBeInTheDocument();
    await userEvent.click(within(site).getByRole('checkbox', { name: 'Spatial' }));
    await waitFor(() =>
      expect(ops(h, 'act/setCapabilities')).toEqual([{ userId: 'User-7', capabilities: { Research: true, Spatial: true } }]),
    );
    await waitFor(() =>
      expect(
        within(h.panel.getByRole('group', { name: 'Capabilities on the whole site' })).getByRole('checkbox', { name: 'Spatial' }),
      ).toBeChecked(),
    );

    const coastal = h.panel.getByRole('group', { name: 'Capabilities in Coastal Mining' });
    await userEvent.click(within(coastal).getByRole('checkbox', { name: "Change the organisation's items" }));
    await waitFor(() =>
      expect(ops(h, 'act/setMembership')).toEqual([{ userId: 'User-7', orgId: 'Organization-2', capabilities: { write: true } }]),
    );
    await userEvent.selectOptions(h.panel.getByLabelText('Organisation'), 'Riverbend Nation');
    await userEvent.click(h.panel.getByRole('button', { name: 'Add to organisation' }));
    expect(await h.panel.findByRole('group', { name: 'Capabilities in Riverbend Nation' })).toBeInTheDocument();

    await userEvent.click(h.panel.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bob Member?' });
    expect(ops(h, 'act/blockUser')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await h.panel.findByText('This user is blocked.')).toBeInTheDocument();
    expect(ops(h, 'act/blockUser')).toEqual([{ userId: 'User-7', blocked: true }]);
    expect(h.panel.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();

    await userEvent.click(h.panel.getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(ops(h, 'act/endSessions')).toEqual([{ userId: 'User-7' }]));
  });

  it('Cancel keeps the user unblocked; a refusal is shown', async () => {
    const h = await renderPanels(user(7, 'Bob Member'), { user: { admin: true } }, (app) => {
      app.server.handlers.set('act/userAccount', () => ({
        userId: 'User-7',
        admin: false,
        blocked: false,
        capabilities: {},
        memberships: [],
      }));
      app.server.handlers.set('act/rolesAvailable', () => ['Research']);
      app.server.handlers.set('search/ids', () => ({ ids: [], labels: {} }));
      app.server.failures.set('act/endSessions', { userMessage: 'notAllowed' });
    });
    await userEvent.click(await h.panel.findByRole('button', { name: 'Block' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(ops(h, 'act/blockUser')).toEqual([]);
    await userEvent.click(h.panel.getByRole('button', { name: 'End all sessions' }));
    expect(await h.panel.findByRole('alert')).toHaveTextContent('You may not do this.');
  });

  it('shows nothing of another user to someone who is not an administrator', async () => {
    const h = await renderPanels(user(7, 'Bob Member'), {});
    expect(h.panel.queryByRole('heading')).not.toBeInTheDocument();
    expect(ops(h, 'act/userAccount')).toEqual([]);
  });
});

describe('Contact panel', () => {
  it('invites a contact where the invite permission allows, then offers Resend after a confirmation (dedicated)', async () => {
    let state = 'NONE';
    const h = await renderPanels(contact(3), { dedicated: true, user: { admin: true } }, (app) => {
      app.server.handlers.set('act/isAllowed', () => ({ allowed: { invite: true }, applyGrants: true }));
      app.server.handlers.set('act/userStates', () => ({ states: { 'Contact-3': state } }));
      app.server.handlers.set('act/invite', () => {
        state = 'INVITED';
        return { userId: 'User-9', invited: true };
      });
    });
    expect(await h.panel.findByText('Not a user')).toBeInTheDocument();
    await userEvent.click(await h.panel.findByRole('button', { name: 'Invite' }));
    expect(await h.panel.findByText('Invited, has not set a password yet')).toBeInTheDocument();
    expect(ops(h, 'act/invite')).toEqual([{ contactId: 'Contact-3' }]);
    expect(ops(h, 'act/isAllowed')).toEqual([{ id: 'Contact-3', actions: ['invite'] }]);
    await userEvent.click(h.panel.getByRole('button', { name: 'Resend invitation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invitation again?' });
    expect(dialog).toHaveTextContent('nora@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() => expect(ops(h, 'act/invite')).toHaveLength(2));
  });

  it('offers no invitation without the permission, nor to a contact who is a user already', async () => {
    const h = await renderPanels(contact(3), { dedicated: true }, (app) => {
      app.server.handlers.set('act/isAllowed', () => ({ allowed: { invite: false }, applyGrants: false }));
      app.server.handlers.set('act/userStates', () => ({ states: { 'Contact-3': 'NONE' } }));
    });
    expect(await h.panel.findByText('Not a user')).toBeInTheDocument();
    // The item screen asks its own question (update, for Edit) beside the panel's.
    await waitFor(() => expect(ops(h, 'act/isAllowed')).toContainEqual({ id: 'Contact-3', actions: ['invite'] }));
    expect(h.panel.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    cleanUpApps();

    const a = await renderPanels(contact(3), { dedicated: true, user: { admin: true } }, (app) => {
      app.server.handlers.set('act/isAllowed', () => ({ allowed: { invite: true }, applyGrants: true }));
      app.server.handlers.set('act/userStates', () => ({ states: { 'Contact-3': 'WEEK' } }));
    });
    expect(await a.panel.findByText('Signed in within the last week')).toBeInTheDocument();
    expect(a.panel.queryByRole('button', { name: /Invite|Resend/ })).not.toBeInTheDocument();
  });

  it('on a non-dedicated site offers Invite to a contact without an account and shows why the server refused', async () => {
    const h = await renderPanels(contact(3, { email: undefined }), {}, (app) => {
      app.server.handlers.set('act/isAllowed', () => ({ allowed: { invite: true }, applyGrants: true }));
      app.server.handlers.set('act/userStates', () => ({ states: { 'Contact-3': 'NONE' }, lastSeen: {} }));
      app.server.failures.set('act/invite', { userMessage: 'validationFailed', fields: { email: 'errors.invalidEmail' } });
    });
    expect(await h.panel.findByText('Not a user')).toBeInTheDocument();
    await userEvent.click(await h.panel.findByRole('button', { name: 'Invite' }));
    expect(await h.panel.findByRole('alert')).toHaveTextContent('This is not an e-mail address.');
  });

  it('follows an accepted invitation when the tab is shown again: active, last seen, no Invite (non-dedicated)', async () => {
    let reply: unknown = { states: { 'Contact-3': 'INVITED' }, lastSeen: {} };
    const h = await renderPanels(contact(3), {}, (app) => {
      app.server.handlers.set('act/isAllowed', () => ({ allowed: { invite: true }, applyGrants: true }));
      app.server.handlers.set('act/userStates', () => reply);
    });
    expect(await h.panel.findByText('Invited, has not set a password yet')).toBeInTheDocument();
    expect(await h.panel.findByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
    const seen = new Date(Date.now() - 2 * 3_600_000).toISOString();
    reply = { states: { 'Contact-3': 'WEEK' }, lastSeen: { 'Contact-3': seen } };
    fireEvent(window, new Event('focus'));
    expect(await h.panel.findByText('Signed in within the last week')).toBeInTheDocument();
    expect(h.panel.getByTestId('user-last-seen')).toHaveTextContent('Last seen 2 hours ago');
    expect(h.panel.getByTestId('user-last-seen').querySelector('time')).toHaveAttribute('dateTime', seen);
    expect(h.panel.queryByRole('button', { name: /Invite|Resend/ })).not.toBeInTheDocument();
  });
});
