/** How a person reads a background task: its kind and when it started, never its random key. */
import type { TaskInfo } from '../../shared/protocol';
import { useIntl } from '../i18n/IntlContext';
import { useT } from '../i18n/useT';
import { formatDate } from '../items/fields/formatDate';

/** "CSV export of 26-Nov-2026 15:40": the kind's message `tasks.{asyncKey}` (else "Background task") and the start, DD-MMM-YYYY HH:mm. */
export function useTaskName(): (task: Pick<TaskInfo, 'asyncKey' | 'started'>) => string {
  const intl = useIntl();
  const t = useT();
  return (task) => {
    const kindKey = task.asyncKey ? `tasks.${task.asyncKey}` : '';
    const kind = kindKey && kindKey in intl.messages ? t(kindKey) : t('app.taskUnnamed');
    return t('app.taskName', { kind, date: formatDate(task.started, true) });
  };
}
