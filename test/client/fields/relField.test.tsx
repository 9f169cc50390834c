import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { relPickerMachine, type RelPickerActorRef } from '../../../machines/item/relPickerMachine';
import { RelField } from '../../../src/client/items/fields/RelField';
import type { Frame } from '../../../src/shared/protocol';
import { CommLogType, MeetingType } from '../../../src/modules/orgs/model';
import { cleanUpApps, type AppHarness } from '../support/renderApp';
import { buildFieldItem, inField, renderField } from '../support/renderField';

afterEach(cleanUpApps);

const labels: Record<string, string> = {
  'Organization-1': 'Riverbend Nation',
  'Organization-2': 'Rivermouth Council',
  'Organization-3': 'Riverside Museum',
  'Contact-1': 'Mary Thomas',
  'Contact-2': 'Mark Blocked',
  'Contact-3': 'Marion Other',
};
/** A search that answers every id of the asked types whose label holds the text, as the server would. */
const search = (frame: Frame) => {
  const b = frame.b as { must: { q: string; _: string[]; 'ft-_related.id'?: string[] }; mustNot?: { id: string[] } };
  const members: Record<string, string[]> = { 'Organization-1': ['Contact-1', 'Contact-2'], 'Organization-2': ['Contact-3'] };
  const org = b.must['ft-_related.id']?.[0];
  const ids = Object.keys(labels).filter(
    (id) =>
      b.must._.includes(id.split('-')[0]!) &&
      labels[id]!.toLowerCase().includes(b.must.q.toLowerCase()) &&
      !b.mustNot?.id.includes(id) &&
      (!org || members[org]!.includes(id)),
  );
  return { ids, labels: Object.fromEntries(ids.map((id) => [id, labels[id]])), total: ids.length, facets: {} };
};

describe('REL field', () => {
  test('shows the related items as links to them, labelled from $labels', async () => {
    const item = buildFieldItem('Meeting', { $labels: { 'Organization-2': 'Rivermouth Council' } });
    const h = await renderField('show', { kind: RelField, type: MeetingType, name: 'otherOrgs', item, value: [{ id: 'Organization-2' }] });
    expect(inField(h).getByRole('link', { name: 'Rivermouth Council' })).toHaveAttribute('href', '/i-Organization-2');
  });

  test('a combobox searches the property types, never the item itself, and chooses by keyboard and pointer', async () => {
    const user = userEvent.setup();
    const item = buildFieldItem('Organization', { $id: 'Organization-1' });
    const type = { ...MeetingType, name: 'Organization' };
    const h = await renderField('edit', { kind: RelField, type, name: 'otherOrgs', item, value: [] });
    h.app.server.handlers.set('search/ids', search);
    const box = inField(h).getByRole('combobox', { name: 'otherOrgs' });
    await user.type(box, 'Ri');
    expect(inField(h).getByRole('listbox')).toHaveTextContent('Keep typing');
    await user.type(box, 'ver');
    const options = await inField(h).findAllByRole('option');
    // Organization-1 is the item being edited.
    expect(options.map((o) => o.textContent)).toEqual(['Rivermouth Council', 'Riverside Museum']);
    expect(h.app.server.received.find((f) => f.o === 'search/ids')!.b).toMatchObject({
      must: { _: ['Organization'], q: 'River' },
      mustNot: { id: ['Organization-1'] },
    });
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');
    expect(h.changes.at(-1)).toEqual([{ id: 'Organization-2' }]);
    expect(inField(h).getByRole('button', { name: 'Remove Rivermouth Council' })).toBeInTheDocument();
    await user.type(box, 'Riverside');
    await user.click(await inField(h).findByRole('option', { name: 'Riverside Museum' }));
    expect(h.changes.at(-1)).toEqual([{ id: 'Organization-2' }, { id: 'Organization-3' }]);
    await user.click(inField(h).getByRole('button', { name: 'Remove Rivermouth Council' }));
    expect(h.changes.at(-1)).toEqual([{ id: 'Organization-3' }]);
    await user.type(box, 'Nothing like it');
    expect(await inField(h).findByText('No results')).toBeInTheDocument();
  });

  test('contacts: errors.chooseOrg while no organisation is chosen', async () => {
    const user = userEvent.setup();
    const noOrg = await renderField('edit', { kind: RelField, type: CommLogType, name: 'contacts', item: null, value: [] });
    await user.type(inField(noOrg).getByRole('combobox'), 'Mar');
    expect(await inField(noOrg).findByRole('alert')).toHaveTextContent('Choose the organisation first.');
    expect(inField(noOrg).getByRole('combobox')).toHaveAccessibleDescription('Choose the organisation first.');
  });

  test("contacts: only the chosen organisation's are offered, blocked users' left out", async () => {
    const user = userEvent.setup();
    const item = buildFieldItem('CommLog', { owner: { id: 'Organization-1' }, $labels: { 'Organization-1': 'Riverbend Nation' } });
    const h = await renderField('edit', { kind: RelField, type: CommLogType, name: 'contacts', item, value: [] });
    h.app.server.handlers.set('search/ids', search);
    h.app.server.handlers.set('act/blockedContacts', (frame) => ({
      blocked: (frame.b as { ids: string[] }).ids.filter((id) => id === 'Contact-2'),
    }));
    await user.type(inField(h).getByRole('combobox'), 'Mar');
    await waitFor(() =>
      expect(
        inField(h)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Mary Thomas']),
    );
    expect(h.app.server.received.find((f) => f.o === 'search/ids')!.b).toMatchObject({ must: { 'ft-_related.id': ['Organization-1'] } });
  });

  test('chosen contacts are checked against a changed organisation: errors.notInOrg and errors.noOrg', async () => {
    const item = buildFieldItem('CommLog', {
      owner: { id: 'Organization-1' },
      contacts: [{ id: 'Contact-1' }],
      $labels: { 'Contact-1': 'Mary Thomas' },
    });
    let picker: RelPickerActorRef | undefined;
    // The form keeps the chooser and tells it when its organisation changes.
    const actors = (app: AppHarness) => {
      picker ??= createActor(relPickerMachine, {
        parent: app.session,
        input: {
          name: 'contacts',
          relTypes: ['Contact'],
          multiple: true,
          selfId: item.$id,
          value: item.contacts,
          labels: item.$labels,
          orgRule: { role: 'contacts', org: 'Organization-1' },
        },
      }).start();
      return { relPicker: (name: string) => (name === 'contacts' ? picker : undefined) };
    };
    const h = await renderField('edit', { kind: RelField, type: CommLogType, name: 'contacts', item, value: item.contacts, actors });
    let related: unknown = [{ id: 'Organization-1' }];
    h.app.server.handlers.set('readMany/object', () => ({ 'Contact-1': { $id: 'Contact-1', _related: related } }));
    expect(inField(h).getByText('Mary Thomas')).toBeInTheDocument();
    picker!.send({ type: 'relPicker.orgChanged', org: 'Organization-2' });
    expect(await inField(h).findByRole('alert')).toHaveTextContent('This contact does not belong to the chosen organisation.');
    related = [];
    picker!.send({ type: 'relPicker.orgChanged', org: 'Organization-3' });
    await waitFor(() => expect(inField(h).getByRole('alert')).toHaveTextContent('Choose an organisation.'));
    expect(screen.queryByText('This contact does not belong to the chosen organisation.')).toBeNull();
  });
});
