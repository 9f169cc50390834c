/** DT: a calendar date, shown DD-MMM-YYYY and edited with the browser's date input (up to 2261-12-31). */
import { DATE_UPPER_BOUND } from '../../../shared/constants';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { formatDate } from './formatDate';
import { inputClass } from './fieldStyles';

function Show({ value }: FieldShowProps) {
  return <span>{formatDate(String(value))}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  return (
    <input
      id={inputId}
      type="date"
      max={DATE_UPPER_BOUND}
      value={typeof value === 'string' ? value : ''}
      aria-required={def.required === true || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}

/** A date without time. */
export const DateField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'string' || v === '' };
