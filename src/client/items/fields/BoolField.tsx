/** BOOL: yes or no, edited with a checkbox. */
import { useT } from '../../i18n/useT';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';

function Show({ value }: FieldShowProps) {
  const t = useT();
  return <span>{t(value === true ? 'app.field.yes' : 'app.field.no')}</span>;
}

function Edit({ value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  return (
    <input
      id={inputId}
      type="checkbox"
      checked={value === true}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={`h-5 w-5 accent-primary ${error && shake ? 'kk-shake' : ''}`}
      onChange={(e) => onChange(e.target.checked)}
      onBlur={onBlur}
    />
  );
}

/** A yes-or-no property; only an absent value is empty (false is shown as No). */
export const BoolField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'boolean' };
