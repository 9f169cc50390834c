/** list and ARR: rows of the `of` sub-fields (or of plain text), added and removed one at a time. */
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
    const setRow = (i: number, row: unknown): void => onChange(rows.map((r, j) => (j === i ? row : r)));
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
        {rows.map((row, i) => (
          <div key={i} className="flex items-end gap-2">
            {Object.entries(def.of ?? { value: TEXT }).map(([sub, subDef]) => {
              const kind = kinds()[subDef.kind];
              const id = `${inputId}-${i}-${sub}`;
              const subValue = def.of ? (row as ItemData | null)?.[sub] : row;
              if (!kind) return null;
              return (
                <div key={sub} className="flex-1">
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
            <Button
              variant="plain"
              aria-label={t('app.field.removeRow', { n: i + 1 })}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              {t('app.field.remove')}
            </Button>
          </div>
        ))}
        <Button variant="plain" disabled={full} onClick={() => onChange([...rows, def.of ? {} : ''])}>
          {t('app.field.addRow')}
        </Button>
      </div>
    );
  };
}
