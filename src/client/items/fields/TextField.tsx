/** textField: plain text, or by `format` an e-mail or web link, a phone number, a colour swatch, a file type's name. */
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { useT } from '../../i18n/useT';
import { inputClass } from './fieldStyles';
import { mediaTypeLabel } from './mediaTypeLabel';

const INPUT_TYPES = { email: 'email', url: 'url', phone: 'tel' } as const;

function Show({ def, value }: FieldShowProps) {
  const text = String(value);
  if (def.format === 'email')
    return (
      <a className="text-primary underline dark:text-blue-300" href={`mailto:${text}`}>
        {text}
      </a>
    );
  if (def.format === 'url')
    return (
      <a className="text-primary underline dark:text-blue-300" href={text} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  if (def.format === 'phone')
    return (
      <a className="text-primary underline dark:text-blue-300" href={`tel:${text.replace(/[^0-9+]/g, '')}`}>
        {text}
      </a>
    );
  if (def.format === 'hex') {
    return (
      <span className="inline-flex items-center gap-2">
        <span aria-hidden="true" className="inline-block h-4 w-4 rounded border border-line" style={{ backgroundColor: text }} />
        {text}
      </span>
    );
  }
  if (def.format === 'mediaType') return <MediaType mediaType={text} />;
  return <span className="whitespace-pre-wrap">{text}</span>;
}

/** A file's media type by its name ("PDF document"). */
function MediaType({ mediaType }: { mediaType: string }) {
  const t = useT();
  return <span>{mediaTypeLabel(t, mediaType)}</span>;
}

function Edit({ def, value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  const type = def.format && def.format in INPUT_TYPES ? INPUT_TYPES[def.format as keyof typeof INPUT_TYPES] : 'text';
  return (
    <span className="flex items-center gap-2">
      <input
        id={inputId}
        // The form checks the rules itself, with the product's messages, rather than the browser's.
        type={type}
        value={typeof value === 'string' ? value : ''}
        aria-required={def.required === true || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass(!!error, shake)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {def.format === 'hex' && typeof value === 'string' && value ? (
        <span aria-hidden="true" className="inline-block h-8 w-8 shrink-0 rounded border border-line" style={{ backgroundColor: value }} />
      ) : null}
    </span>
  );
}

/** Text with its format's link, phone or swatch. */
export const TextField: FieldKind = { Show, Edit, isEmpty: (v) => typeof v !== 'string' || v.trim() === '' };
