/** A meeting's status, derived by the server, shows by its label on the read screen and in results, never as its key. */
import { render, within } from '@testing-library/react';
import { ItemDetails } from '../../src/client/items/ItemDetails';
import { resultColumns } from '../../src/client/search/resultColumns';
import { ResultValue } from '../../src/client/search/ResultValue';
import { itemTypes } from '../../src/shared/itemTypes';
import type { Item } from '../../src/shared/items/types';
import { cleanUpApps, renderApp, type AppHarness } from './support/renderApp';
import { withProviders } from './support/renderItemScreen';

let app: AppHarness;
beforeEach(() => {
  app = renderApp({ path: '/sign-in' });
});
afterEach(cleanUpApps);

const meeting = {
  $id: 'Meeting-1',
  _t: 'Meeting',
  _i: 1,
  _u: 1,
  $access: 'PROTECTED',
  _c: { ts: new Date().toISOString(), by: null },
  $labels: { 'Meeting-1': 'Road meeting' },
  summary: 'Road meeting',
  date: '2026-03-10',
  $status: 'ONGOING',
} as Item;

describe("a meeting's status", () => {
  it('shows on the read screen under its label, as the word for its value', () => {
    const { container } = render(withProviders(<ItemDetails item={meeting} type={itemTypes.get('Meeting')!} />, app.session));
    const list = container.querySelector('dl')!;
    expect(within(list).getByText('Status', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^Ongoing$/);
  });

  it('is a column of meeting results, shown as the word for its value', () => {
    expect(resultColumns('Meeting').map((c) => c.key)).toContain('$status');
    const { container } = render(withProviders(<ResultValue item={{ ...meeting, $status: 'PAST' }} name="$status" />, app.session));
    expect(container).toHaveTextContent(/^Past$/);
  });
});
