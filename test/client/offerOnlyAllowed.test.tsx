/**
 * Only what the server allows is offered (issue 16 problem 4): Edit once `act/isAllowed` said update,
 * a create form once it said create for `Type-0`, an admin view to whom its rule lets use it; the rest
 * says why, with a way out.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isActionAllowed } from '../../machines/item/itemMachine';
import { getRouter } from '../../machines/systemIds';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp, type AppHarness, type RenderOptions } from './support/renderApp';
import { buildContact } from './support/renderInSession';

// The socket handshake and the lazy screens take longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanUpApps);

// The questions about one action (a module's panel asks its own, such as the contact panel's invite).
const asked = (h: AppHarness, action: string): unknown[] =>
  h.server.received
    .filter((f: Frame) => f.o === 'act/isAllowed' && (f.b as { actions: string[] }).actions.includes(action))
    .map((f) => f.b);

const updateAnswer = (h: AppHarness): boolean | undefined => {
  const item = getRouter(h.session.system)?.getSnapshot().context.cells[0]?.ref.getSnapshot().context.item;
  return item ? isActionAllowed(item.getSnapshot(), 'update') : undefined;
};

function open(path: string, allowed: Record<string, boolean> | null, options: RenderOptions = {}): AppHarness {
  const h = renderApp({ path, signedIn: true, ...options });
  h.server.seedItems(buildContact(3));
  if (allowed) h.server.handlers.set('act/isAllowed', () => ({ allowed, applyGrants: false }));
  return h;
}

describe('admin views opened by address', () => {
  it.each(['/admin.sysalerts', '/admin.lovs', '/admin.state'])('%s tells a member it is not theirs, with a way home', async (path) => {
    const user = userEvent.setup();
    open(path, null);
    const column = await screen.findByTestId('not-allowed');
    expect(within(column).getByRole('heading', { level: 3 })).toHaveTextContent('You cannot use this page');
    expect(within(column).getByTestId('not-allowed-address')).toHaveTextContent(path);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Not allowed');
    await user.click(within(column).getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
  });

  it('opens admin.lovs for a writer of an organisation, and every admin view for an administrator', async () => {
    open('/admin.lovs', null, { user: { organizations: { 'Organization-1': { write: true } } } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lists of values' })).toBeInTheDocument();
    expect(screen.queryByTestId('not-allowed')).not.toBeInTheDocument();
    cleanUpApps();
    open('/admin.sysalerts', null, { user: { admin: true } });
    expect(await screen.findByRole('heading', { level: 2, name: 'System alerts' })).toBeInTheDocument();
    expect(screen.queryByTestId('not-allowed')).not.toBeInTheDocument();
  });
});

describe('the Edit control of an item', () => {
  it('is offered once the server allowed update, and only then', async () => {
    const h = open('/i-Contact-3', { update: true });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(asked(h, 'update')).toEqual([{ id: 'Contact-3', actions: ['update'] }]);
  });

  it('is not offered where the server refused update', async () => {
    const h = open('/i-Contact-3', { update: false });
    await screen.findAllByText('Ann Smith');
    // Once the item actor holds the answer, the toolbar has been told its last word about Edit.
    await waitFor(() => expect(updateAnswer(h)).toBe(false));
    expect(asked(h, 'update')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('is offered to an administrator with no question to the server', async () => {
    const h = open('/i-Contact-3', null, { user: { admin: true } });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(asked(h, 'update')).toEqual([]);
  });

  it('an edit address the server refused shows why, and leads back to the record', async () => {
    const user = userEvent.setup();
    open('/i-Contact-3-edit', { update: false });
    const notice = await screen.findByTestId('not-allowed');
    expect(within(notice).getByRole('heading', { level: 3 })).toHaveTextContent('You cannot change this contact');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Back to the record' }));
    await waitFor(() => expect(window.location.pathname).toBe('/i-Contact-3'));
  });
});

describe('a create form', () => {
  it('shows "you cannot create" where the server refused create, with a way back', async () => {
    const user = userEvent.setup();
    const h = open('/i-Organization-0', { create: false });
    const notice = await screen.findByTestId('not-allowed');
    expect(within(notice).getByRole('heading', { level: 3 })).toHaveTextContent('You cannot create a new organisation here');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(asked(h, 'create')).toEqual([{ id: 'Organization-0', actions: ['create'] }]);
    await user.click(within(notice).getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
  });

  it('is the form where the server allowed create', async () => {
    open('/i-Contact-0', { create: true });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByTestId('not-allowed')).not.toBeInTheDocument();
  });
});
