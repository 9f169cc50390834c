/** One site text: its key, the original, this site's wording, Change and Use the original text. */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  selectSiteTextSaveError,
  selectSiteTextSavingKey,
  selectSiteTextsStatus,
  type SiteTextsActorRef,
} from '../../../machines/admin/siteTextsMachine';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { AdminError } from './AdminError';
import { SiteTextEditor } from './SiteTextEditor';

interface Props {
  actor: SiteTextsActorRef;
  messageKey: string;
  /** The bundled English text; undefined for a key this version of the app does not have. */
  original: string | undefined;
  /** This site's text, if it has one. */
  override: string | undefined;
}

/** A row of the site texts; a saved text closes its editor and brings the focus back to the row's first button. */
export function SiteTextEntry({ actor, messageKey, original, override }: Props) {
  const t = useT();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const status = useSelector(actor, selectSiteTextsStatus);
  const savingKey = useSelector(actor, selectSiteTextSavingKey);
  const saveError = useSelector(actor, selectSiteTextSaveError);
  const mine = savingKey === messageKey;
  const busy = status !== 'READY';
  const save = (message: string | null) => actor.send({ type: 'siteTexts.saved', key: messageKey, message });
  const clearError = () => {
    if (mine && saveError) actor.send({ type: 'siteTexts.errorCleared' });
  };
  const row = useRef<HTMLLIElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    const subscription = actor.on('siteTexts.changed', (change) => {
      if (change.key !== messageKey) return;
      setEditing(false);
      setRefocus(true);
    });
    return () => subscription.unsubscribe();
  }, [actor, messageKey]);
  useEffect(() => {
    if (!refocus) return;
    row.current?.querySelector('button')?.focus();
    setRefocus(false);
  }, [refocus]);
  const keyId = `${id}-key`;
  return (
    <li ref={row} aria-labelledby={keyId} className="flex flex-col gap-2 rounded border border-line bg-panel p-3">
      <div className="flex flex-wrap items-baseline gap-2">
        <span id={keyId} className="break-all font-mono text-sm font-medium text-ink">
          {messageKey}
        </span>
        {override !== undefined ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-white">{t('admin.systext.changed')}</span>
        ) : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-muted">{t('admin.systext.original')}</dt>
        <dd className={`whitespace-pre-wrap break-words ${original === undefined ? 'italic text-muted' : 'text-ink'}`}>
          {original ?? t('admin.systext.notBundled')}
        </dd>
        {override !== undefined ? (
          <>
            <dt className="font-medium text-muted">{t('admin.systext.site')}</dt>
            <dd className="whitespace-pre-wrap break-words text-ink">{override}</dd>
          </>
        ) : null}
      </dl>
      {editing ? (
        <SiteTextEditor
          messageKey={messageKey}
          original={original}
          current={override ?? original ?? ''}
          busy={busy}
          error={mine ? saveError : null}
          onSave={save}
          onCancel={() => {
            setEditing(false);
            clearError();
          }}
          onEdited={clearError}
        />
      ) : (
        <>
          {mine && saveError ? <AdminError error={saveError} /> : null}
          <div className="flex flex-wrap gap-2">
            {original !== undefined ? (
              <Button
                variant="plain"
                onClick={() => {
                  clearError();
                  setEditing(true);
                }}
                aria-describedby={keyId}
              >
                {t('admin.systext.change')}
              </Button>
            ) : null}
            {override !== undefined ? (
              <Button variant="plain" disabled={busy} onClick={() => save(null)} aria-describedby={keyId}>
                {t('admin.systext.useOriginal')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </li>
  );
}
