import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { ItemMenu } from '../../src/client/items/menu/ItemMenu';
import { cleanUpApps, renderApp, type RenderOptions } from './support/renderApp';
import { buildContact, openCell, renderInSession, serveItems } from './support/renderInSession';

// The socket handshake and the reads take longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanUpApps);

async function setUp(options: RenderOptions = {}) {
  const user = userEvent.setup();
  const h = renderApp({ signedIn: true, path: '/i-Contact-3', ...options });
  const contact = buildContact(3);
  serveItems(h, [contact]);
  const cell = await openCell(h, '/i-Contact-3', 'i-Contact-3');
  const menu = renderInSession(h, <ItemMenu cell={cell} />);
  // Signed in, wait until the item is read and watched; a visitor without a token has no socket yet.
  if (options.signedIn !== false) await waitFor(() => expect(h.server.received.some((f) => f.o === 'addWatch/Contact-3/1')).toBe(true));
  const open = async () => {
    await user.click(within(menu.container).getByRole('button', { name: 'Item menu' }));
    return screen.findByRole('menu');
  };
  const entries = async () =>
    within(await open())
      .getAllByRole('menuitem')
      .map((entry) => entry.textContent?.trim());
  const sent = (o: string): Frame[] => h.server.received.filter((f) => f.o === o);
  return { h, user, contact, open, entries, sent };
}

