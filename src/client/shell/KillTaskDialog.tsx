/** Confirms stopping a background task (app.killTaskConfirm) while the tasks actor waits in CONFIRMING_KILL. */
import { useSelector } from '@xstate/react';
import { useT } from '../i18n/useT';
import { selectKillKey, selectTasks } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Button } from './Button';
import { Modal } from './Modal';
import { useTaskName } from './useTaskName';

/** The kill confirmation. */
export function KillTaskDialog() {
  const t = useT();
  const { tasks } = useActors();
  const key = useSelector(tasks, selectKillKey);
  const list = useSelector(tasks, selectTasks);
  const taskName = useTaskName();
  if (key === null) return null;
  const task = list.find((entry) => entry.key === key);
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
      {t('app.killTaskConfirm', { key: task ? taskName(task) : t('app.taskUnnamed') })}
    </Modal>
  );
}
