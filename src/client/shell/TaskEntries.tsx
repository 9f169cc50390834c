/** The help menu's list of background tasks: progress, result download, and stop (confirmed in KillTaskDialog). */
import { useSelector } from '@xstate/react';
import { useT } from '../i18n/useT';
import { selectTasks } from '../session/selectors';
import { useActors } from '../session/useActors';
import { MenuEntry, MenuSeparator, MenuText } from './Menu';
import { useTaskName } from './useTaskName';

/** Menu entries for each task; nothing when there are none. */
export function TaskEntries() {
  const t = useT();
  const { tasks } = useActors();
  const list = useSelector(tasks, selectTasks);
  const taskName = useTaskName();
  if (list.length === 0) return null;
  return (
    <>
      <MenuSeparator />
      <MenuText>{t('app.tasks')}</MenuText>
      {list.map((task) => (
        <div key={task.key} className="px-1">
          <MenuText>
            {task.done
              ? t('app.taskDone', { key: taskName(task) })
              : t('app.taskProgress', { key: taskName(task), percent: task.percentageComplete / 100 })}
          </MenuText>
          {task.resultURI ? (
            <MenuEntry onSelect={() => tasks.send({ type: 'tasks.downloadRequested', key: task.key })}>{t('app.taskDownload')}</MenuEntry>
          ) : null}
          {!task.done ? (
            <MenuEntry onSelect={() => tasks.send({ type: 'tasks.killRequested', key: task.key })}>{t('app.taskKill')}</MenuEntry>
          ) : null}
        </div>
      ))}
    </>
  );
}
