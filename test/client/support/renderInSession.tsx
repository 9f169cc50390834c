/**
 * Item components rendered on their own, inside the app's providers, beside the app of `renderApp`:
 * the real session actor, its router opened at an item path, and the cell the router made for it.
 */
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { getRouter } from '../../../machines/systemIds';
import type { Item } from '../../../src/shared/items/types';
import { createAppIntl } from '../../../src/client/i18n/createAppIntl';
import { IntlProvider } from '../../../src/client/i18n/IntlContext';
import { SessionProvider } from '../../../src/client/session/SessionContext';
import type { AppHarness } from './renderApp';

/** A Contact as the server presents it (created 05-Jan-2026 10:00 UTC by User-1). */
export function buildContact(index: number, overrides: Partial<Item> = {}): Item {
  return {
    $id: `Contact-${index}`,
    _t: 'Contact',
    _i: index,
    _u: 1,
    _c: { ts: '2026-01-05T10:00:00.000Z', by: 'User-1' },
    $access: 'PROTECTED',
    $labels: { [`Contact-${index}`]: 'Ann Smith', 'User-1': 'Ada Lovelace' },
    firstName: 'Ann',
    lastName: 'Smith',
    email: 'ann@example.org',
    ...overrides,
  } as Item;
}

/** Serves `read/{id}` and `addWatch/{id}/{_u}` for the items. */
export function serveItems(h: AppHarness, items: Item[]): void {
  for (const item of items) {
    h.server.handlers.set(`read/${item.$id}`, () => item);
    h.server.handlers.set(`addWatch/${item.$id}/${item._u}`, () => null);
  }
}

/** Sends the router to `path` and waits for the cell with `key`. */
export async function openCell(h: AppHarness, path: string, key: string): Promise<CellActorRef> {
  const router = getRouter(h.session.system);
  if (!router) throw new Error('no router');
  act(() => router.send({ type: 'router.locationChanged', path, search: '' }));
  let cell: CellActorRef | undefined;
  await waitFor(() => {
    cell = router.getSnapshot().context.cells.find((c) => c.spec.key === key)?.ref;
    expect(cell).toBeDefined();
  });
  return cell!;
}

/** Renders `node` inside the app's providers for the harness's session. */
export function renderInSession(h: AppHarness, node: ReactNode): RenderResult {
  return render(
    <IntlProvider intl={createAppIntl('en', {})}>
      <SessionProvider session={h.session}>{node}</SessionProvider>
    </IntlProvider>,
  );
}
