/** The blocking dialogs of spec 000 §4: token warning (refreshes), token expiry and other-tab sign-out (dismiss). */
import { useSelector } from '@xstate/react';
import { selectAuthDialog, selectTokenExpires } from '../../../machines/session/authSelectors';
import { useIntl } from '../i18n/IntlContext';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { Button } from './Button';
import { distanceFromNow } from './distanceFromNow';
import { Modal } from './Modal';

/** Shows the auth actor's dialog while it is in one of the blocking states. */
export function AuthDialog() {
  const t = useT();
  const { locale } = useIntl();
  const { auth } = useActors();
  const dialog = useSelector(auth, selectAuthDialog);
  const expires = useSelector(auth, selectTokenExpires);
  if (!dialog) return null;
  const when = expires ? distanceFromNow(new Date(expires), locale) : '';
  return (
    <Modal
      open
      title={t(dialog.title)}
      actions={<Button onClick={() => auth.send({ type: 'auth.dialogConfirmed' })}>{t(dialog.button)}</Button>}
    >
      {t(dialog.text, { when })}
    </Modal>
  );
}
