/**
 * admin.lovs offers editing only where the server says the user may edit (act/lovRights, docs/permissions.md
 * "Rights on lists of values"): a member sees Translate and Archive on the lists they hold the right for,
 * none on the others, and the add form refuses a list they may not edit without sending anything.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import type { LovRights } from '../../src/shared/items/LovRights';
import type { SeededItem } from './support/protocolServer';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';

afterEach(() => cleanUpApps());

const WAIT = { timeout: 5000 };
const ORG = 'Organization-2';
const sentOf = (h: AppHarness, o: string): Frame[] => h.server.received.filter((f) => f.o === o);
const value = (i: number, extra: Record<string, unknown>): SeededItem => ({
  $id: `LOVValue-${i}`,
  _t: 'LOVValue',
  _i: i,
  _u: 1,
  state: 'ACTIVE',
  ...extra,
});

/** A member writing for ORG, with the comm-log right there but not the journal's; nothing on the site's own lists. */
function member(rights: (owner: string | undefined) => LovRights): AppHarness {
  const h = renderApp({ signedIn: true, path: `/admin.lovs?c0=${ORG}`, user: { admin: false, organizations: { [ORG]: { write: true } } } });
  h.server.seedItems(
    { $id: ORG, _t: 'Organization', _i: 2, _u: 1, displayName: 'Riverbend Nation' },
    value(1, { list: 'ORG_COMMLOG_TYPES', key: 'PHONE', t: { en: 'Phone' }, owner: { id: ORG } }),
    value(2, { list: 'JOURNAL_CATEGORIES', key: 'BIRDS', t: { en: 'Birds' }, owner: { id: ORG } }),
    value(3, { list: 'ORG_COMMLOG_TYPES', key: 'LETTER', t: { en: 'Letter' } }),
  );
  h.server.handlers.set('search/ids', (frame) => {
    const type = (frame.b as { must?: { _?: string } }).must?._;
    const found = [...h.server.items.values()].filter((i) => i._t === type);
    return {
      ids: found.map((i) => i.$id),
      labels: Object.fromEntries(found.map((i) => [i.$id, String(i.displayName ?? i.key)])),
      total: found.length,
    };
  });
  h.server.handlers.set('act/lovRights', (frame) => rights((frame.b as { owner?: string } | undefined)?.owner));
  return h;
}

const entry = async (key: string): Promise<HTMLElement> => (await screen.findByText(key, {}, WAIT)).closest('li')!;

describe('admin.lovs for a member', () => {
  it('offers Translate and Archive only on the lists the server allows, for the owner shown', async () => {
    const h = member((owner) =>
      owner === ORG
        ? { lists: { ORG_COMMLOG_TYPES: true, JOURNAL_CATEGORIES: false }, others: true }
        : { lists: { ORG_COMMLOG_TYPES: false, JOURNAL_CATEGORIES: false }, others: false },
    );
    const phone = await entry('PHONE');
    await waitFor(() => expect(within(phone).getByRole('button', { name: 'Archive' })).toBeInTheDocument(), WAIT);
    expect(within(phone).getByRole('button', { name: 'Translate' })).toBeInTheDocument();
    const birds = await entry('BIRDS');
    expect(within(birds).queryByRole('button')).not.toBeInTheDocument();
    expect(sentOf(h, 'act/lovRights').map((f) => f.b)).toEqual([{ owner: ORG }]);

    // The site's own lists: the server allows this member nothing, so nothing is offered.
    const owners = screen.getByLabelText('Lists of');
    await userEvent.selectOptions(owners, within(owners).getAllByRole('option')[0]!);
    const letter = await entry('LETTER');
    await waitFor(() => expect(sentOf(h, 'act/lovRights')).toHaveLength(2), WAIT);
    expect(sentOf(h, 'act/lovRights')[1]!.b).toEqual({});
    expect(within(letter).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a value' })).not.toBeInTheDocument();
  });

  it('adds to an allowed list, and refuses a list the server does not allow without sending it', async () => {
    const h = member(() => ({ lists: { ORG_COMMLOG_TYPES: true, JOURNAL_CATEGORIES: false }, others: false }));
    await entry('PHONE');
    // The form starts with the first list the user may edit, once the answer came.
    await waitFor(
      () => expect(within(screen.getByRole('form', { name: 'Add a value' })).getByLabelText('List')).toHaveValue('ORG_COMMLOG_TYPES'),
      WAIT,
    );
    const form = screen.getByRole('form', { name: 'Add a value' });
    const list = within(form).getByLabelText('List');
    await userEvent.clear(list);
    await userEvent.type(list, 'JOURNAL_CATEGORIES');
    await userEvent.type(within(form).getByLabelText('Key'), 'FISH');
    await userEvent.type(within(form).getByLabelText('English label'), 'Fish');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert', {}, WAIT)).toHaveTextContent('You may not do this.');
    expect(sentOf(h, 'create/LOVValue')).toHaveLength(0);

    await userEvent.clear(list);
    await userEvent.type(list, 'ORG_COMMLOG_TYPES');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sentOf(h, 'create/LOVValue')).toHaveLength(1), WAIT);
    expect(sentOf(h, 'create/LOVValue')[0]!.b).toEqual({
      list: 'ORG_COMMLOG_TYPES',
      key: 'FISH',
      t: { en: 'Fish' },
      state: 'ACTIVE',
      owner: { id: ORG },
    });
  });

  it('offers nothing when the server refuses the question', async () => {
    const h = member(() => ({ lists: {}, others: true }));
    h.server.failures.set('act/lovRights', { userMessage: 'notAllowed' });
    const phone = await entry('PHONE');
    await waitFor(() => expect(sentOf(h, 'act/lovRights')).toHaveLength(1), WAIT);
    expect(within(phone).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a value' })).not.toBeInTheDocument();
  });
});
