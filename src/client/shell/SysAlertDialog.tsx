/** A modal system alert (spec 000 §4): one at a time; close hides it for this session, dismiss for good. */
import { useSelector } from '@xstate/react';
import { useT } from '../i18n/useT';
import { selectModalSysAlert } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Button } from './Button';
import { Modal } from './Modal';

/** The front modal system alert, if any. */
export function SysAlertDialog() {
  const t = useT();
  const { sysAlerts } = useActors();
  const alert = useSelector(sysAlerts, selectModalSysAlert);
  if (!alert) return null;
  const close = (): void => sysAlerts.send({ type: 'sysAlerts.closed', id: alert.id });
  return (
    <Modal
      open
      title={alert.title}
      onClose={close}
      actions={
        <>
          <Button variant="plain" onClick={() => sysAlerts.send({ type: 'sysAlerts.dismissed', id: alert.id })}>
            {t('app.dismissForever')}
          </Button>
          <Button onClick={close}>{t('app.close')}</Button>
        </>
      }
    >
      {alert.message}
    </Modal>
  );
}
