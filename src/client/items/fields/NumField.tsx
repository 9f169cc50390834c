/** NUM: a number, typed as text so that a wrong entry stays visible with its rule's message. */
import { useIntl } from '../../i18n/IntlContext';
import { useFileSizeText } from '../attachments/useFileSizeText';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { inputClass } from './fieldStyles';

/** A number as the reader's locale writes it; a file's size (a property faceted by file size) in KB, MB... */
function Show({ def, value }: FieldShowProps) {
  const intl = useIntl();
  const sizeText = useFileSizeText();
  if (typeof value !== 'number') return <span>{String(value)}</span>;
  return <span>{def.facet?.kind === 'fileSize' ? sizeText(value) : intl.formatNumber(value)}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  return (
    <input
      id={inputId}
      type="text"
      inputMode={def.number === 'FLOAT' || def.number === undefined ? 'decimal' : 'numeric'}
      value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
      aria-required={def.required === true || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={inputClass(!!error, shake)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    />
  );
}

/** A number (the form turns the text into a number when it saves). */
export const NumField: FieldKind = { Show, Edit, isEmpty: (v) => v === undefined || v === null || v === '' };