describe('item menu', () => {
  it('offers info, timeline and notification settings to a signed-in user, and raw edit to an administrator only', async () => {
    const t = await setUp();
    expect(await t.entries()).toEqual(['Info', 'Timeline', 'Notification settings']);
    cleanUpApps();
    const admin = await setUp({ user: { admin: true } });
    expect(await admin.entries()).toEqual(['Info', 'Timeline', 'Edit as JSON', 'Notification settings']);
  });

  it('offers nothing but a sign-in hint to a visitor without a token', async () => {
    const t = await setUp({ signedIn: false });
    const menu = await t.open();
    expect(within(menu).queryAllByRole('menuitem')).toEqual([]);
    expect(menu).toHaveTextContent('Sign in for more');
  });

  it('shows the meta information in the info dialog', async () => {
    const t = await setUp();
    await t.user.click(within(await t.open()).getByRole('menuitem', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Item info' });
    const row = (label: string) => within(dialog).getByText(label).closest('div')!;
    expect(row('Id')).toHaveTextContent('Contact-3');
    expect(row('Type')).toHaveTextContent('Contact');
    expect(row('Visibility')).toHaveTextContent('Protected');
    expect(row('Created')).toHaveTextContent(/05-Jan-2026 \d\d:00/);
    expect(within(row('Created by')).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/i-User-1');
    expect(row('Changes')).toHaveTextContent('1');
    expect(
      within(row('Labels'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ann Smith', 'Ada Lovelace']);
    await t.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the timeline as the next column', async () => {
    const t = await setUp();
    await t.user.click(within(await t.open()).getByRole('menuitem', { name: 'Timeline' }));
    await waitFor(() => expect(window.location.pathname).toBe('/i-Contact-3/timeline'));
  });

  it('reads the notification preference, applies the chosen one and closes', async () => {
    const t = await setUp();
    t.h.server.handlers.set('act/getNotify', () => ({ notify: 'PREFS' }));
    t.h.server.handlers.set('act/setNotify', (frame) => ({ notify: (frame.b as { notify: string }).notify }));
    await t.user.click(within(await t.open()).getByRole('menuitem', { name: 'Notification settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification settings' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /By my preferences/ })).toBeChecked());
    expect(t.sent('act/getNotify').map((f) => f.b)).toEqual([{ id: 'Contact-3' }]);
    await t.user.click(within(dialog).getByRole('radio', { name: /Always/ }));
    await t.user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(t.sent('act/setNotify').map((f) => f.b)).toEqual([{ id: 'Contact-3', notify: 'ALWAYS' }]);
    expect(await screen.findByText('Applied')).toBeInTheDocument();
  });

  it('sets DEFAULT with Defaults, sends nothing on Cancel, and keeps the dialog open on a refusal', async () => {
    const t = await setUp();
    t.h.server.handlers.set('act/getNotify', () => ({ notify: 'NIL' }));
    const openDialog = async () => {
      await t.user.click(within(await t.open()).getByRole('menuitem', { name: 'Notification settings' }));
      return screen.findByRole('dialog', { name: 'Notification settings' });
    };
    let dialog = await openDialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Defaults' })).toBeEnabled());
    // NIL: nothing chosen yet, so there is nothing to apply.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await t.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(t.sent('act/setNotify')).toEqual([]);

    t.h.server.failures.set('act/setNotify', { userMessage: 'notAllowed' });
    dialog = await openDialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Defaults' })).toBeEnabled());
    await t.user.click(within(dialog).getByRole('button', { name: 'Defaults' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You may not do this.');
    expect(t.sent('act/setNotify').map((f) => f.b)).toEqual([{ id: 'Contact-3', notify: 'DEFAULT' }]);
    expect(screen.getByRole('dialog', { name: 'Notification settings' })).toBeInTheDocument();
  });
});

describe('item menu in the column layout', () => {
  it('sits in the item column toolbar; its Timeline entry opens the timeline as the next column', async () => {
    const user = userEvent.setup();
    const h = renderApp({ signedIn: true, path: '/i-Contact-3' });
    serveItems(h, [buildContact(3)]);
    h.server.handlers.set('timeline/Contact-3', () => [
      {
        kind: 'created',
        u: 1,
        ts: new Date(Date.now() - 5 * 60_000).toISOString(),
        by: 'User-1',
        masquerader: null,
        changed: ['lastName'],
      },
    ]);
    const column = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('section[data-cell="i-Contact-3"]');
      if (!found) throw new Error('no column of Contact-3 yet');
      return found;
    });
    await waitFor(() => expect(h.server.received.some((f) => f.o === 'addWatch/Contact-3/1')).toBe(true));
    await user.click(within(column).getByRole('button', { name: 'Item menu' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Timeline' }));
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText('5 minutes ago')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/i-Contact-3/timeline');
  });
});

describe('raw edit', () => {
  const openRaw = async (t: Awaited<ReturnType<typeof setUp>>) => {
    await t.user.click(within(await t.open()).getByRole('menuitem', { name: 'Edit as JSON' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit as JSON' });
    return { dialog, field: within(dialog).getByRole('textbox', { name: /The whole item as JSON/ }) as HTMLTextAreaElement };
  };
  const replaceText = (field: HTMLTextAreaElement, text: string) =>
    act(() => {
      // user.type would treat the braces of JSON as key descriptors.
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });

  it('sends the edited item with update and closes on success', async () => {
    const t = await setUp({ user: { admin: true } });
    t.h.server.handlers.set('update', (frame) => ({ ...(frame.b as object), _u: 2 }));
    const { field, dialog } = await openRaw(t);
    expect(JSON.parse(field.value)).toEqual(t.contact);
    replaceText(field, JSON.stringify({ ...t.contact, lastName: 'Jones' }));
    await t.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(t.sent('update').map((f) => f.b)).toEqual([{ ...t.contact, lastName: 'Jones' }]);
  });

  it('says when the text is not a JSON object, and shows the server refusal with its system message', async () => {
    const t = await setUp({ user: { admin: true } });
    t.h.server.failures.set('update', { userMessage: 'staleUpdate', sysMessage: 'Contact-3 is at _u 2' });
    const { field, dialog } = await openRaw(t);
    replaceText(field, '{"name": ');
    await t.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is not a JSON object.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(t.sent('update')).toEqual([]);
    replaceText(field, JSON.stringify(t.contact));
    await t.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this in the meantime.');
    expect(alert).toHaveTextContent('Contact-3 is at _u 2');
    expect(screen.getByRole('dialog', { name: 'Edit as JSON' })).toBeInTheDocument();
  });

  it('is shown to a masquerading user, who cannot submit', async () => {
    const t = await setUp({ user: { masquerading: true } });
    const { dialog } = await openRaw(t);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Only an administrator can save this.');
  });
});
