/** Adds a value to a list of values: list name, key and English label, for the chosen owner. */
import { useState, type FormEvent } from 'react';
import type { ResourceError as AdminErrorValue } from '../../../machines/session/resourceMachine';
import { useT } from '../i18n/useT';
import { Field } from '../pages/Field';
import { Button } from '../shell/Button';
import { AdminError, useFieldError } from './AdminError';

export interface LovDraft {
  list: string;
  key: string;
  label: string;
}

/**
 * The new value's form; the list name starts with the list shown, if any, and follows it (the lists
 * arrive after the form is shown) until the person puts the cursor in it: from then on it holds what
 * they see and type, so a list arriving as they start typing neither replaces nor prefixes their text.
 */
export function LovAddForm({
  list,
  busy,
  error,
  onSubmit,
}: {
  list: string;
  busy: boolean;
  error: AdminErrorValue | null;
  onSubmit: (draft: LovDraft) => void;
}) {
  const t = useT();
  // What the person typed, once they have focused the field; until then the list shown (derived, not
  // copied by an effect, which could run after the person's typing and put the list shown back over it).
  const [typedList, setTypedList] = useState<string | null>(null);
  const listName = typedList ?? list;
  const [key, setKey] = useState('');
  const [label, setLabel] = useState('');
  const fieldError = useFieldError(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ list: listName.trim(), key: key.trim(), label });
  };
  return (
    <form onSubmit={submit} className="flex flex-col rounded border border-line bg-panel p-4" aria-label={t('admin.lovs.addForm')}>
      {error && !error.fields ? <AdminError error={error} /> : null}
      <Field
        label={t('admin.lovs.list')}
        value={listName}
        onFocus={() => setTypedList((typed) => typed ?? listName)}
        onChange={(e) => setTypedList(e.target.value.toUpperCase())}
        error={fieldError('list')}
        hint={t('admin.lovs.listHint')}
        pattern="[A-Z][A-Z0-9_]{0,63}"
        required
      />
      <Field
        label={t('admin.lovs.key')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        error={fieldError('key')}
        maxLength={100}
        required
      />
      <Field
        label={t('admin.lovs.englishLabel')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={fieldError('t')}
        required
      />
      <div>
        <Button type="submit" disabled={busy}>
          {t('admin.lovs.add')}
        </Button>
      </div>
    </form>
  );
}
