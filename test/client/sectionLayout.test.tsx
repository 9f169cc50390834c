/**
 * Item screens in sections (issue 16): the sections and side column a type declares hold the right
 * properties under the right headings, a type without a declaration gets a layout derived from its
 * property kinds, the form groups its fields in the same sections, and the record header shows the
 * type's icon or an avatar, the title, the visibility, the state and who changed the item last.
 */
import { render, screen, within } from '@testing-library/react';
import { RecordHeader } from '../../src/client/items/layout/RecordHeader';
import { formGroups, placeProperties } from '../../src/client/items/layout/itemLayout';
import { ItemDetails } from '../../src/client/items/ItemDetails';
import { bundledMessages } from '../../src/client/i18n/createAppIntl';
import { itemTypes } from '../../src/shared/itemTypes';
import type { Item, ItemTypeDef } from '../../src/shared/items/types';
import type { SeededItem } from './support/protocolServer';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';
import { renderItemEditor, withProviders } from './support/renderItemScreen';

// The example journal brings a type with a state chart.
jest.mock('../../src/modules', () => jest.requireActual('../support/exampleModule/withJournal').modelsWithJournal());
jest.mock('../../src/modules/client', () => jest.requireActual('../support/exampleModule/withJournal').clientsWithJournal());

let app: AppHarness | undefined;
afterEach(() => {
  app = undefined;
  cleanUpApps();
});

function item(type: string, props: Record<string, unknown>, extra: Partial<Item> = {}): Item {
  return {
    $id: `${type}-1`,
    _t: type,
    _i: 1,
    _u: 1,
    $access: 'PROTECTED',
    _c: { ts: '2026-01-05T10:00:00.000Z', by: 'User-1' },
    $labels: { 'User-1': 'Ada Lovelace', 'Organization-2': 'Lakeview First Nation' },
    ...props,
    ...extra,
  } as Item;
}

function renderDetails(it: Item, type: ItemTypeDef = itemTypes.get(it._t)!, mayEdit = false) {
  app ??= renderApp({ path: '/sign-in' });
  return render(withProviders(<ItemDetails item={it} type={type} mayEdit={mayEdit} />, app.session));
}

/** The labels (dt) of the section headed `heading`. */
const labelsOf = (heading: string): string[] =>
  within(screen.getByRole('group', { name: heading }))
    .queryAllByRole('term')
    .map((dt) => dt.textContent ?? '');

const sideLabels = (): string[] =>
  within(screen.getByRole('group', { name: 'People and dates' }))
    .getAllByRole('term')
    .map((dt) => dt.textContent ?? '');

/** A type no layout is declared for: text, a choice, a relation, a date, rich text. */
const Plain: ItemTypeDef = {
  name: 'Plain',
  defaultIcon: 'article',
  defaultAccess: 'COMMUNITY',
  properties: {
    title: { kind: 'textField', t: 'types.Contact.lastName' },
    urgent: { kind: 'BOOL', t: 'types.User.dark' },
    owner: { kind: 'REL', relTypes: ['Organization'], t: 'types.Meeting.owner' },
    date: { kind: 'DT', t: 'types.Meeting.date' },
    notes: { kind: 'HTM', t: 'types.CommLog.notes' },
  },
  label: (data) => String(data.title ?? ''),
};

