/**
 * One property's show or edit component inside the running app's session (renderApp: real session
 * actor, ProtocolServer), as the item screens place it: the edit component gets a value it reports
 * changes of, an error the test sets, and the ids the form would give.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { FieldActorsProvider, type FieldActors } from '../../../src/client/items/fields/FieldActorsContext';
import type { FieldKind } from '../../../src/client/items/fields/FieldKind';
import { IntlProvider } from '../../../src/client/i18n/IntlContext';
import { createAppIntl } from '../../../src/client/i18n/createAppIntl';
import { SessionProvider } from '../../../src/client/session/SessionContext';
import type { Item, ItemTypeDef } from '../../../src/shared/items/types';
import { renderApp, type AppHarness } from './renderApp';

/** An item as the server presents it. */
export function buildFieldItem(type: string, overrides: Partial<Item> = {}): Item {
  return {
    $id: `${type}-1`,
    _t: type,
    _i: 1,
    _u: 1,
    _c: { ts: '2026-01-01T00:00:00Z', by: 'User-1' },
    $access: 'PROTECTED',
    $labels: {},
    ...overrides,
  } as Item;
}

export interface FieldOptions {
  kind: FieldKind;
  type: ItemTypeDef;
  name: string;
  item: Item | null;
  value: unknown;
  error?: string | null;
  /** The form's field actors, made once the app's session runs. */
  actors?: (app: AppHarness) => FieldActors;
}

export interface FieldHarness {
  app: AppHarness;
  /** Every value the edit component reported, in order. */
  changes: unknown[];
  blurs: number;
  /** The element of the field (inside the app's document). */
  field: HTMLElement;
}

/** Starts the signed-in app, waits for its socket, then renders the field beside it. */
export async function renderField(mode: 'show' | 'edit', options: FieldOptions): Promise<FieldHarness> {
  const app = renderApp({ signedIn: true });
  await waitFor(() => expect(app.server.connected).toBe(1));
  const harness: FieldHarness = { app, changes: [], blurs: 0, field: document.body };
  const def = options.type.properties[options.name]!;
  function EditHost() {
    const [value, setValue] = useState(options.value);
    const { Edit } = options.kind;
    return (
      <div>
        <label id="f-input-label" htmlFor="f-input">
          {options.name}
        </label>
        <Edit
          name={options.name}
          def={def}
          value={value}
          item={options.item}
          type={options.type}
          inputId="f-input"
          errorId="f-error"
          error={options.error ?? null}
          shake={false}
          onChange={(v) => {
            harness.changes.push(v);
            setValue(v);
          }}
          onBlur={() => {
            harness.blurs += 1;
          }}
        />
      </div>
    );
  }
  const { Show } = options.kind;
  const body =
    mode === 'edit' ? <EditHost /> : <Show name={options.name} def={def} value={options.value} item={options.item!} type={options.type} />;
  render(
    <IntlProvider intl={createAppIntl('en', {})}>
      <SessionProvider session={app.session}>
        <section aria-label="field under test">
          {options.actors ? <FieldActorsProvider actors={options.actors(app)}>{body}</FieldActorsProvider> : body}
        </section>
      </SessionProvider>
    </IntlProvider>,
  );
  harness.field = screen.getByRole('region', { name: 'field under test' });
  return harness;
}

/** Queries inside the field under test only. */
export const inField = (h: FieldHarness) => within(h.field);
