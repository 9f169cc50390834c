/**
 * The help menu (spec 000 §2): what's new, support request, bad connection, the retry countdown,
 * background tasks, version details with copy, and debug logging for admins and masquerading users.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { selectHealth } from '../../../machines/session/connectionHealth';
import { selectRetryCountdown } from '../../../machines/session/retryMachine';
import { selectTokenValid, selectUser } from '../../../machines/session/authSelectors';
import { selectUnseenCount } from '../../../machines/session/whatsNewMachine';
import { useT } from '../i18n/useT';
import { selectPrefs } from '../session/selectors';
import { useActors } from '../session/useActors';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { clientVersion } from '../platform/clientVersion';
import { Button } from './Button';
import { Icon } from './Icon';
import { Menu, MenuEntry, MenuSeparator, MenuText, MenuToggle } from './Menu';
import { Modal } from './Modal';
import { TaskEntries } from './TaskEntries';
import { supportWidget } from '../modules/moduleRegistry';
import { lazyModule, useLazyModule } from './lazyModule';

// Stands in when no module gives a support widget: never loaded.
const NO_SUPPORT = lazyModule<null>(() => Promise.resolve(null));

type HelpDialog = 'support' | 'badConnection' | null;

/** The help and what's-new menu. */
export function HelpMenu() {
  const t = useT();
  const { auth, connection, retry, shell, alerts, whatsNew } = useActors();
  const { version, siteName } = useSiteConfig();
  const user = useSelector(auth, selectUser);
  const signedIn = useSelector(auth, selectTokenValid);
  const health = useSelector(connection, selectHealth);
  const countdown = useSelector(retry, selectRetryCountdown);
  const prefs = useSelector(shell, selectPrefs);
  const unseen = useSelector(whatsNew, selectUnseenCount);
  const [location, navigate] = useLocation();
  const [dialog, setDialog] = useState<HelpDialog>(null);
  const mayDebug = user !== null && (user.admin || user.masquerading);
  const Support = useLazyModule(supportWidget ?? NO_SUPPORT, dialog === 'support' && supportWidget !== null);

  const copyDetails = (): void => {
    const details = [
      `${siteName} ${clientVersion(version)} (server ${version})`,
      `route: ${location}${window.location.search}`,
      `user: ${user?.$id ?? '-'}`,
    ].join('\n');
    void navigator.clipboard?.writeText(details).then(
      () => alerts.send({ type: 'alerts.raised', alert: { type: 'SUCCESS', message: 'app.copied', timeoutMs: 2000 } }),
      (error: unknown) => alerts.send({ type: 'alerts.errorRaised', error }),
    );
  };

  return (
    <>
      <Menu
        label={t('app.helpMenuCount', { count: unseen })}
        trigger={
          <>
            <Icon name="help" />
            {unseen > 0 ? (
              <span
                aria-hidden="true"
                className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-accent px-1 text-[10px] font-bold text-neutral-900"
              >
                {unseen}
              </span>
            ) : null}
          </>
        }
      >
        <MenuEntry onSelect={() => navigate('/whats-new')}>
          {unseen > 0 ? t('app.whatsNewCount', { count: unseen }) : t('app.whatsNew')}
        </MenuEntry>
        <MenuEntry onSelect={() => setDialog('support')}>{t('app.supportRequest')}</MenuEntry>
        {signedIn && health === 'BAD' ? <MenuEntry onSelect={() => setDialog('badConnection')}>{t('app.badConnection')}</MenuEntry> : null}
        {countdown !== null ? (
          <>
            <MenuText>{t('app.networkRetry.waiting', { n: countdown })}</MenuText>
            <MenuEntry onSelect={() => retry.send({ type: 'retry.retryNow' })}>{t('app.networkRetry.now')}</MenuEntry>
          </>
        ) : null}
        <TaskEntries />
        <MenuSeparator />
        <MenuText>{t('app.version', { version: clientVersion(version) })}</MenuText>
        <MenuEntry onSelect={copyDetails}>{t('app.copyVersion')}</MenuEntry>
        {mayDebug ? (
          <>
            <MenuToggle
              checked={prefs.debugLogging ?? false}
              onChange={(value) => shell.send({ type: 'shell.prefSet', pref: 'debugLogging', value })}
            >
              {t('app.debugLogging')}
            </MenuToggle>
            <MenuEntry onSelect={() => navigate('/debug')}>{t('app.debugView')}</MenuEntry>
          </>
        ) : null}
      </Menu>
      {dialog === 'support' && supportWidget && Support ? <Support onClose={() => setDialog(null)} /> : null}
      <Modal
        open={dialog === 'support' && supportWidget === null}
        title={t('app.supportRequest')}
        onClose={() => setDialog(null)}
        actions={<Button onClick={() => setDialog(null)}>{t('app.ok')}</Button>}
      >
        {t('app.supportUnavailable', { name: user?.name ?? '-', email: user?.email ?? '-' })}
      </Modal>
      <Modal
        open={dialog === 'badConnection'}
        title={t('app.badConnection')}
        onClose={() => setDialog(null)}
        actions={<Button onClick={() => setDialog(null)}>{t('app.ok')}</Button>}
      >
        {t('app.badConnectionHelp')}
      </Modal>
    </>
  );
}
