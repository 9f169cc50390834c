import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LovField } from '../../../src/client/items/fields/LovField';
import { LOV_OTHER_MARKER } from '../../../src/shared/constants';
import { CommLogType, MeetingType } from '../../../src/modules/orgs/model';
import { cleanUpApps } from '../support/renderApp';
import { buildFieldItem, inField, renderField } from '../support/renderField';

afterEach(cleanUpApps);

const lists = {
  _: [
    { id: 'LOVValue-1', key: 'LETTER', label: 'Letter', state: 'ACTIVE' },
    { id: 'LOVValue-4', key: 'TELEX', label: 'Telex', state: 'ARCHIVED' },
  ],
  'Organization-1': [{ id: 'LOVValue-2', key: 'PHONE', label: 'Phone call', state: 'ACTIVE' }],
  'Organization-2': [{ id: 'LOVValue-3', key: 'FAX', label: 'Fax', state: 'ACTIVE' }],
};
const item = (overrides = {}) => buildFieldItem('CommLog', { owner: { id: 'Organization-1' }, ...overrides });

async function withLists(mode: 'show' | 'edit', value: unknown, name = 'type', type = CommLogType) {
  const h = await renderField(mode, { kind: LovField, type, name, item: item({ [name]: value }), value });
  h.app.server.handlers.set('act/lov', () => lists);
  return h;
}

describe('LOV field', () => {
  test("shows the value's translated label, and 'Other' for the other marker", async () => {
    const h = await withLists('show', 'PHONE');
    expect(await inField(h).findByText('Phone call')).toBeInTheDocument();
    expect(h.app.server.received.filter((f) => f.o === 'act/lov').map((f) => f.b)).toEqual([
      { list: 'ORG_COMMLOG_TYPES', locale: 'en', includeArchived: true },
    ]);
  });

  test("offers the site's and the owner's active values and Other; an archived value only while it is set", async () => {
    const user = userEvent.setup();
    const h = await withLists('edit', 'TELEX');
    const select = inField(h).getByRole('combobox', { name: 'type' });
    await waitFor(() =>
      expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        '— Choose —',
        'Letter',
        'Telex (archived)',
        'Phone call',
        'Other',
      ]),
    );
    expect(select).toHaveValue('TELEX');
    await user.selectOptions(select, 'Phone call');
    expect(h.changes.at(-1)).toBe('PHONE');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['— Choose —', 'Letter', 'Phone call', 'Other']);
    await user.selectOptions(select, 'Other');
    expect(h.changes.at(-1)).toBe(LOV_OTHER_MARKER);
  });

  test('a list holds several values as checkboxes; the server error shows on the field', async () => {
    const user = userEvent.setup();
    const h = await renderField('edit', {
      kind: LovField,
      type: MeetingType,
      name: 'meetingTypes',
      item: item(),
      value: [],
      error: 'errors.notInList',
    });
    h.app.server.handlers.set('act/lov', () => ({ _: [{ id: 'LOVValue-9', key: 'OPEN', label: 'Open house', state: 'ACTIVE' }] }));
    await user.click(await inField(h).findByRole('checkbox', { name: 'Open house' }));
    await user.click(inField(h).getByRole('checkbox', { name: 'Other' }));
    expect(h.changes.at(-1)).toEqual(['OPEN', LOV_OTHER_MARKER]);
    expect(inField(h).getByRole('group')).toHaveAttribute('aria-invalid', 'true');
  });
});
