/** The app.newVersion prompt: a new service worker waits; Refresh lets it take over and reloads. */
import { useSelector } from '@xstate/react';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import { selectNewVersion } from '../session/selectors';
import { useActors } from '../session/useActors';

/** The refresh prompt at the bottom left. */
export function NewVersionPrompt() {
  const t = useT();
  const { shell } = useActors();
  const { siteName } = useSiteConfig();
  if (!useSelector(shell, selectNewVersion)) return null;
  return (
    <div
      role="status"
      className="fixed bottom-6 left-4 z-50 flex max-w-[calc(100vw-32px)] items-center gap-3 rounded-md bg-neutral-800 px-4 py-3 text-sm text-white shadow-lg"
    >
      <span>{t('app.newVersion', { siteName })}</span>
      <button type="button" className="font-semibold text-accent" onClick={() => shell.send({ type: 'shell.newVersionAccepted' })}>
        {t('app.newVersionRefresh')}
      </button>
      <button type="button" className="text-white/80" onClick={() => shell.send({ type: 'shell.newVersionPostponed' })}>
        {t('app.later')}
      </button>
    </div>
  );
}
