import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../../src/shared/protocol';
import type { SeededItem } from '../support/protocolServer';
import { cleanUpApps } from '../support/renderApp';
import { renderItemEditor } from '../support/renderItemScreen';

afterEach(cleanUpApps);

const base = { _u: 1, _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' }, $access: 'PROTECTED', $labels: {} };
const org = (i: number, displayName: string): SeededItem => ({
  $id: `Organization-${i}`,
  _t: 'Organization',
  _i: i,
  ...base,
  displayName,
  type: 'COMMUNITY',
});
const lists: Record<string, Record<string, Array<{ id: string; key: string; label: string; state: string }>>> = {
  ORG_COMMLOG_TYPES: {
    _: [{ id: 'LOVValue-1', key: 'EMAIL', label: 'E-mail', state: 'ACTIVE' }],
    'Organization-1': [{ id: 'LOVValue-2', key: 'NOTICE', label: 'Community notice', state: 'ACTIVE' }],
    'Organization-2': [{ id: 'LOVValue-3', key: 'RADIO', label: 'Radio', state: 'ACTIVE' }],
  },
  ORG_COMMLOG_DIRECTIONS: { _: [{ id: 'LOVValue-4', key: 'INCOMING', label: 'Incoming', state: 'ACTIVE' }] },
};
const labels: Record<string, string> = { 'Organization-1': 'Lakeview First Nation', 'Organization-2': 'Northern Minerals' };
const search = (frame: Frame) => {
  const q = ((frame.b as { must: { q?: string } }).must.q ?? '').toLowerCase();
  const ids = Object.keys(labels).filter((id) => labels[id]!.toLowerCase().includes(q));
  return { ids, labels: Object.fromEntries(ids.map((id) => [id, labels[id]])), total: ids.length, facets: {} };
};
const options = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.textContent);

describe('LOV fields of a create form', () => {
  test("offer the chosen owner's values as soon as the owner is chosen, and the next owner's when it changes", async () => {
    const user = userEvent.setup();
    const h = await renderItemEditor('/i-CommLog-0', [org(1, labels['Organization-1']!), org(2, labels['Organization-2']!)]);
    h.server.handlers.set('search/ids', search);
    h.server.handlers.set('act/lov', (frame: Frame) => lists[(frame.b as { list: string }).list] ?? {});
    const type = await h.form.findByLabelText('Type');
    await waitFor(() => expect(options(type)).toEqual(['— Choose —', 'E-mail', 'Other']));
    expect(options(h.form.getByLabelText('Direction'))).toEqual(['— Choose —', 'Incoming', 'Other']);

    const owner = h.form.getByRole('combobox', { name: 'Owner' });
    await user.type(owner, 'Lakeview');
    await user.click(await h.form.findByRole('option', { name: 'Lakeview First Nation' }));
    await waitFor(() => expect(options(type)).toEqual(['— Choose —', 'E-mail', 'Community notice', 'Other']));

    await user.click(h.form.getByRole('button', { name: 'Remove Lakeview First Nation' }));
    await user.type(owner, 'Northern');
    await user.click(await within(h.container).findByRole('option', { name: 'Northern Minerals' }));
    await waitFor(() => expect(options(type)).toEqual(['— Choose —', 'E-mail', 'Radio', 'Other']));
  });
});
