import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Item, ItemTypeDef, PropertyDef } from '../../src/shared/items/types';
import { FIELD_KINDS } from '../../src/client/items/fields/fieldKinds';
import { FieldEditRow } from '../../src/client/items/fields/FieldEditRow';
import { withProviders } from './support/renderItemScreen';

// A type made for these tests: the kinds no registered type uses yet.
const TYPE: ItemTypeDef = {
  name: 'Sample',
  defaultIcon: 'x',
  defaultAccess: 'PRIVATE',
  properties: {},
  label: (item) => `Label of ${String(item.code)}`,
};
const ITEM = {
  $id: 'Sample-1',
  _t: 'Sample',
  _i: 1,
  _u: 1,
  _c: { ts: '2024-01-01T00:00:00Z', by: null },
  $access: 'PRIVATE',
  $labels: {},
  code: 'A7',
} as Item;

function Editable({ def, initial, error = null }: { def: PropertyDef; initial: unknown; error?: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FieldEditRow
        name="prop"
        def={{ t: 'app.field.yes', ...def }}
        value={value}
        item={ITEM}
        type={TYPE}
        inputId="f"
        error={error}
        shake={false}
        onChange={(_, v) => setValue(v)}
        onBlur={() => undefined}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const renderEdit = (def: PropertyDef, initial: unknown, error: string | null = null) =>
  render(withProviders(<Editable def={def} initial={initial} error={error} />));
const value = () => JSON.parse(screen.getByTestId('value').textContent || 'null') as unknown;

function renderShow(def: PropertyDef, v: unknown) {
  const kind = FIELD_KINDS[def.kind]!;
  return render(withProviders(<kind.Show name="prop" def={def} value={v} item={ITEM} type={TYPE} />));
}

describe('property kinds', () => {
  it('DTM shows DD-MMM-YYYY HH:mm in the local zone and edits as local date and time', async () => {
    const def: PropertyDef = { kind: 'DTM' };
    renderShow(def, '2024-05-01T12:30:00Z');
    const local = new Date('2024-05-01T12:30:00Z');
    const hh = String(local.getHours()).padStart(2, '0');
    expect(screen.getByText(`01-May-2024 ${hh}:30`)).toBeInTheDocument();
  });

  it('DTM is typed as DD-MMM-YYYY HH:mm (or ISO) and stored as an ISO moment; the calendar fills it too', async () => {
    const { fireEvent } = await import('@testing-library/react');
    renderEdit({ kind: 'DTM' }, '');
    const input = screen.getByLabelText('Yes');
    expect(input).toHaveAttribute('placeholder', 'DD-MMM-YYYY HH:mm');
    fireEvent.change(input, { target: { value: '03-Feb-2025 09:15' } });
    expect(value()).toBe(new Date(2025, 1, 3, 9, 15).toISOString());
    fireEvent.change(input, { target: { value: '2025-02-04T10:30' } });
    expect(value()).toBe(new Date(2025, 1, 4, 10, 30).toISOString());
    fireEvent.blur(input);
    expect(input).toHaveValue('04-Feb-2025 10:30');
    // Text that is no date stays as typed, for the form's rules to refuse (errors.invalidDate).
    fireEvent.change(input, { target: { value: '31-Feb-2025 10:00' } });
    expect(value()).toBe('31-Feb-2025 10:00');
    const calendar = document.querySelector('input[type="datetime-local"]')!;
    expect(calendar).toHaveAttribute('max', '2261-12-31T23:59');
    expect(calendar).toHaveAttribute('aria-hidden', 'true');
    fireEvent.change(calendar, { target: { value: '2025-03-01T08:05' } });
    expect(value()).toBe(new Date(2025, 2, 1, 8, 5).toISOString());
    expect(input).toHaveValue('01-Mar-2025 08:05');
    expect(screen.getByRole('button', { name: 'Choose from the calendar' })).toBeInTheDocument();
  });

  it('NUM shows a number in the locale, and a file size (faceted by file size) in Bytes, KB or MB', () => {
    renderShow({ kind: 'NUM', number: 'INTEGER' }, 1065);
    expect(screen.getByText('1,065')).toBeInTheDocument();
    renderShow({ kind: 'NUM', number: 'INTEGER', facet: { kind: 'fileSize' } }, 1065);
    expect(screen.getByText('1.1 KB')).toBeInTheDocument();
    renderShow({ kind: 'NUM', number: 'INTEGER', facet: { kind: 'fileSize' } }, 318);
    expect(screen.getByText('318 Bytes')).toBeInTheDocument();
  });

  it('impreciseDate shows a year, a month or a day, and is typed as text', async () => {
    renderShow({ kind: 'impreciseDate' }, '1871-3');
    expect(screen.getByText('Mar-1871')).toBeInTheDocument();
    renderShow({ kind: 'impreciseDate' }, '1871-3-9');
    expect(screen.getByText('09-Mar-1871')).toBeInTheDocument();
    renderShow({ kind: 'impreciseDate' }, '1871');
    expect(screen.getByText('1871')).toBeInTheDocument();
    const user = userEvent.setup();
    renderEdit({ kind: 'impreciseDate' }, '');
    const input = screen.getByPlaceholderText('YYYY, YYYY-M or YYYY-M-D');
    await user.type(input, '1990-7');
    expect(value()).toBe('1990-7');
  });

  it('textField hex shows a swatch beside the code; url and email are links', () => {
    const { container } = renderShow({ kind: 'textField', format: 'hex' }, '#1976D2');
    expect(screen.getByText('#1976D2')).toBeInTheDocument();
    expect(container.querySelector('[style*="background-color"]')).not.toBeNull();
    renderShow({ kind: 'textField', format: 'url' }, 'https://example.org');
    expect(screen.getByRole('link', { name: 'https://example.org' })).toHaveAttribute('href', 'https://example.org');
    renderShow({ kind: 'textField', format: 'email' }, 'ada@example.org');
    expect(screen.getByRole('link', { name: 'ada@example.org' })).toHaveAttribute('href', 'mailto:ada@example.org');
  });

  it('SEL multiple is a group of checkboxes', async () => {
    const user = userEvent.setup();
    renderEdit({ kind: 'SEL', multiple: true, options: ['AUDIO', 'VIDEO'] }, ['AUDIO']);
    expect(screen.getByRole('group', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Audio' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Video' }));
    await user.click(screen.getByRole('checkbox', { name: 'Audio' }));
    expect(value()).toEqual(['VIDEO']);
  });

  it('ARR of plain values adds and removes rows; IDM is a comma-separated line of ids', async () => {
    const user = userEvent.setup();
    renderEdit({ kind: 'ARR', maxItems: 2 }, ['a']);
    await user.click(screen.getByRole('button', { name: 'Add an entry' }));
    await user.type(screen.getByLabelText('Entry 2'), 'b');
    expect(value()).toEqual(['a', 'b']);
    expect(screen.getByRole('button', { name: 'Add an entry' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove entry 1' }));
    expect(value()).toEqual(['b']);
  });

  it('ARR rows move up and down by their labelled buttons, each keeping its own value', async () => {
    const user = userEvent.setup();
    renderEdit({ kind: 'ARR' }, ['a', 'b', 'c']);
    expect(screen.getByRole('button', { name: 'Move entry 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move entry 3 down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move entry 3 up' }));
    expect(value()).toEqual(['a', 'c', 'b']);
    expect(screen.getByLabelText('Entry 2')).toHaveValue('c');
    await user.click(screen.getByRole('button', { name: 'Move entry 1 down' }));
    expect(value()).toEqual(['c', 'a', 'b']);
    await user.type(screen.getByLabelText('Entry 1'), '!');
    expect(value()).toEqual(['c!', 'a', 'b']);
    // One row alone has nothing to move past.
    await user.click(screen.getByRole('button', { name: 'Remove entry 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove entry 2' }));
    expect(screen.queryByRole('button', { name: 'Move entry 1 down' })).not.toBeInTheDocument();
  });

  it('IDM edits ids as one line and shows them', async () => {
    const user = userEvent.setup();
    renderEdit({ kind: 'IDM' }, ['Contact-1']);
    await user.type(screen.getByLabelText('Yes'), ', Contact-2');
    expect(screen.getByLabelText('Yes')).toHaveValue('Contact-1, Contact-2');
    expect(value()).toBe('Contact-1, Contact-2');
    renderShow({ kind: 'IDM' }, ['Contact-1', 'Contact-2']);
    expect(screen.getByText('Contact-1, Contact-2')).toBeInTheDocument();
  });

  it('labelFunc shows the label the type computes, read-only', () => {
    renderEdit({ kind: 'labelFunc' }, 'stale');
    expect(screen.getByText('Label of A7')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows each form rule message in English, with counts and singular or plural', () => {
    const cases: Array<[PropertyDef, string, string]> = [
      [{ kind: 'textField', format: 'hex' }, 'errors.invalidHex', 'Enter a colour as # and 3 or 6 hexadecimal digits.'],
      [{ kind: 'textField', format: 'lowercase' }, 'errors.lowercase', 'Use lowercase letters only.'],
      [{ kind: 'NUM', number: 'INTEGER' }, 'errors.number.integer', 'Enter a whole number.'],
      [{ kind: 'NUM', number: 'FLOAT' }, 'errors.number.float', 'Enter a number.'],
      [{ kind: 'impreciseDate' }, 'errors.invalidDate', 'Enter a real date, no later than 31-Dec-2261.'],
      [{ kind: 'textField', maxLength: 1 }, 'errors.maxLength', 'At most 1 character.'],
      [{ kind: 'ARR', minItems: 2 }, 'errors.array.min', 'Add at least 2 entries.'],
      [{ kind: 'ARR', maxItems: 1 }, 'errors.array.max', 'At most 1 entry.'],
      [{ kind: 'ARR', minItems: 3, maxItems: 3 }, 'errors.array.exactly', 'Exactly 3 entries.'],
      [{ kind: 'ARR', minItems: 1, maxItems: 1 }, 'errors.array.max', 'Exactly 1 entry.'],
    ];
    for (const [def, key, text] of cases) {
      const { unmount } = renderEdit(def, def.kind === 'ARR' ? [] : '', key);
      expect(screen.getByText(text)).toHaveAttribute('id', 'f-error');
      unmount();
    }
  });
});
