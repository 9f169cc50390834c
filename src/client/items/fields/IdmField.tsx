/** IDM: a list of item ids, shown and typed as one comma-separated line. */
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { inputClass } from './fieldStyles';

const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

function Show({ value }: FieldShowProps) {
  return <span className="font-mono text-sm">{idsOf(value).join(', ')}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  return (
    <input
      id={inputId}
      type="text"
      value={idsOf(value).join(', ')}
      aria-required={def.required === true || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean))}
      onBlur={onBlur}
    />
  );
}

/** Item ids. */
export const IdmField: FieldKind = { Show, Edit, isEmpty: (v) => idsOf(v).length === 0 };
