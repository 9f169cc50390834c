/**
 * The item screens inside the running app's providers: the app at an item cell's path with a real
 * session, and the edit or read body rendered beside it for that cell, against seeded server items.
 */
import { render, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import { getRouter, type SessionActorRef } from '../../../machines/systemIds';
import { createAppIntl } from '../../../src/client/i18n/createAppIntl';
import { IntlProvider } from '../../../src/client/i18n/IntlContext';
import { ItemEditor } from '../../../src/client/items/ItemEditor';
import { SessionProvider } from '../../../src/client/session/SessionContext';
import type { SeededItem } from './protocolServer';
import { renderApp, type RenderOptions } from './renderApp';

/** Wraps `node` in the messages (with `overrides` on top) and (when given) the session, as the app does. */
export function withProviders(node: ReactNode, session?: SessionActorRef, overrides: Record<string, string> = {}): ReactNode {
  const intl = createAppIntl('en', overrides);
  return <IntlProvider intl={intl}>{session ? <SessionProvider session={session}>{node}</SessionProvider> : node}</IntlProvider>;
}

/** The edit or create screen of the item cell at `path` (its last segment), with `items` on the server. */
export async function renderItemEditor(path: string, items: SeededItem[], options: RenderOptions = {}) {
  const app = renderApp({ path, signedIn: true, ...options });
  app.server.seedItems(...items);
  const key = path.split('?')[0]!.split('/').at(-1)!;
  let cell: CellActorRef | undefined;
  await waitFor(() => {
    const router = getRouter(app.session.system);
    const found = router?.getSnapshot().context.cells.find((c) => c.spec.key === key);
    if (!found) throw new Error(`no cell ${key} yet`);
    cell = found.ref;
  });
  const ref = cell!;
  const view = render(withProviders(<ItemEditor cell={ref} spec={ref.getSnapshot().context.spec} />, app.session, options.overrides));
  return { ...app, cell: ref, form: within(view.container), container: view.container };
}
