/** A date (or date and time) typed as the product shows dates, DD-MMM-YYYY [HH:mm], with the browser's calendar a click away. */
import { format } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { DATE_UPPER_BOUND } from '../../../shared/constants';
import { useT } from '../../i18n/useT';
import { DisplayIcon } from '../display/DisplayIcon';
import type { FieldEditProps } from './FieldKind';
import { inputClass } from './fieldStyles';
import { shownDate, storedDate } from './shownDate';

/** The calendar's value for a stored one: `YYYY-MM-DD` or local `YYYY-MM-DDTHH:mm`. */
function pickerValue(value: unknown, withTime: boolean): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = withTime ? new Date(value) : new Date(`${value}T00:00`);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, withTime ? "yyyy-MM-dd'T'HH:mm" : 'yyyy-MM-dd');
}

/** The edit input of DT (`withTime` false) and DTM fields. */
export function DateTextInput({
  def,
  value,
  inputId,
  errorId,
  error,
  shake,
  onChange,
  onBlur,
  withTime,
}: FieldEditProps & { withTime: boolean }) {
  const t = useT();
  const [text, setText] = useState(() => shownDate(value, withTime));
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (discard, a reload, the calendar) replaces what is typed, unless it is what the text says.
  useEffect(() => {
    if (storedDate(text, withTime) !== (typeof value === 'string' ? value : '')) setText(shownDate(value, withTime));
  }, [value]);
  const hintId = `${inputId}-format`;
  const pattern = withTime ? t('app.form.dateTimeFormat') : t('app.form.dateFormat');
  return (
    <span className="relative flex items-center gap-2">
      <input
        id={inputId}
        type="text"
        inputMode="text"
        autoComplete="off"
        placeholder={pattern}
        value={text}
        aria-required={def.required === true || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        className={inputClass(!!error, shake)}
        onChange={(e) => {
          setText(e.target.value);
          onChange(storedDate(e.target.value, withTime));
        }}
        onBlur={() => {
          const stored = storedDate(text, withTime);
          // A date typed another accepted way ("3 Feb 2025", "2025-02-03") is shown the product's way once left.
          if (stored !== text && stored !== '' && shownDate(stored, withTime) !== '') setText(shownDate(stored, withTime));
          onBlur();
        }}
      />
      <span id={hintId} className="sr-only">
        {t('app.form.dateHint', { format: pattern })}
      </span>
      <button
        type="button"
        aria-label={t('app.form.chooseDate')}
        title={t('app.form.chooseDate')}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded border border-line text-muted hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
        onClick={() => picker.current?.showPicker?.()}
      >
        <DisplayIcon name="calendar" />
      </button>
      {/* The browser's calendar, opened by the button; typing goes to the text input above. */}
      <input
        ref={picker}
        type={withTime ? 'datetime-local' : 'date'}
        tabIndex={-1}
        aria-hidden="true"
        max={withTime ? `${DATE_UPPER_BOUND}T23:59` : DATE_UPPER_BOUND}
        value={pickerValue(value, withTime)}
        className="pointer-events-none absolute bottom-0 right-0 h-px w-px opacity-0"
        onChange={(e) => {
          const picked = e.target.value;
          const stored = picked === '' ? '' : withTime ? new Date(picked).toISOString() : picked;
          setText(shownDate(stored, withTime));
          onChange(stored);
        }}
      />
    </span>
  );
}
