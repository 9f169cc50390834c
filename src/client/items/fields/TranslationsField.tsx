/** translations: one text per locale (spec 000 §3 translation holder). */
import { useIntl } from '../../i18n/IntlContext';
import type { FieldEditProps, FieldKind, FieldShowProps } from './FieldKind';
import { inputClass } from './fieldStyles';

/** The locales a translation is offered in, besides those the value already holds. */
export const TRANSLATION_LOCALES = ['en', 'fr'] as const;

const textsOf = (v: unknown): Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

/** A locale's name in the reader's language ("French", "français"), never its code. */
function useLanguageName(): (locale: string) => string {
  const { locale: ui } = useIntl();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([ui, 'en'], { type: 'language' });
  } catch {
    names = null;
  }
  return (locale) => {
    const name = names?.of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(ui) + name.slice(1) : locale;
  };
}

function Show({ value }: FieldShowProps) {
  const languageName = useLanguageName();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2">
      {Object.entries(textsOf(value)).map(([locale, text]) => (
        <div key={locale} className="contents">
          <dt className="text-sm text-muted">{languageName(locale)}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

function Edit({ value, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  const languageName = useLanguageName();
  const texts = textsOf(value);
  const locales = [...new Set([...TRANSLATION_LOCALES, ...Object.keys(texts)])];
  const set = (locale: string, text: string): void => {
    const { [locale]: _old, ...rest } = texts;
    onChange(text === '' ? rest : { ...rest, [locale]: text });
  };
  return (
    <div
      id={inputId}
      role="group"
      tabIndex={-1}
      aria-labelledby={`${inputId}-label`}
      aria-describedby={error ? errorId : undefined}
      className="space-y-1"
    >
      {locales.map((locale) => (
        <div key={locale} className="flex items-center gap-2">
          <label htmlFor={`${inputId}-${locale}`} className="w-20 shrink-0 text-sm text-muted">
            {languageName(locale)}
          </label>
          <input
            id={`${inputId}-${locale}`}
            type="text"
            lang={locale}
            value={texts[locale] ?? ''}
            aria-invalid={error ? true : undefined}
            className={inputClass(!!error, shake)}
            onChange={(e) => set(locale, e.target.value)}
            onBlur={onBlur}
          />
        </div>
      ))}
    </div>
  );
}

/** Texts by locale. */
export const TranslationsField: FieldKind = { Show, Edit, isEmpty: (v) => Object.keys(textsOf(v)).length === 0 };
