/** list and ARR: rows of the `of` sub-fields (or of plain text), added, removed and moved up or down one at a time. */
import { newRowKey, RowButton, useRowKeys } from './rowControls';
import type { ItemData, PropertyDef } from '../../../shared/items/types';
import { Button } from '../../shell/Button';
import { useT } from '../../i18n/useT';
import type { FieldEditProps, FieldKind, FieldKinds, FieldShowProps } from './FieldKind';

const rowsOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const subLabel = (typeName: string, name: string, sub: string): string => `types.${typeName}.${name}.${sub}`;
const TEXT: PropertyDef = { kind: 'textField' };

/**
 * The list and ARR kind, drawing each sub-field with the kind `kinds()` gives for it. The lookup is
 * passed in (rather than imported from fieldKinds.ts, which lists this kind) so the two files do
 * not import each other; it is a function because the table is still being built when this runs.
 */
export function listField(kinds: () => FieldKinds): FieldKind {
  return { Show: listShow(kinds), Edit: listEdit(kinds), isEmpty: (v) => rowsOf(v).length === 0 };
}

function listShow(kinds: () => FieldKinds) {
  return function ListShow({ name, def, value, item, type }: FieldShowProps) {
    const t = useT();
    return (
      <ol className="list-inside list-decimal space-y-1">
        {rowsOf(value).map((row, i) => (
          <li key={i}>
            {def.of ? (
              Object.entries(def.of).map(([sub, subDef]) => {
                const v = (row as ItemData | null)?.[sub];
                const kind = kinds()[subDef.kind];
                if (v === undefined || v === null || !kind) return null;
                return (
                  <span key={sub} className="mr-3">
                    <span className="text-muted">{t(subLabel(type.name, name, sub))}: </span>
                    <kind.Show name={sub} def={subDef} value={v} item={item} type={type} />
                  </span>
                );
              })
            ) : (
              <span>{String(row)}</span>
            )}
          </li>
        ))}
      </ol>
    );
  };
}

function listEdit(kinds: () => FieldKinds) {
  return function ListEdit({ name, def, value, item, type, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
    const t = useT();
    const rows = rowsOf(value);
    const [shownKeys, setKeys] = useRowKeys(rows.length);
    const change = (next: unknown[], nextKeys: string[]): void => {
      setKeys(nextKeys);
      onChange(next);
    };
    const setRow = (i: number, row: unknown): void => onChange(rows.map((r, j) => (j === i ? row : r)));
    const move = (i: number, j: number): void => {
      const next = [...rows];
      const nextKeys = [...shownKeys];
      [next[i], next[j]] = [next[j], next[i]];
      [nextKeys[i], nextKeys[j]] = [nextKeys[j]!, nextKeys[i]!];
      change(next, nextKeys);
    };
    const full = def.maxItems !== undefined && rows.length >= def.maxItems;
    return (
      <div
        id={inputId}
        role="group"
        tabIndex={-1}
        aria-labelledby={`${inputId}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`space-y-2 rounded border p-2 ${error ? 'border-red-600 dark:border-red-400' : 'border-line'} ${error && shake ? 'kk-shake' : ''}`}
      >
        {rows.map((row, i) => {
          const key = shownKeys[i]!;
          return (
            // On a phone the sub-fields stack and the row's buttons follow them; side by side from sm up.
            <div key={key} className="flex flex-col gap-2 border-b border-line pb-2 last:border-b-0 sm:flex-row sm:items-end">
              {Object.entries(def.of ?? { value: TEXT }).map(([sub, subDef]) => {
                const kind = kinds()[subDef.kind];
                const id = `${inputId}-${key}-${sub}`;
                const subValue = def.of ? (row as ItemData | null)?.[sub] : row;
                if (!kind) return null;
                return (
                  <div key={sub} className="min-w-0 sm:flex-1">
                    <label id={`${id}-label`} htmlFor={id} className="mb-1 block text-xs text-muted">
                      {def.of ? t(subLabel(type.name, name, sub)) : t('app.field.row', { n: i + 1 })}
                    </label>
                    <kind.Edit
                      name={sub}
                      def={subDef}
                      value={subValue}
                      item={item}
                      type={type}
                      inputId={id}
                      errorId={errorId}
                      error={null}
                      shake={false}
                      onChange={(v) => setRow(i, def.of ? { ...((row as ItemData | null) ?? {}), [sub]: v } : v)}
                      onBlur={onBlur}
                    />
                  </div>
                );
              })}
              <div className="flex shrink-0 items-center gap-1">
                {rows.length > 1 ? (
                  <>
                    <RowButton icon="up" label={t('app.field.moveUp', { n: i + 1 })} disabled={i === 0} onClick={() => move(i, i - 1)} />
                    <RowButton
                      icon="down"
                      label={t('app.field.moveDown', { n: i + 1 })}
                      disabled={i === rows.length - 1}
                      onClick={() => move(i, i + 1)}
                    />
                  </>
                ) : null}
                <Button
                  variant="plain"
                  aria-label={t('app.field.removeRow', { n: i + 1 })}
                  onClick={() =>
                    change(
                      rows.filter((_, j) => j !== i),
                      shownKeys.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t('app.field.remove')}
                </Button>
              </div>
            </div>
          );
        })}
        <Button variant="plain" disabled={full} onClick={() => change([...rows, def.of ? {} : ''], [...shownKeys, newRowKey()])}>
          {t('app.field.addRow')}
        </Button>
      </div>
    );
  };
}
