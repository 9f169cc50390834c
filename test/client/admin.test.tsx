import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import type { SeededItem } from './support/protocolServer';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

afterEach(() => cleanUpApps());

const WAIT = { timeout: 5000 };
const sentOf = (h: AppHarness, o: string): Frame[] => h.server.received.filter((f) => f.o === o);

/** Seeds `items` and answers `search/ids` by type, newest first, as the real server does for these screens. */
function serveItems(h: AppHarness, ...items: SeededItem[]): void {
  h.server.seedItems(...items);
  h.server.handlers.set('search/ids', (frame) => {
    const type = (frame.b as { must?: { _?: string } }).must?._;
    const found = [...h.server.items.values()].filter((i) => i._t === type).reverse();
    return {
      ids: found.map((i) => i.$id),
      labels: Object.fromEntries(found.map((i) => [i.$id, String(i.title ?? i.displayName ?? i.key ?? i.$id)])),
      total: found.length,
    };
  });
}

const sysAlert = (i: number, extra: Record<string, unknown>): SeededItem => ({
  $id: `SystemAlert-${i}`,
  _t: 'SystemAlert',
  _i: i,
  _u: 1,
  ...extra,
});

describe('admin.sysalerts', () => {
  it('publishes a modal alert, lists it as showing, edits it and ends it', async () => {
    const h = renderApp({ signedIn: true, path: '/admin.sysalerts', user: { admin: true } });
    serveItems(h, sysAlert(1, { title: 'Old news', message: 'Done.', modal: false, active: false }));
    const list = await screen.findByRole('list', {}, WAIT);
    expect(within(list).getByRole('heading', { name: 'Old news' })).toBeInTheDocument();
    expect(within(list).getByText('Ended')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New system alert' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Maintenance tonight');
    await userEvent.type(within(form).getByLabelText('Message'), 'Down 22:00-23:00.');
    await userEvent.click(within(form).getByLabelText(/Modal/));
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sentOf(h, 'create/SystemAlert')).toHaveLength(1));
    expect(sentOf(h, 'create/SystemAlert')[0]!.b).toEqual({
      title: 'Maintenance tonight',
      message: 'Down 22:00-23:00.',
      modal: true,
      active: true,
    });
    expect(await screen.findByText('Applied', {}, WAIT)).toBeInTheDocument();
    const entry = (await screen.findByRole('heading', { name: 'Maintenance tonight' }, WAIT)).closest('li')!;
    expect(within(entry).getByText('Showing')).toBeInTheDocument();
    expect(within(entry).getByText('Modal')).toBeInTheDocument();
    // The form is empty again for the next alert.
    expect(within(screen.getByRole('form', { name: 'New system alert' })).getByLabelText('Title')).toHaveValue('');

    await userEvent.click(within(entry).getByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('form', { name: 'Edit system alert' });
    await userEvent.clear(within(edit).getByLabelText('Title'));
    await userEvent.type(within(edit).getByLabelText('Title'), 'Maintenance moved');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    const moved = (await screen.findByRole('heading', { name: 'Maintenance moved' }, WAIT)).closest('li')!;
    expect(sentOf(h, 'update')[0]!.b).toMatchObject({ $id: 'SystemAlert-2', _u: 0, title: 'Maintenance moved' });

    await userEvent.click(within(moved).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(sentOf(h, 'update')).toHaveLength(2));
    expect(sentOf(h, 'update')[1]!.b).toEqual({ $id: 'SystemAlert-2', _u: 1, active: false });
    await waitFor(
      () =>
        expect(within(screen.getByRole('heading', { name: 'Maintenance moved' }).closest('li')!).getByText('Ended')).toBeInTheDocument(),
      WAIT,
    );
  });

  // A member who is not an administrator gets the not-allowed column instead (offerOnlyAllowed.test.tsx).
  it("shows the server's refusal of an alert, and its field errors under the inputs", async () => {
    const h = renderApp({ signedIn: true, path: '/admin.sysalerts', user: { admin: true } });
    serveItems(h);
    await screen.findByText('No system alerts yet.', {}, WAIT);
    h.server.failures.set('create/SystemAlert', { userMessage: 'notAllowed' });
    const form = screen.getByRole('form', { name: 'New system alert' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Spoof');
    await userEvent.type(within(form).getByLabelText('Message'), 'x');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByRole('alert', {}, WAIT)).toHaveTextContent('You may not do this.');

    h.server.failures.set('create/SystemAlert', { userMessage: 'validationFailed', fields: { title: 'errors.required' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('This is required.'), WAIT);
  });
});

describe('admin.state', () => {
  it('shows the server state and asks again on Refresh; a refusal is shown', async () => {
    const h = renderApp({ signedIn: true, path: '/admin.state', user: { admin: true } });
    let sockets = 3;
    h.server.handlers.set('act/serverState', () => ({
      version: '1.4.0',
      uptimeSeconds: 90061,
      openSockets: sockets,
      activeTasks: 2,
      driver: 'postgres',
      databaseBytes: 12_345_678,
      dedicated: true,
    }));
    expect(await screen.findByText('PostgreSQL', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('1.4.0')).toBeInTheDocument();
    expect(screen.getByText('1 day, 1 hour, 1 minute')).toBeInTheDocument();
    expect(screen.getByText('12.3 MB')).toBeInTheDocument();
    expect(screen.getByText('Dedicated (one organisation)')).toBeInTheDocument();
    sockets = 7;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('7', {}, WAIT)).toBeInTheDocument();
    cleanUpApps();

    const other = renderApp({ signedIn: true, path: '/admin.state', user: { admin: true } });
    other.server.failures.set('act/serverState', { userMessage: 'notAllowed' });
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('You may not do this.');
  });
});

describe('admin.lovs', () => {
  const value = (i: number, extra: Record<string, unknown>): SeededItem => ({
    $id: `LOVValue-${i}`,
    _t: 'LOVValue',
    _i: i,
    _u: 1,
    state: 'ACTIVE',
    ...extra,
  });

  it("lists the site's values by list, adds one, translates it and archives it; another owner is the column's parameter", async () => {
    const h = renderApp({ signedIn: true, path: '/admin.lovs', user: { admin: true } });
    serveItems(
      h,
      { $id: 'Organization-2', _t: 'Organization', _i: 2, _u: 1, displayName: 'Riverbend Nation' },
      value(1, { list: 'COMM_LOG_TYPE', key: 'call', t: { en: 'Phone call' } }),
      value(2, { list: 'COMM_LOG_TYPE', key: 'visit', t: { en: 'Visit' }, owner: { id: 'Organization-2' } }),
    );
    const section = await screen.findByRole('region', { name: 'COMM_LOG_TYPE' }, WAIT);
    expect(within(section).getByText('call')).toBeInTheDocument();
    expect(within(section).queryByText('visit')).not.toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a value' });
    expect(within(form).getByLabelText('List')).toHaveValue('COMM_LOG_TYPE');
    await userEvent.type(within(form).getByLabelText('Key'), 'letter');
    await userEvent.type(within(form).getByLabelText('English label'), 'Letter');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sentOf(h, 'create/LOVValue')).toHaveLength(1));
    expect(sentOf(h, 'create/LOVValue')[0]!.b).toEqual({ list: 'COMM_LOG_TYPE', key: 'letter', t: { en: 'Letter' }, state: 'ACTIVE' });
    const letter = (await screen.findByText('letter', {}, WAIT)).closest('li')!;

    await userEvent.click(within(letter).getByRole('button', { name: 'Translate' }));
    const translate = within(letter).getByRole('form', { name: 'Translate letter' });
    expect(within(translate).getByLabelText('Language')).toHaveValue('fr');
    await userEvent.type(within(translate).getByLabelText('Label'), 'Lettre');
    await userEvent.click(within(translate).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentOf(h, 'update')).toHaveLength(1));
    expect(sentOf(h, 'update')[0]!.b).toEqual({ $id: 'LOVValue-3', _u: 0, t: { en: 'Letter', fr: 'Lettre' } });
    await waitFor(
      () => expect(within(screen.getByRole('list', { name: 'Labels of letter' })).getByText('Lettre')).toBeInTheDocument(),
      WAIT,
    );

    await userEvent.click(
      within(screen.getByRole('list', { name: 'Labels of letter' }).closest('li')!).getByRole('button', { name: 'Archive' }),
    );
    await waitFor(() => expect(sentOf(h, 'update')).toHaveLength(2));
    expect(sentOf(h, 'update')[1]!.b).toEqual({ $id: 'LOVValue-3', _u: 1, state: 'ARCHIVED' });
    await waitFor(() => expect(within(screen.getByText('letter').closest('li')!).getByText('Archived')).toBeInTheDocument(), WAIT);
    expect(within(screen.getByText('letter').closest('li')!).getByRole('button', { name: 'Restore' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Lists of'), 'Riverbend Nation');
    await waitFor(() => expect(window.location.search).toContain('c0=Organization-2'));
    expect(await screen.findByText('visit', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('letter')).not.toBeInTheDocument();
  });

  it('keeps a list name typed before the lists arrive', async () => {
    const h = renderApp({ signedIn: true, path: '/admin.lovs', user: { admin: true } });
    h.server.seedItems(value(1, { list: 'COMM_LOG_TYPE', key: 'call', t: { en: 'Phone call' } }));
    // The searches are held until the person has typed.
    const held: (() => void)[] = [];
    h.server.handlers.set('search/ids', (frame) => {
      const type = (frame.b as { must?: { _?: string } }).must?._;
      const ids = type === 'LOVValue' ? ['LOVValue-1'] : [];
      return new Promise((resolve) => held.push(() => resolve({ ids, labels: {}, total: ids.length })));
    });
    const form = await screen.findByRole('form', { name: 'Add a value' }, WAIT);
    await userEvent.type(within(form).getByLabelText('List'), 'meeting_kind');
    await waitFor(() => expect(held).toHaveLength(2));
    for (const answer of held) answer();
    await screen.findByRole('region', { name: 'COMM_LOG_TYPE' }, WAIT);
    expect(within(screen.getByRole('form', { name: 'Add a value' })).getByLabelText('List')).toHaveValue('MEETING_KIND');
  });
});
