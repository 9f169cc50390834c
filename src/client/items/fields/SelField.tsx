/** SEL: one value from the type's options, or (`multiple`) several as checkboxes. */
import { useIntl } from '../../i18n/IntlContext';
import { useT } from '../../i18n/useT';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { inputClass } from './fieldStyles';

/** An option's text: its message `options.{value}` when the catalogue has one, else the value itself (codes). */
function useOptionText(): (value: string) => string {
  const intl = useIntl();
  const t = useT();
  return (value) => (`options.${value}` in intl.messages ? t(`options.${value}`) : value);
}

const values = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

function Show({ value }: FieldShowProps) {
  const text = useOptionText();
  return <span>{values(value).map(text).join(', ')}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  const text = useOptionText();
  const t = useT();
  const options = def.options ?? [];
  if (def.multiple) {
    const chosen = values(value);
    return (
      <div
        id={inputId}
        role="group"
        tabIndex={-1}
        aria-labelledby={`${inputId}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`flex flex-wrap gap-x-4 gap-y-1 rounded ${error && shake ? 'kk-shake' : ''}`}
      >
        {options.map((option) => (
          <label key={option} className="inline-flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))}
              onBlur={onBlur}
            />
            {text(option)}
          </label>
        ))}
      </div>
    );
  }
  return (
    <select
      id={inputId}
      value={typeof value === 'string' ? value : ''}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      aria-required={def.required === true || undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    >
      <option value="">{t('app.field.choose')}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {text(option)}
        </option>
      ))}
    </select>
  );
}

/** A choice among the type's options. */
export const SelField: FieldKind = { Show, Edit, isEmpty: (v) => values(v).length === 0 };
