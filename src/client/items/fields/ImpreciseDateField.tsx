/** impreciseDate: a year, a month or a day (YYYY, YYYY-M, YYYY-M-D), typed as text. */
import { useT } from '../../i18n/useT';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { formatImpreciseDate } from './formatDate';
import { inputClass } from './fieldStyles';

function Show({ value }: FieldShowProps) {
  return <span>{formatImpreciseDate(String(value))}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  const t = useT();
  return (
    <input
      id={inputId}
      type="text"
      inputMode="numeric"
      placeholder={t('app.field.impreciseDateHint')}
      value={typeof value === 'string' ? value : ''}
      aria-required={def.required === true || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(e.target.value.trim())}
      onBlur={onBlur}
    />
  );
}

/** A date known only to the year, month or day. */
export const ImpreciseDateField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'string' || v === '' };
