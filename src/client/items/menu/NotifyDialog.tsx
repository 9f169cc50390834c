/** Notification settings of one item (spec 000 §2, §6): a choice of preference with Apply, Defaults and Cancel. */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { selectNotifyActor, type ItemActorRef } from '../../../../machines/item/itemMachine';
import { selectNotify, selectNotifyError, selectNotifyStatus } from '../../../../machines/item/itemNotifyMachine';
import type { NotifyPreference } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { Button } from '../../shell/Button';
import { Modal } from '../../shell/Modal';
import { errorKey } from './errorKey';

// NIL means "none chosen": it is what the server holds before a choice, not a choice itself.
const CHOICES: readonly NotifyPreference[] = ['DEFAULT', 'PREFS', 'ALWAYS', 'NEVER'];

/** The dialog; the menu asked for the current preference (`item.notifyRequested`) before opening it. */
export function NotifyDialog({ itemRef, onClose }: { itemRef: ItemActorRef; onClose: () => void }) {
  const t = useT();
  const name = useId();
  const notifyRef = useSelector(itemRef, selectNotifyActor);
  const status = useSelector(notifyRef, selectNotifyStatus);
  const current = useSelector(notifyRef, selectNotify);
  const error = useSelector(notifyRef, selectNotifyError);
  const [choice, setChoice] = useState<NotifyPreference | null>(null);
  const shown = choice ?? current;
  const busy = status === 'LOADING' || status === 'SAVING';

  useEffect(() => {
    if (status === 'SAVED') onClose();
  }, [status, onClose]);

  const set = (notify: NotifyPreference) => itemRef.send({ type: 'item.notifySet', notify });
  return (
    <Modal
      open
      title={t('app.notify.title')}
      onClose={onClose}
      maxWidth={1200}
      actions={
        <>
          <Button variant="plain" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button variant="plain" disabled={busy} onClick={() => set('DEFAULT')}>
            {t('app.notify.defaults')}
          </Button>
          <Button disabled={busy || !shown || shown === 'NIL'} onClick={() => (shown && shown !== 'NIL' ? set(shown) : undefined)}>
            {t('app.notify.apply')}
          </Button>
        </>
      }
    >
      {status === 'LOADING' ? <p role="status">{t('app.loading')}</p> : null}
      <fieldset className="m-0 border-0 p-0" disabled={busy}>
        <legend className="mb-2 text-muted">{t('app.notify.legend')}</legend>
        {CHOICES.map((value) => (
          <label key={value} className="flex cursor-pointer items-start gap-3 rounded px-2 py-2 hover:bg-primary/5">
            <input
              type="radio"
              name={name}
              value={value}
              checked={shown === value}
              onChange={() => setChoice(value)}
              className="mt-1 accent-primary"
            />
            <span>
              <span className="block font-medium">{t(`app.notify.${value}`)}</span>
              <span className="block text-muted">{t(`app.notify.${value}.hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {t(errorKey(error.userMessage))}
        </p>
      ) : null}
    </Modal>
  );
}
