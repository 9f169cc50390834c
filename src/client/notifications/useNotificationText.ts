import { useCallback } from 'react';
import type { Notification } from '../../../machines/session/notificationsMachine';
import { useDescribeEvent } from '../events/useDescribeEvent';
import { useT } from '../i18n/useT';

/**
 * What a notification says: the event it tells of as the timeline says it, or, for a notification
 * whose event the server did not send (made before domain events), what became of its item.
 */
export function useNotificationText(): (note: Notification) => string {
  const t = useT();
  const describe = useDescribeEvent();
  return useCallback(
    (note) => {
      const known = note.contextLabel === null ? {} : { [note.context]: note.contextLabel };
      if (note.event) return describe({ ...note.event, context: note.event.context ?? note.context }, known);
      return t('app.notifications.about', { kind: note.kind, label: note.contextLabel ?? t('events.someItem') });
    },
    [t, describe],
  );
}
