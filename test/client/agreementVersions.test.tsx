/**
 * An agreement's saved versions compared (issue 14): the versions named by number, date and author;
 * the one before the latest and the latest compared first, their differing properties shown as labels
 * side by side; another pair chosen; a single version said so; asked again once the agreement is saved
 * (its push, to the watch the panel's actor keeps on the Agreement type), not when another one is.
 */
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { selectItem, type ItemActorRef } from '../../machines/item/itemMachine';
import { getRouter } from '../../machines/systemIds';
import type { ItemPanelProps } from '../../src/client/items/itemPanels';
import { loadScreens } from '../../src/client/modules/moduleRegistry';
import type { AgreementVersion } from '../../src/modules/consult/operations';
import type { Item } from '../../src/shared/items/types';
import { cleanUpApps, renderApp } from './support/renderApp';
import { withProviders } from './support/renderItemScreen';
import type { SeededItem } from './support/protocolServer';

afterEach(cleanUpApps);

const agreement: SeededItem = {
  $id: 'Agreement-2',
  _t: 'Agreement',
  _i: 2,
  _u: 3,
  _c: { ts: '2026-01-05T10:00:00.000Z', by: 'User-9' },
  $access: 'PROTECTED',
  $labels: { 'Agreement-2': 'Process agreement 2026', 'Organization-3': 'Lakeview First Nation' },
  owner: { id: 'Organization-3' },
  title: 'Process agreement 2026',
  kind: 'CONSULTATION_PROCESS',
  state: 'ACTIVE',
};

const version = (u: number, data: Record<string, unknown>, by: string | null = 'User-9'): AgreementVersion => ({
  u,
  ts: `2026-03-0${u}T10:00:00.000Z`,
  by,
  data: { owner: { id: 'Organization-3' }, kind: 'CONSULTATION_PROCESS', ...data },
});

const three = {
  versions: [
    version(1, { title: 'Process agreement', state: 'DRAFT' }),
    version(2, { title: 'Process agreement 2026', state: 'DRAFT', with: [{ id: 'Organization-5' }] }, null),
    version(3, { title: 'Process agreement 2026', state: 'ACTIVE', with: [{ id: 'Organization-5' }] }),
  ],
  labels: { 'User-9': 'Helen Sinclair', 'Organization-3': 'Lakeview First Nation', 'Organization-5': 'Prairie Power' },
};

async function renderPanel(answer: () => unknown) {
  const app = renderApp({ path: `/i-${agreement.$id}`, signedIn: true });
  app.server.seedItems(agreement);
  app.server.handlers.set('act/agreementVersions', () => answer());
  let itemRef: ItemActorRef | null = null;
  let read: Item | null = null;
  await waitFor(() => {
    const cell = getRouter(app.session.system)
      ?.getSnapshot()
      .context.cells.find((c) => c.spec.itemId === agreement.$id);
    itemRef = cell?.ref.getSnapshot().context.item ?? null;
    read = itemRef ? selectItem(itemRef.getSnapshot()) : null;
    if (!read) throw new Error('not read yet');
  });
  const cell = getRouter(app.session.system)!
    .getSnapshot()
    .context.cells.find((c) => c.spec.itemId === agreement.$id)!.ref;
  const panels: readonly ComponentType<ItemPanelProps>[] = (await loadScreens('consult')).panels?.Agreement ?? [];
  const draw = (item: Item) =>
    withProviders(
      <>
        {panels.map((Panel, i) => (
          <Panel key={i} item={item} itemRef={itemRef!} cell={cell} />
        ))}
      </>,
      app.session,
    );
  const view = render(draw(read!));
  return { ...app, panel: within(view.container) };
}

const sent = (h: { server: { received: { o: string }[] } }, o: string) => h.server.received.filter((f) => f.o === o).length;
const asked = (h: { server: { received: { o: string }[] } }) => sent(h, 'act/agreementVersions');

describe('Saved versions of an agreement', () => {
  it('compares the one before the latest with the latest, by labels, and another pair when chosen', async () => {
    const h = await renderPanel(() => three);
    const table = await h.panel.findByRole('table', { name: 'What changed from version 2 to version 3' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['StateDraftActive']);
    expect(h.panel.getByLabelText('Compare')).toHaveDisplayValue(/^Version 2 · 02-Mar-2026 \d\d:\d\d · Someone$/);
    expect(h.panel.getByLabelText('With')).toHaveDisplayValue(/^Version 3 · 03-Mar-2026 \d\d:\d\d · Helen Sinclair$/);
    await userEvent.selectOptions(h.panel.getByLabelText('Compare'), '1');
    const wider = await h.panel.findByRole('table', { name: 'What changed from version 1 to version 3' });
    const cells = within(wider)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(cells).toEqual([
      ['Title', 'Process agreement', 'Process agreement 2026'],
      ['With', 'Not set', 'Prairie Power'],
      ['State', 'Draft', 'Active'],
    ]);
    expect(h.panel.getByTestId('agreement-versions')).not.toHaveTextContent(/DRAFT|Organization-5|2026-03/);
  });

  it('says when only one version is saved, and asks again once the agreement is saved (not when another one is)', async () => {
    let answer: unknown = { versions: [version(1, { title: 'Process agreement', state: 'DRAFT' })], labels: {} };
    const h = await renderPanel(() => answer);
    await h.panel.findByText('Only one version has been saved so far. Each save keeps a version to compare.');
    expect(h.panel.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() => expect(sent(h, 'addWatch/Agreement-0')).toBe(1));
    answer = three;
    const before = asked(h);
    h.server.push({ o: 'item/update', b: { ...agreement, $id: 'Agreement-5', _i: 5, _u: 2 } });
    await new Promise((r) => setTimeout(r, 50));
    expect(asked(h)).toBe(before);
    h.server.push({ o: 'item/update', b: { ...agreement, _u: 4, state: 'ACTIVE' } });
    await h.panel.findByRole('table', { name: 'What changed from version 2 to version 3' });
    expect(asked(h)).toBe(before + 1);
  });
});
