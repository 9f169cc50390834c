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
import { Modal } from './Modal';

const COLOURS: Record<Alert['type'], string> = {
  INFO: 'bg-neutral-800 text-white',
  SUCCESS: 'bg-green-700 text-white',
  WARNING: 'bg-amber-600 text-neutral-950',
  ERROR: 'bg-red-700 text-white',
};

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
            className={`flex items-center gap-3 rounded-md px-4 py-3 text-sm shadow-lg ${COLOURS[alert.type]}`}
          >
            <span className="flex-1">{alertText(alert, t)}</span>
            {alert.details ? (
              <button type="button" className="underline" onClick={() => setDetails(alert.details ?? '')}>
                {t('app.details')}
              </button>
            ) : null}
            {alert.type === 'ERROR' ? (
              <button
                type="button"
                className="rounded px-2 py-1 font-semibold hover:bg-white/15"
                onClick={() => alerts.send({ type: 'alerts.dismissed' })}
              >
                {t('app.ok')}
              </button>
            ) : (
              <button
                type="button"
                aria-label={t('app.close')}
                className="rounded px-2 hover:bg-white/15"
                onClick={() => alerts.send({ type: 'alerts.dismissed' })}
              >
                ×
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
