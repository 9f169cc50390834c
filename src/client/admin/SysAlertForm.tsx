/** The form of a system alert: title, message, modal. New alerts start active. */
import { useState, type FormEvent } from 'react';
import type { ResourceError as AdminErrorValue } from '../../../machines/session/resourceMachine';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import { Field } from '../pages/Field';
import { Button } from '../shell/Button';
import { AdminError, useFieldError } from './AdminError';

export interface SysAlertDraft {
  title: string;
  message: string;
  modal: boolean;
}

interface Props {
  /** The alert being edited; none for a new one. */
  alert?: Item;
  busy: boolean;
  error: AdminErrorValue | null;
  onSubmit: (draft: SysAlertDraft) => void;
  onCancel?: () => void;
}

/** Title, message (several lines) and the modal flag, with the server's field errors under them. */
export function SysAlertForm({ alert, busy, error, onSubmit, onCancel }: Props) {
  const t = useT();
  const [title, setTitle] = useState(String(alert?.title ?? ''));
  const [message, setMessage] = useState(String(alert?.message ?? ''));
  const [modal, setModal] = useState(alert?.modal === true);
  const fieldError = useFieldError(error);
  const idBase = alert?.$id ?? 'new';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ title, message, modal });
  };
  const messageError = fieldError('message');
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-1 rounded border border-line bg-panel p-4"
      aria-label={t(alert ? 'admin.sysalerts.editForm' : 'admin.sysalerts.newForm')}
    >
      {error && !error.fields ? <AdminError error={error} /> : null}
      <Field
        label={t('admin.sysalerts.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={fieldError('title')}
        maxLength={200}
        required
      />
      <div className="mb-4">
        <label htmlFor={`${idBase}-message`} className="mb-1 block text-sm font-medium">
          {t('admin.sysalerts.message')}
        </label>
        <textarea
          id={`${idBase}-message`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          rows={3}
          maxLength={5000}
          required
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${idBase}-message-error` : undefined}
          className={`w-full rounded border bg-surface px-3 py-2 text-ink outline-none focus:ring-2 focus:ring-primary ${messageError ? 'border-red-600' : 'border-line'}`}
        />
        {messageError ? (
          <p id={`${idBase}-message-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
            {messageError}
          </p>
        ) : null}
      </div>
      <label className="mb-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={modal}
          onChange={(e) => setModal(e.target.checked)}
          className="h-4 w-4 accent-[var(--color-primary)]"
        />
        {t('admin.sysalerts.modal')}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {t(alert ? 'admin.save' : 'admin.sysalerts.create')}
        </Button>
        {onCancel ? (
          <Button variant="plain" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
