/** The dialog that names a saved search, when saving it or renaming it. */
import { useState, type FormEvent } from 'react';
import { Button } from '../shell/Button';
import { Modal } from '../shell/Modal';
import { useT } from '../i18n/useT';

interface Props {
  open: boolean;
  title: string;
  initial: string;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** Asks for a name (required, at most 200 characters, as the SavedSearch type says). */
export function NameDialog({ open, title, initial, onClose, onSubmit }: Props) {
  const t = useT();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event?: FormEvent): void => {
    event?.preventDefault();
    if (!name.trim()) {
      setError(t('errors.required'));
      return;
    }
    onSubmit(name.trim());
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      maxWidth={480}
      actions={
        <>
          <Button variant="plain" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button onClick={() => submit()}>{t('app.savedSearches.ok')}</Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor="saved-search-name" className="mb-1 block font-medium">
          {t('app.savedSearches.name')}
        </label>
        <input
          id="saved-search-name"
          value={name}
          maxLength={200}
          aria-invalid={error !== null}
          aria-describedby={error ? 'saved-search-name-error' : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          className="w-full rounded border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-primary"
        />
        {error ? (
          <p id="saved-search-name-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
