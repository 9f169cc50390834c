import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SimulatedClock } from 'xstate';
import type { SeededItem } from './support/protocolServer';
import { cleanUpApps } from './support/renderApp';
import { renderItemEditor } from './support/renderItemScreen';
import { TEST_TYPE_MESSAGES } from '../support/testItemTypes';
import type * as TestItemTypes from '../support/testItemTypes';

// The number rules are tested on a test-only type (Measure): no product type has a number people edit.
jest.mock('../../src/shared/itemTypes', () =>
  jest.requireActual<typeof TestItemTypes>('../support/testItemTypes').itemTypesWithTestTypes(),
);

afterEach(cleanUpApps);

const base = { _u: 2, _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' }, $access: 'PROTECTED', $labels: {} };
const contact = (extra: Record<string, unknown> = {}): SeededItem => ({
  $id: 'Contact-3',
  _t: 'Contact',
  _i: 3,
  ...base,
  firstName: 'Mary',
  lastName: 'Thomas',
  email: 'mary@example.org',
  ...extra,
});
const organization: SeededItem = { $id: 'Organization-2', _t: 'Organization', _i: 2, ...base, displayName: 'Acme', type: 'INDUSTRY' };

const updates = (h: { server: { received: { o: string; b?: unknown }[] } }) =>
  h.server.received.filter((f) => f.o === 'update').map((f) => f.b);

describe('item edit form', () => {
  it("shows the item's values, saves only the changed property with _u, and says saved now", async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Contact-3-edit', [contact()]);
    const lastName = await h.form.findByLabelText('Last name');
    expect(lastName).toHaveValue('Thomas');
    expect(lastName).toHaveAttribute('aria-required', 'true');
    expect(h.form.getByLabelText('E-mail')).toHaveValue('mary@example.org');
    await user.clear(lastName);
    await user.type(lastName, 'Tomas');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    expect(await h.form.findByRole('status')).toHaveTextContent('Saved now');
    expect(updates(h)).toEqual([{ $id: 'Contact-3', _u: 2, lastName: 'Tomas' }]);
    expect(h.server.items.get('Contact-3')).toMatchObject({ _u: 3, lastName: 'Tomas' });
    expect(h.form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows each broken rule under its input, focuses the first, shakes for one second, and sends nothing', async () => {
    const clock = new SimulatedClock();
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Contact-3-edit', [contact()], { clock });
    const lastName = await h.form.findByLabelText('Last name');
    await user.clear(lastName);
    await user.clear(h.form.getByLabelText('E-mail'));
    await user.type(h.form.getByLabelText('E-mail'), 'not-mail');
    await user.type(h.form.getByLabelText('Mobile phone'), '12');
    await user.type(h.form.getByLabelText('First name'), 'x'.repeat(101));
    await user.click(h.form.getByRole('button', { name: 'Save' }));

    const email = h.form.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('This is not an e-mail address.');
    expect(lastName).toHaveAccessibleDescription('This is required.');
    expect(h.form.getByLabelText('Mobile phone')).toHaveAccessibleDescription(
      'Enter a phone number of at least 7 digits, with an optional extension.',
    );
    expect(h.form.getByLabelText('First name')).toHaveAccessibleDescription('At most 100 characters.');
    // The first invalid input in the form's order (the Name section comes before How to reach).
    const firstName = h.form.getByLabelText('First name');
    expect(firstName).toHaveFocus();
    expect(email).toHaveClass('kk-shake');
    act(() => clock.increment(1000));
    expect(email).not.toHaveClass('kk-shake');
    expect(updates(h)).toEqual([]);
  });

  it('says a blank required text is blank, and reformats a US phone number when the input is left', async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Contact-3-edit', [contact()]);
    const lastName = await h.form.findByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, '   ');
    await user.type(h.form.getByLabelText('Office phone'), '1 555 123 4567 x 9');
    await user.tab();
    expect(h.form.getByLabelText('Office phone')).toHaveValue('(555) 123-4567 ext: 9');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('This cannot be blank.'));
  });

  it("shows the server's validationFailed fields under their inputs", async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Contact-3-edit', [contact()]);
    h.server.failures.set('update', { userMessage: 'validationFailed', fields: { lastName: 'errors.maxLength' } });
    const lastName = await h.form.findByLabelText('Last name');
    await user.type(lastName, 'son');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('At most 100 characters.'));
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the draft on staleUpdate and says so; discard shows the stored item again', async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Contact-3-edit', [contact()]);
    const lastName = await h.form.findByLabelText('Last name');
    // Someone else saved meanwhile, without this client hearing of it.
    h.server.items.set('Contact-3', contact({ _u: 5, lastName: 'Theirs' }));
    await user.type(lastName, '-Mine');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    expect(await h.form.findByRole('alert')).toHaveTextContent('Someone else changed this in the meantime.');
    expect(lastName).toHaveValue('Thomas-Mine');
    await user.click(h.form.getByRole('button', { name: 'Discard' }));
    expect(lastName).toHaveValue('Thomas');
    expect(h.form.queryByRole('alert')).toBeNull();
  });

  it('checks web addresses and chooses a SEL option', async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Organization-2-edit', [organization]);
    const website = await h.form.findByLabelText('Website');
    await user.type(website, 'ftp://acme.example');
    await user.selectOptions(h.form.getByLabelText('Type'), 'Museum');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(website).toHaveAccessibleDescription('Enter a web address starting with http:// or https://.'));
    await user.clear(website);
    await user.type(website, 'https://acme.example');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates(h)).toEqual([{ $id: 'Organization-2', _u: 2, type: 'MUSEUM', website: 'https://acme.example' }]));
  });

  it('says the end may not come before the start', async () => {
    const user = userEvent.setup();
    const meeting: SeededItem = {
      $id: 'Meeting-1',
      _t: 'Meeting',
      _i: 1,
      ...base,
      owner: { id: 'Organization-2' },
      summary: 'Board',
      date: '2025-02-03',
      meetingTypes: ['BOARD'],
      start: '10:00',
    };
    const h = await renderItemEditor('/i-Meeting-1-edit', [meeting]);
    const end = await h.form.findByLabelText('End');
    await user.type(end, '09:30');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(end).toHaveAccessibleDescription('The end cannot come before the start.'));
  });

  it('checks numbers: a number, then a whole number above 0', async () => {
    const user = userEvent.setup();
    const measure: SeededItem = { $id: 'Measure-4', _t: 'Measure', _i: 4, ...base, title: 'Chairs' };
    const h = await renderItemEditor('/i-Measure-4-edit', [measure], { overrides: TEST_TYPE_MESSAGES });
    const count = await h.form.findByLabelText('Count');
    await user.type(count, 'two');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(count).toHaveAccessibleDescription('Enter a number.'));
    await user.clear(count);
    await user.type(count, '1.5');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(count).toHaveAccessibleDescription('Enter a whole number above 0.'));
    await user.clear(count);
    await user.type(count, '2');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates(h)).toEqual([{ $id: 'Measure-4', _u: 2, count: 2 }]));
  });

  it("offers none of an Attachment's server-kept properties: its file's, nor its relation to an item", async () => {
    const attachment: SeededItem = {
      $id: 'Attachment-4',
      _t: 'Attachment',
      _i: 4,
      ...base,
      originalName: 'plan.pdf',
      size: 10,
      relProp: 'files',
      relType: 'Contact',
      relIndex: 3,
    };
    const h = await renderItemEditor('/i-Attachment-4-edit', [attachment]);
    expect(await h.form.findByLabelText('Original name')).toHaveValue('plan.pdf');
    expect(h.form.queryByLabelText('Position')).toBeNull();
    // Exactly what a client may write: any other property offered would be refused errors.readOnly.
    expect([...h.container.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['Original name', 'Trashed']);
  });

  it('edits a BOOL and translations, and never offers the internals of a saved search (hash, criteria, sort)', async () => {
    const user = userEvent.setup();
    const search: SeededItem = {
      $id: 'SavedSearch-1',
      _t: 'SavedSearch',
      _i: 1,
      ...base,
      name: 'Mine',
      criteria: { filters: [] },
      hash: 'abc123',
      itemTypeName: 'Contact',
    };
    const h = await renderItemEditor('/i-SavedSearch-1-edit', [search]);
    await user.click(await h.form.findByLabelText('Show facets'));
    await user.type(h.form.getByLabelText('French'), 'Les miennes');
    expect(h.form.getByLabelText('English')).toBeInTheDocument();
    for (const hidden of ['Hash', 'Criteria', 'Sort by', 'Selected facets', 'Item type name'])
      expect(h.form.queryByText(hidden)).toBeNull();
    expect(h.form.queryByText(/"filters"/)).toBeNull();
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates(h)).toEqual([{ $id: 'SavedSearch-1', _u: 2, nameT: { fr: 'Les miennes' }, showFacets: true }]));
  });

  it('edits list rows of sub-fields and shows an object read-only', async () => {
    const user = userEvent.setup();
    const measure: SeededItem = {
      $id: 'Measure-1',
      _t: 'Measure',
      _i: 1,
      ...base,
      title: 'Rain',
      settings: { unit: 'mm' },
      checksum: 'x1',
    };
    const h = await renderItemEditor('/i-Measure-1-edit', [measure], { overrides: TEST_TYPE_MESSAGES });
    await user.click(await h.form.findByRole('button', { name: 'Add an entry' }));
    await user.type(h.form.getByLabelText('Key'), 'name');
    await user.selectOptions(h.form.getByLabelText('Order'), 'Descending');
    expect(h.form.getByText(/"unit"/)).toBeInTheDocument();
    expect(h.form.queryByText('Checksum')).toBeNull();
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates(h)).toEqual([{ $id: 'Measure-1', _u: 2, readings: [{ key: 'name', order: 'desc' }] }]));
    await user.click(h.form.getByRole('button', { name: 'Remove entry 1' }));
    expect(h.form.queryByLabelText('Key')).toBeNull();
  });

  it('edits a date typed as DD-MMM-YYYY', async () => {
    const user = userEvent.setup();
    const log: SeededItem = {
      $id: 'CommLog-1',
      _t: 'CommLog',
      _i: 1,
      ...base,
      owner: { id: 'Organization-2' },
      subject: 'Call',
      date: '2025-02-03',
      type: 'CALL',
      direction: 'IN',
    };
    const h = await renderItemEditor('/i-CommLog-1-edit', [log]);
    const date = await h.form.findByLabelText('Date');
    expect(date).toHaveValue('03-Feb-2025');
    await user.clear(date);
    await user.type(date, '4-mar-2025');
    await user.tab();
    expect(date).toHaveValue('04-Mar-2025');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates(h)).toEqual([{ $id: 'CommLog-1', _u: 2, date: '2025-03-04' }]));
  });

  it('refuses a typed date that is no date, with the form rule', async () => {
    const user = userEvent.setup();
    const log: SeededItem = {
      $id: 'CommLog-1',
      _t: 'CommLog',
      _i: 1,
      ...base,
      owner: { id: 'Organization-2' },
      subject: 'Call',
      date: '2025-02-03',
      type: 'CALL',
      direction: 'IN',
    };
    const h = await renderItemEditor('/i-CommLog-1-edit', [log]);
    const date = await h.form.findByLabelText('Date');
    await user.clear(date);
    await user.type(date, '31-Feb-2025');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await h.form.findByText('Enter a real date, no later than 31-Dec-2261.');
    expect(updates(h)).toEqual([]);
  });
});

describe('item create form', () => {
  it('creates the item and opens it in place of the create cell', async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Contact-0', [contact()]);
    const lastName = await h.form.findByLabelText('Last name');
    expect(lastName).toHaveValue('');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    expect(h.server.received.filter((f) => f.o.startsWith('create/'))).toEqual([]);
    await user.type(lastName, 'Newton');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/i-Contact-4'));
    expect(h.server.items.get('Contact-4')).toMatchObject({ lastName: 'Newton' });
  });

  it('refuses a create that breaks a rule and shows why', async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-Contact-0', []);
    await user.type(await h.form.findByLabelText('E-mail'), 'x@');
    await user.click(h.form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(h.form.getByLabelText('Last name')).toHaveAccessibleDescription('This is required.'));
    expect(h.form.getByLabelText('E-mail')).toHaveAccessibleDescription('This is not an e-mail address.');
  });
});
