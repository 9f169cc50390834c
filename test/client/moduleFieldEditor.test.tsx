/**
 * A module's own editor of one property in the item form (ModuleClient.fieldEditors, docs/modules.md):
 * the form shows "Loading…" in its place until the module's screens are in, then the module's
 * editor under the form's own label; a chunk that fails leaves the kind's generic input.
 */
import { act, render, screen } from '@testing-library/react';
import type { FieldEditProps } from '../../src/client/items/fields/FieldKind';
import { FieldEditRow } from '../../src/client/items/fields/FieldEditRow';
import type { ModuleClient, ModuleScreens } from '../../src/client/modules/ModuleClient';
import type { ItemTypeDef } from '../../src/shared/items/types';
import { withProviders } from './support/renderItemScreen';

let arrive: (screens: ModuleScreens) => void = () => undefined;
let fail: (error: Error) => void = () => undefined;

function NotesEditor({ inputId, value }: FieldEditProps) {
  return <textarea id={inputId} aria-label="Notes, the module's way" defaultValue={String(value ?? '')} />;
}

jest.mock('../../src/modules/client', () => ({
  moduleClients: [
    {
      name: 'notes',
      fieldEditors: ['Sample.notes'],
      screens: () => new Promise<ModuleScreens>((resolve) => (arrive = resolve)),
    },
    {
      name: 'broken',
      fieldEditors: ['Sample.broken'],
      screens: () => new Promise<ModuleScreens>((_resolve, reject) => (fail = reject)),
    },
  ] satisfies ModuleClient[],
}));

const TYPE: ItemTypeDef = {
  name: 'Sample',
  defaultIcon: 'x',
  defaultAccess: 'PRIVATE',
  properties: {},
  label: () => 'Sample',
};

const row = (name: string) =>
  render(
    withProviders(
      <FieldEditRow
        name={name}
        def={{ kind: 'textField', t: 'app.field.yes' }}
        value="kept"
        item={null}
        type={TYPE}
        inputId={`f-${name}`}
        error={null}
        shake={false}
        onChange={() => undefined}
        onBlur={() => undefined}
      />,
    ),
  );

describe("a module's field editor", () => {
  it('shows Loading… until the screens arrive, then the module editor; drawn at once after that', async () => {
    const first = row('notes');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await act(async () => arrive({ messages: {}, fieldEditors: { 'Sample.notes': NotesEditor } }));
    expect(await screen.findByRole('textbox', { name: "Notes, the module's way" })).toHaveValue('kept');
    first.unmount();
    row('notes');
    expect(screen.getByRole('textbox', { name: "Notes, the module's way" })).toBeInTheDocument();
  });

  it("falls back to the kind's own input when the module's screens fail to load", async () => {
    row('broken');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => fail(new Error('chunk lost')));
    expect(await screen.findByRole('textbox', { name: 'Yes' })).toHaveValue('kept');
  });

  it('leaves a property no module claims to its kind', () => {
    row('plain');
    expect(screen.getByRole('textbox', { name: 'Yes' })).toHaveValue('kept');
  });
});
