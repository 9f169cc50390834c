/**
 * Raw JSON edit of one item (spec 000 §5, §6): shown to administrators and masquerading users, but only
 * an administrator may submit. The whole item goes to `update` with its `_u`, so a stale copy is refused.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { selectRawSaveActor, type ItemActorRef } from '../../../../machines/item/itemMachine';
import { selectRawError, selectRawFields, selectRawStatus } from '../../../../machines/item/itemRawSaveMachine';
import type { Item, ItemData } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { Button } from '../../shell/Button';
import { Modal } from '../../shell/Modal';
import { errorKey } from './errorKey';

const parseObject = (text: string): ItemData | null => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ItemData) : null;
  } catch {
    return null;
  }
};

/** The dialog; the menu told the raw-save child that it opened (`item.rawEditOpened`). */
export function RawEditDialog({
  itemRef,
  item,
  admin,
  onClose,
}: {
  itemRef: ItemActorRef;
  item: Item;
  admin: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const fieldId = useId();
  const rawRef = useSelector(itemRef, selectRawSaveActor);
  const status = useSelector(rawRef, selectRawStatus);
  const error = useSelector(rawRef, selectRawError);
  const fields = useSelector(rawRef, selectRawFields);
  const [text, setText] = useState(() => JSON.stringify(item, null, 2));
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (status === 'SAVED') onClose();
  }, [status, onClose]);

  const submit = () => {
    const parsed = parseObject(text);
    setInvalid(parsed === null);
    if (parsed) itemRef.send({ type: 'item.rawSaved', item: parsed });
  };
  return (
    <Modal
      open
      title={t('app.rawEdit.title')}
      onClose={onClose}
      maxWidth={1200}
      actions={
        <>
          <Button variant="plain" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button disabled={!admin || status === 'SAVING'} onClick={submit}>
            {t(status === 'SAVING' ? 'app.cell.saving' : 'app.rawEdit.submit')}
          </Button>
        </>
      }
    >
      <label htmlFor={fieldId} className="mb-1 block text-muted">
        {t('app.rawEdit.label')}
      </label>
      <textarea
        id={fieldId}
        value={text}
        spellCheck={false}
        aria-invalid={invalid}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        className="h-[60vh] w-full resize-y rounded border border-line bg-surface p-2 font-mono text-xs text-ink focus-visible:outline-2 focus-visible:outline-primary"
      />
      {admin ? null : <p className="mt-2 text-muted">{t('app.rawEdit.adminOnly')}</p>}
      {invalid ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
          {t('app.rawEdit.invalidJson')}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="mt-2 text-red-700 dark:text-red-300">
          <p className="m-0">{t(errorKey(error.userMessage))}</p>
          {fields ? (
            <ul className="m-0 mt-1 pl-5">
              {Object.entries(fields).map(([field, key]) => (
                <li key={field}>
                  <code className="font-mono">{field}</code>: {t(errorKey(key))}
                </li>
              ))}
            </ul>
          ) : null}
          {error.sysMessage ? <pre className="mt-1 whitespace-pre-wrap break-words font-mono text-xs">{error.sysMessage}</pre> : null}
        </div>
      ) : null}
    </Modal>
  );
}
