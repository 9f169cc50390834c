/** One value of a list: its key, its labels by locale, Translate, and Archive or Restore. */
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import {
  selectAdminItemsStatus,
  selectAdminSaveError,
  selectAdminSavingKey,
  type AdminItemsActorRef,
} from '../../../machines/admin/adminItemsMachine';
import type { Item } from '../../shared/items/types';
import { useT } from '../i18n/useT';
import { Field } from '../pages/Field';
import { Button } from '../shell/Button';
import { AdminError, useFieldError } from './AdminError';
import { callOf } from '../../shared/protocol/operationCall';
import { operations } from '../../shared/protocol/operations';

/** A value's translations (`t`, locale to label). */
export const translationsOf = (item: Item): Record<string, string> =>
  typeof item.t === 'object' && item.t !== null
    ? Object.fromEntries(Object.entries(item.t as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
    : {};

/** A value of a list of values, with its changes when `editable` (the server said this user may edit its list). */
export function LovValueEntry({ actor, value, editable }: { actor: AdminItemsActorRef; value: Item; editable: boolean }) {
  const t = useT();
  const id = useId();
  const [translating, setTranslating] = useState(false);
  const [locale, setLocale] = useState('fr');
  const [text, setText] = useState('');
  const status = useSelector(actor, selectAdminItemsStatus);
  const savingKey = useSelector(actor, selectAdminSavingKey);
  const saveError = useSelector(actor, selectAdminSaveError);
  const mine = savingKey === value.$id;
  const busy = status === 'SAVING' || status === 'LOADING';
  const fieldError = useFieldError(mine ? saveError : null);
  const translations = translationsOf(value);
  const archived = value.state === 'ARCHIVED';
  const key = String(value.key ?? '');
  const update = (change: Record<string, unknown>) =>
    actor.send({ type: 'adminItems.saved', key: value.$id, call: callOf(operations.update, { $id: value.$id, _u: value._u, ...change }) });
  const translate = (event: FormEvent) => {
    event.preventDefault();
    update({ t: { ...translations, [locale.trim()]: text } });
  };
  return (
    <li className="flex flex-col gap-2 rounded border border-line bg-panel p-3" aria-labelledby={`${id}-key`}>
      <div className="flex flex-wrap items-baseline gap-2">
        <span id={`${id}-key`} className="font-mono text-sm font-medium text-ink">
          {key}
        </span>
        {archived ? (
          <span className="rounded-full border border-line px-2 py-0.5 text-xs text-muted">{t('admin.lovs.archived')}</span>
        ) : null}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('admin.lovs.translationsOf', { key })}>
        {Object.entries(translations).map(([lang, label]) => (
          <li key={lang}>
            <span className="text-muted">{lang}</span> <span className="text-ink">{label}</span>
          </li>
        ))}
      </ul>
      {mine && saveError && !saveError.fields ? <AdminError error={saveError} /> : null}
      {!editable ? null : translating ? (
        <form onSubmit={translate} className="flex flex-wrap items-start gap-2" aria-label={t('admin.lovs.translateForm', { key })}>
          <div className="w-28">
            <Field
              label={t('admin.lovs.locale')}
              value={locale}
              onChange={(e) => setLocale(e.target.value)}
              pattern="[a-z]{2,3}(-[A-Za-z0-9]{2,8})?"
              required
            />
          </div>
          <div className="min-w-40 flex-1">
            <Field label={t('admin.lovs.label')} value={text} onChange={(e) => setText(e.target.value)} error={fieldError('t')} required />
          </div>
          <div className="flex gap-2 pt-6">
            <Button type="submit" disabled={busy}>
              {t('admin.save')}
            </Button>
            <Button variant="plain" onClick={() => setTranslating(false)}>
              {t('app.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="plain"
            onClick={() => {
              setText(translations[locale] ?? '');
              setTranslating(true);
            }}
            aria-describedby={`${id}-key`}
          >
            {t('admin.lovs.translate')}
          </Button>
          <Button
            variant="plain"
            disabled={busy}
            onClick={() => update({ state: archived ? 'ACTIVE' : 'ARCHIVED' })}
            aria-describedby={`${id}-key`}
          >
            {t(archived ? 'admin.lovs.restore' : 'admin.lovs.archive')}
          </Button>
        </div>
      )}
    </li>
  );
}