describe('sections and side column declared by the type', () => {
  it('shows a contact name and ways to reach them in their sections, organisations and creation at the side', () => {
    renderDetails(
      item('Contact', {
        firstName: 'Mary',
        lastName: 'Thomas',
        email: 'mary@example.org',
        mobilePhone: '(555) 123-4567',
        _related: [{ id: 'Organization-2' }],
      }),
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Name', 'How to reach', 'People and dates']);
    expect(labelsOf('Name')).toEqual(['First name', 'Last name']);
    expect(labelsOf('How to reach')).toEqual(['E-mail', 'Mobile phone']);
    expect(sideLabels()).toEqual(['Organisations', 'Created', 'Created by']);
    const side = screen.getByRole('group', { name: 'People and dates' });
    expect(within(side).getByText('Lakeview First Nation')).toBeInTheDocument();
    expect(within(side).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('puts a communication log subject first, its date and people at the side and its notes full width', () => {
    renderDetails(
      item('CommLog', {
        subject: 'Call about the road',
        date: '2025-02-03',
        owner: { id: 'Organization-2' },
        notes: '<p>They agreed to meet.</p>',
      }),
    );
    expect(labelsOf('Communication')).toEqual(['Subject']);
    expect(sideLabels()).toEqual(['Date', 'Owner', 'Created', 'Created by']);
    const notes = screen.getByRole('group', { name: 'Notes' });
    expect(notes).toHaveTextContent('They agreed to meet.');
    // Titled by its label, the notes' own label is not repeated above them.
    expect(within(notes).queryAllByRole('term')).toEqual([]);
  });

  it('leaves out a section whose properties are all empty', () => {
    renderDetails(item('Contact', { lastName: 'Thomas' }));
    expect(screen.queryByRole('group', { name: 'How to reach' })).toBeNull();
    expect(labelsOf('Name')).toEqual(['Last name']);
  });

  it('labels every declared section and names only properties its type has', () => {
    const messages = bundledMessages();
    const unlabelled: string[] = [];
    const unknown: string[] = [];
    for (const type of itemTypes.all()) {
      for (const section of type.layout?.sections ?? []) {
        const key = section.t ?? `app.section.${section.key}`;
        if (!Object.hasOwn(messages, key)) unlabelled.push(`${type.name}: ${key}`);
      }
      const named = [...(type.layout?.sections ?? []).flatMap((s) => s.properties), ...(type.layout?.side ?? [])];
      unknown.push(...named.filter((name) => !(name in type.properties)).map((name) => `${type.name}.${name}`));
    }
    expect(unlabelled).toEqual([]);
    expect(unknown).toEqual([]);
  });
});

describe('the layout of a type without a declaration', () => {
  it('puts relations and dates to the side, rich text full width under its label and the rest in Details', () => {
    renderDetails(
      item('Plain', { title: 'Road', urgent: true, owner: { id: 'Organization-2' }, date: '2025-02-03', notes: '<p>Long text</p>' }),
      Plain,
    );
    expect(labelsOf('Details')).toEqual(['Last name', 'Dark theme']);
    expect(sideLabels()).toEqual(['Owner', 'Date', 'Created', 'Created by']);
    expect(screen.getByRole('group', { name: 'Notes' })).toHaveTextContent('Long text');
  });

  it('places a property the declaration does not name as an undeclared type would', () => {
    const layout = placeProperties({ ...Plain, layout: { sections: [{ key: 'name', properties: ['title'] }] } }, [
      'title',
      'urgent',
      'owner',
      'notes',
    ]);
    expect(layout.main.map((s) => [s.title, s.properties])).toEqual([
      ['app.section.name', ['title']],
      ['app.section.details', ['urgent']],
    ]);
    expect(layout.side).toEqual(['owner']);
    expect(layout.wide.map((s) => [s.title, s.properties])).toEqual([['types.CommLog.notes', ['notes']]]);
  });

  it('puts the form group holding the owner first: the list fields draw from its lists', () => {
    const groups = formGroups(itemTypes.get('CommLog')!, ['owner', 'context', 'subject', 'date', 'type', 'direction', 'contacts', 'notes']);
    expect(groups.map((g) => [g.legend, g.properties])).toEqual([
      ['app.section.side', ['date', 'owner', 'contacts', 'context']],
      ['app.section.communication', ['subject', 'type', 'direction']],
      [null, ['notes']],
    ]);
    expect(formGroups(Plain, ['title', 'urgent']).map((g) => g.legend)).toEqual([null]);
  });
});

describe('an item with nothing filled in', () => {
  it('tells whoever may edit it what can be added', () => {
    renderDetails(item('Organization', {}), itemTypes.get('Organization')!, true);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Nothing is recorded here yet. Choose Edit to add details such as display name, type, or website.',
    );
  });

  it('tells a reader only that nothing is recorded', () => {
    renderDetails(item('Organization', {}));
    expect(screen.getByRole('note')).toHaveTextContent(/^Nothing is recorded here yet\.$/);
  });
});

describe('the form in sections', () => {
  it('groups a contact form fields under the same headings as its read screen', async () => {
    const contact: SeededItem = {
      $id: 'Contact-3',
      _t: 'Contact',
      _i: 3,
      _u: 2,
      _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' },
      $access: 'PROTECTED',
      $labels: {},
      lastName: 'Chen',
    };
    const h = await renderItemEditor('/i-Contact-3-edit', [contact]);
    const name = await h.form.findByRole('group', { name: 'Name' });
    expect(within(name).getByLabelText('Last name')).toHaveValue('Chen');
    expect(within(h.form.getByRole('group', { name: 'How to reach' })).getByLabelText('E-mail')).toBeInTheDocument();
    expect(within(name).queryByLabelText('E-mail')).toBeNull();
  });
});

describe('the record header', () => {
  const header = (it: Item, title: string, showState = true) => {
    app ??= renderApp({ path: '/sign-in' });
    render(withProviders(<RecordHeader item={it} type={itemTypes.get(it._t)!} title={title} showState={showState} />, app.session));
    return screen.getByTestId('record-header');
  };

  it('shows the type icon, title, type, visibility and who changed it last and when', () => {
    const shown = header(
      item(
        'Organization',
        { displayName: 'Lakeview' },
        { _u: 3, $access: 'COMMUNITY', _m: { ts: '2026-02-07T15:30:00.000Z', by: 'User-1' } },
      ),
      'Lakeview',
    );
    expect(within(shown).getByTestId('record-icon')).toHaveAttribute('data-icon', 'organization');
    expect(shown).toHaveTextContent('Lakeview');
    expect(shown).toHaveTextContent('Organisation');
    expect(within(shown).getByText('Community')).toBeInTheDocument();
    expect(within(shown).getByTestId('record-changed')).toHaveTextContent(/^Changed 07-Feb-2026 \d\d:30 by Ada Lovelace$/);
  });

  it('shows an avatar for a person, and Someone for a change by a user the reader may not read', () => {
    const shown = header(
      item('Contact', { lastName: 'Chen' }, { _u: 2, _m: { ts: '2026-02-07T15:30:00.000Z', by: 'User-9' } }),
      'Alex Chen',
    );
    expect(within(shown).getByTestId('avatar')).toHaveTextContent('AC');
    expect(within(shown).getByTestId('record-changed')).toHaveTextContent(/^Changed 07-Feb-2026 \d\d:30 by Someone$/);
  });

  it('says when and by whom an item never changed since was created', () => {
    const shown = header(item('Contact', { lastName: 'Chen' }), 'Chen');
    expect(within(shown).getByTestId('record-changed')).toHaveTextContent(/^Created 05-Jan-2026 \d\d:00 by Ada Lovelace$/);
  });

  it('shows the state of a type with a state chart by its label', () => {
    const shown = header(item('JournalEntry', { title: 'Swans back', state: 'DRAFT' }), 'Swans back');
    expect(within(shown).getByTestId('record-state')).toHaveTextContent('Draft');
    expect(within(shown).getByTestId('record-icon')).toHaveAttribute('data-icon', 'book');
  });

  it('leaves the state to the state panel where the read screen shows it with its steps', () => {
    const shown = header(item('JournalEntry', { title: 'Swans back', state: 'DRAFT' }), 'Swans back', false);
    expect(within(shown).queryByTestId('record-state')).toBeNull();
  });
});
