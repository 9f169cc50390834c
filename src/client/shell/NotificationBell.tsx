/**
 * The notification bell (spec 000 §2): the unread count on the button, a menu of the first 5 unread
 * notifications (each opens its item beside the list and is marked read), an entry for the active
 * system alerts, and View all.
 */
import { useSelector } from '@xstate/react';
import {
  selectMenuEntries,
  selectUnreadCount,
  type Notification,
  type NotificationsSnapshot,
} from '../../../machines/session/notificationsMachine';
import { selectTokenValid } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import { useNotificationText } from '../notifications/useNotificationText';
import { selectActiveSysAlertCount } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Icon } from './Icon';
import { Menu, MenuEntry, MenuSeparator, MenuText } from './Menu';

// The entries as one string: the menu renders again only when what it shows changes.
const selectMenuKey = (s: NotificationsSnapshot): string => JSON.stringify(selectMenuEntries(s));

/** The bell; shown only to signed-in users, whose notifications it lists. */
export function NotificationBell() {
  const t = useT();
  const say = useNotificationText();
  const { auth, sysAlerts, notifications, router } = useActors();
  const signedIn = useSelector(auth, selectTokenValid);
  const sysAlertCount = useSelector(sysAlerts, selectActiveSysAlertCount);
  const unread = useSelector(notifications, selectUnreadCount);
  const entries = JSON.parse(useSelector(notifications, selectMenuKey)) as Notification[];
  if (!signedIn) return null;
  const go = (href: string) => router.send({ type: 'router.linkFollowed', href, newTab: false });
  const open = (entry: Notification) => {
    notifications.send({ type: 'notifications.markRequested', indexes: [entry.index], unread: false });
    go(`/notifications/i-${entry.context}`);
  };
  return (
    <Menu
      label={t('app.notificationsUnread', { count: unread })}
      trigger={
        <>
          <Icon name="bell" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-accent px-1 text-[10px] font-bold text-neutral-900"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </>
      }
    >
      {entries.length === 0 ? <MenuText>{t('app.notificationsEmpty')}</MenuText> : null}
      {entries.map((entry) => (
        <MenuEntry key={entry.index} onSelect={() => open(entry)}>
          <span className="min-w-0 truncate">{say(entry)}</span>
        </MenuEntry>
      ))}
      {sysAlertCount > 0 ? (
        <>
          <MenuSeparator />
          <MenuEntry onSelect={() => go('/notifications')}>{t('app.sysAlertsEntry', { count: sysAlertCount })}</MenuEntry>
        </>
      ) : null}
      <MenuSeparator />
      <MenuEntry onSelect={() => go('/notifications')}>{t('app.notificationsViewAll')}</MenuEntry>
    </Menu>
  );
}
