/**
 * The `/notifications` view (spec 000 §2): the active system alerts, then the user's notifications,
 * newest first, each with its read/unread toggle; an entry opens its item in the next column
 * (`/notifications/i-{id}`) and counts as read.
 */
import { useSelector } from '@xstate/react';
import { useEffect, type MouseEvent } from 'react';
import { selectCells } from '../../../machines/router/routerSelectors';
import {
  selectComplete,
  selectLoadingPage,
  selectNotes,
  selectNotificationsLoading,
  selectUnreadCount,
  type Notification,
} from '../../../machines/session/notificationsMachine';
import { activeSysAlerts, type SysAlertsContext } from '../../../machines/session/sysAlertsMachine';
import { useT } from '../i18n/useT';
import { useNotificationText } from './useNotificationText';
import { RelativeTime } from '../items/display/RelativeTime';
import type { CellViewProps } from '../layout/CellViewProps';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';

// As one string, so the view renders again only when an alert comes or goes.
const selectAlertsKey = (s: { context: SysAlertsContext }): string =>
  JSON.stringify(activeSysAlerts(s.context).map(({ id, title, message }) => ({ id, title, message })));

function Entry({ note, open, shown }: { note: Notification; open: (note: Notification) => void; shown: boolean }) {
  const t = useT();
  const say = useNotificationText();
  const { notifications } = useActors();
  const href = `/notifications/i-${note.context}`;
  const follow = (event: MouseEvent) => {
    // A modifier or middle click keeps the link's new-tab behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open(note);
  };
  const toggle = () => notifications.send({ type: 'notifications.markRequested', indexes: [note.index], unread: !note.unread });
  return (
    <li
      data-unread={note.unread}
      // No tinted background: the toggle's primary-coloured text keeps its contrast on the panel.
      className={`flex items-center gap-3 rounded-lg border px-3 py-2 ${shown ? 'border-primary' : note.unread ? 'border-line' : 'border-transparent'}`}
    >
      <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${note.unread ? 'bg-primary' : 'bg-transparent'}`} />
      <span className="flex min-w-0 flex-1 flex-col">
        <a
          href={href}
          onClick={follow}
          aria-current={shown ? 'true' : undefined}
          className={`truncate text-sm text-ink no-underline hover:underline focus-visible:outline-2 focus-visible:outline-primary ${note.unread ? 'font-semibold' : ''}`}
        >
          {say(note)}
        </a>
        <span className="flex gap-2 text-xs text-muted">
          {note.unread ? <span className="font-medium text-ink">{t('app.notifications.unread')}</span> : null}
          {note.created ? <RelativeTime iso={note.created} /> : null}
        </span>
      </span>
      <Button variant="plain" className="shrink-0 text-xs" onClick={toggle}>
        {t(note.unread ? 'app.notifications.markRead' : 'app.notifications.markUnread')}
      </Button>
    </li>
  );
}

/** The `v-notifications` view: system alerts and the user's notifications. */
export function NotificationsView({ cell, spec }: CellViewProps) {
  const t = useT();
  const { notifications, sysAlerts, router } = useActors();
  const notes = useSelector(notifications, selectNotes);
  const loading = useSelector(notifications, selectNotificationsLoading);
  const loadingPage = useSelector(notifications, selectLoadingPage);
  const complete = useSelector(notifications, selectComplete);
  const unread = useSelector(notifications, selectUnreadCount);
  const alerts = JSON.parse(useSelector(sysAlerts, selectAlertsKey)) as { id: string; title: string; message: string }[];
  const cells = useSelector(router, selectCells);
  const title = t('views.v-notifications');
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'notifications' }), [cell, title]);

  const here = cells.findIndex((c) => c.spec.key === spec.key);
  const shown = here >= 0 ? cells[here + 1]?.spec.itemId : undefined;
  const open = (note: Notification) => {
    if (note.unread) notifications.send({ type: 'notifications.markRequested', indexes: [note.index], unread: false });
    router.send({ type: 'router.opened', fromKey: spec.key, segment: `i-${note.context}` });
  };

  return (
    <div className="flex flex-col gap-4 px-3 py-4">
      {alerts.length > 0 ? (
        <section aria-labelledby="sys-alerts-heading" className="rounded-lg border border-line bg-panel p-3">
          <h2 id="sys-alerts-heading" className="m-0 mb-2 text-sm font-semibold">
            {t('app.notifications.sysAlerts')}
          </h2>
          <ul className="m-0 flex list-none flex-col gap-2 p-0">
            {alerts.map((alert) => (
              <li key={alert.id} className="text-sm">
                <span className="block font-medium">{alert.title}</span>
                <span className="block text-muted">{alert.message}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {unread > 0 ? (
        <div>
          <Button variant="plain" onClick={() => notifications.send({ type: 'notifications.allMarkedRead' })}>
            {t('app.notifications.markAllRead')}
          </Button>
        </div>
      ) : null}
      {loading && notes.length === 0 ? (
        <p role="status" className="m-0 text-muted">
          {t('app.loading')}
        </p>
      ) : notes.length === 0 ? (
        <p className="m-0 text-muted">{t('app.notifications.empty')}</p>
      ) : (
        <ul aria-label={title} className="m-0 flex list-none flex-col gap-1 p-0">
          {notes.map((note) => (
            <Entry key={note.index} note={note} open={open} shown={note.context === shown} />
          ))}
        </ul>
      )}
      {!complete && notes.length > 0 ? (
        <div>
          <Button variant="plain" disabled={loadingPage} onClick={() => notifications.send({ type: 'notifications.moreRequested' })}>
            {loadingPage ? t('app.loading') : t('app.notifications.more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
