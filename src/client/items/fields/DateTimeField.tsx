/** DTM: a moment, shown DD-MMM-YYYY HH:mm in the user's time zone and edited as local date and time. */
import { format } from 'date-fns';
import { DATE_UPPER_BOUND } from '../../../shared/constants';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { formatDate } from './formatDate';
import { inputClass } from './fieldStyles';

/** The stored ISO moment as the local `YYYY-MM-DDTHH:mm` a datetime-local input holds. */
function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, "yyyy-MM-dd'T'HH:mm");
}

/** A local input value as an ISO moment with its zone (the stored form). */
function fromLocalInput(local: string): string {
  if (local === '') return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function Show({ value }: FieldShowProps) {
  return <span>{formatDate(String(value), true)}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  return (
    <input
      id={inputId}
      type="datetime-local"
      max={`${DATE_UPPER_BOUND}T23:59`}
      value={toLocalInput(value)}
      aria-required={def.required === true || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(fromLocalInput(e.target.value))}
      onBlur={onBlur}
    />
  );
}

/** A date and time. */
export const DateTimeField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'string' || v === '' };
