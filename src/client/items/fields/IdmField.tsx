/** IDM: a list of item ids, shown and typed as one comma-separated line. */
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { inputClass } from './fieldStyles';

// The form keeps the line as typed, so that a comma being typed survives; it stores the ids as a list.
const splitIds = (line: string): string[] =>
  line
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? splitIds(v) : []);

function Show({ value }: FieldShowProps) {
  return <span className="font-mono text-sm">{idsOf(value).join(', ')}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  return (
    <input
      id={inputId}
      type="text"
      value={typeof value === 'string' ? value : idsOf(value).join(', ')}
      aria-required={def.required === true || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}

/** Item ids. */
export const IdmField: FieldKind = { Show, Edit, isEmpty: (v) => idsOf(v).length === 0 };
