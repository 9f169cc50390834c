/** Confirms stopping a background task (app.killTaskConfirm) while the tasks actor waits in CONFIRMING_KILL. */
import { useSelector } from '@xstate/react';
import { useT } from '../i18n/useT';
import { selectKillKey } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Button } from './Button';
import { Modal } from './Modal';

/** The kill confirmation. */
export function KillTaskDialog() {
  const t = useT();
  const { tasks } = useActors();
  const key = useSelector(tasks, selectKillKey);
  if (key === null) return null;
  const cancel = (): void => tasks.send({ type: 'tasks.killCancelled' });
  return (
    <Modal
      open
      title={t('app.taskKill')}
      onClose={cancel}
      actions={
        <>
          <Button variant="plain" onClick={cancel}>
            {t('app.cancel')}
          </Button>
          <Button onClick={() => tasks.send({ type: 'tasks.killConfirmed' })}>{t('app.killTaskYes')}</Button>
        </>
      }
    >
      {t('app.killTaskConfirm', { key })}
    </Modal>
  );
}
