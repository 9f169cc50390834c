/**
 * The snackbar (spec 000 §8): one alert at a time; ERROR and WARNING at the top centre, ERROR kept
 * until OK; others at the bottom centre, timed by the alerts machine; a system message opens in a details dialog.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { alertPlacement, type Alert } from '../../../machines/session/alertsMachine';
import { useT, type Translate } from '../i18n/useT';
import { selectCurrentAlert } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';
import { Modal } from './Modal';

// Calm: the panel's own surface, the kind told by a coloured edge and icon rather than a full-colour bar.
const LOOK: Record<Alert['type'], { icon: IconName; edge: string; tint: string }> = {
  INFO: { icon: 'info', edge: 'border-l-sky-600 dark:border-l-sky-400', tint: 'text-sky-700 dark:text-sky-300' },
  SUCCESS: { icon: 'checkCircle', edge: 'border-l-green-600 dark:border-l-green-400', tint: 'text-green-700 dark:text-green-300' },
  WARNING: { icon: 'alert', edge: 'border-l-amber-500 dark:border-l-amber-400', tint: 'text-amber-700 dark:text-amber-300' },
  ERROR: { icon: 'error', edge: 'border-l-red-600 dark:border-l-red-400', tint: 'text-red-700 dark:text-red-300' },
};
const ACTION =
  'rounded px-2 py-1 font-semibold text-primary-ink hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary dark:text-blue-300';

/** The alert's text: a catalogue message, or the raw text of an untranslated client error. */
export const alertText = (alert: Alert, t: Translate): string => (alert.translate ? t(alert.message, alert.values) : alert.message);

/** The snackbar of the current alert. */
export function Snackbar() {
  const t = useT();
  const { alerts } = useActors();
  const alert = useSelector(alerts, selectCurrentAlert);
  const [details, setDetails] = useState<string | null>(null);
  if (!alert && details === null) return null;
  const top = alert ? alertPlacement(alert.type) === 'top-center' : false;
  return (
    <>
      {alert ? (
        <div className={`fixed left-1/2 z-[60] w-[calc(100vw-16px)] max-w-alertPanel -translate-x-1/2 ${top ? 'top-[84px]' : 'bottom-6'}`}>
          <div
            role={alert.type === 'ERROR' || alert.type === 'WARNING' ? 'alert' : 'status'}
            data-kind={alert.type}
            className={`flex items-center gap-3 rounded-lg border border-l-4 border-line bg-panel px-4 py-3 text-sm text-ink shadow-lg ${LOOK[alert.type].edge}`}
          >
            <span className={`shrink-0 ${LOOK[alert.type].tint}`}>
              <Icon name={LOOK[alert.type].icon} className="h-5 w-5" />
            </span>
            <span className="flex-1">{alertText(alert, t)}</span>
            {alert.details ? (
              <button type="button" className={`${ACTION} font-normal underline`} onClick={() => setDetails(alert.details ?? '')}>
                {t('app.details')}
              </button>
            ) : null}
            {alert.type === 'ERROR' ? (
              <button type="button" className={ACTION} onClick={() => alerts.send({ type: 'alerts.dismissed' })}>
                {t('app.ok')}
              </button>
            ) : (
              <button
                type="button"
                aria-label={t('app.close')}
                title={t('app.close')}
                className="rounded-full p-1 text-muted hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
                onClick={() => alerts.send({ type: 'alerts.dismissed' })}
              >
                <Icon name="close" className="h-4 w-4" />
              </button>
            )}
          </div>
        </div>
      ) : null}
      <Modal
        open={details !== null}
        title={t('app.details')}
        maxWidth={1024}
        onClose={() => setDetails(null)}
        actions={<Button onClick={() => setDetails(null)}>{t('app.close')}</Button>}
      >
        <pre className="whitespace-pre-wrap break-words font-mono text-xs">{details}</pre>
      </Modal>
    </>
  );
}
