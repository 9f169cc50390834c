/** A site text edited in place: the text, the values the app fills in, Save and Cancel; the refusal under the text. */
import { useId, useState, type FormEvent } from 'react';
import type { ResourceError as AdminErrorValue } from '../../../machines/session/resourceMachine';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';
import { checkSiteText, placeholdersOf, type SiteTextProblem } from './SiteTextChecks';

interface Props {
  messageKey: string;
  /** The bundled English text, if this version of the app has the key. */
  original: string | undefined;
  /** The text shown now (the site's, else the original). */
  current: string;
  busy: boolean;
  /** The server's refusal of the last save of this key. */
  error: AdminErrorValue | null;
  /** The new text; null puts the original back. */
  onSave: (message: string | null) => void;
  onCancel: () => void;
  /** The text was changed after a refusal: the refusal no longer applies. */
  onEdited: () => void;
}

/** The editor of one site text. */
export function SiteTextEditor({ messageKey, original, current, busy, error, onSave, onCancel, onEdited }: Props) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(current);
  const [problem, setProblem] = useState<SiteTextProblem | null>(null);
  const placeholders = original === undefined ? [] : (placeholdersOf(original) ?? []);
  const serverKey = error?.fields?.message;
  const fieldError = problem ? t(problem.key, problem.values) : serverKey ? t(serverKey) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text === current) {
      onCancel();
      return;
    }
    // Blank, or the original again, is no wording of the site's own: the original is used.
    if (text.trim() === '' || text === original) {
      onSave(null);
      return;
    }
    const found = checkSiteText(text, original);
    setProblem(found);
    if (!found) onSave(text);
  };
  const noteIds = [fieldError ? `${id}-error` : null, placeholders.length > 0 ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={t('admin.systext.editForm', { key: messageKey })}>
      {error && !error.fields ? <AdminError error={error} /> : null}
      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium">
          {t('admin.systext.text')}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
            if (error) onEdited();
          }}
          rows={Math.min(8, Math.max(2, Math.ceil(text.length / 70)))}
          maxLength={5000}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={noteIds || undefined}
          className={`w-full rounded border bg-surface px-3 py-2 text-ink outline-none focus:ring-2 focus:ring-primary ${fieldError ? 'border-red-600' : 'border-line'}`}
        />
        {fieldError ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            {fieldError}
          </p>
        ) : null}
        {placeholders.length > 0 ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
            {t('admin.systext.placeholders', { names: placeholders.map((n) => `{${n}}`).join(', ') })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {t('admin.save')}
        </Button>
        <Button variant="plain" onClick={onCancel}>
          {t('app.cancel')}
        </Button>
      </div>
    </form>
  );
}
