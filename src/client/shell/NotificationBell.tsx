/** The notification bell (spec 000 §2): unread badge and menu; for now it lists active system alerts and 'View all'. */
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { selectTokenValid } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import { selectActiveSysAlertCount } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Icon } from './Icon';
import { Menu, MenuEntry, MenuSeparator, MenuText } from './Menu';

/** The bell; shown only to signed-in users, whose notifications it lists. */
export function NotificationBell() {
  const t = useT();
  const { auth, sysAlerts } = useActors();
  const signedIn = useSelector(auth, selectTokenValid);
  const sysAlertCount = useSelector(sysAlerts, selectActiveSysAlertCount);
  const [, navigate] = useLocation();
  if (!signedIn) return null;
  return (
    <Menu
      label={t('app.notifications')}
      trigger={
        <>
          <Icon name="bell" />
          {sysAlertCount > 0 ? (
            <span className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-accent px-1 text-[10px] font-bold text-neutral-900">{sysAlertCount}</span>
          ) : null}
        </>
      }
    >
      <MenuText>{t('app.notificationsEmpty')}</MenuText>
      {sysAlertCount > 0 ? <MenuEntry onSelect={() => navigate('/notifications')}>{t('app.sysAlertsEntry', { count: sysAlertCount })}</MenuEntry> : null}
      <MenuSeparator />
      <MenuEntry onSelect={() => navigate('/notifications')}>{t('app.notificationsViewAll')}</MenuEntry>
    </Menu>
  );
}
