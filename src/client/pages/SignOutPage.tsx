/** /sign-out: asks auth to sign out (closing the socket) and goes to plain /sign-in once the token is gone. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { selectTokenValid } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';

/** Signs out, then redirects. */
export function SignOutPage() {
  const t = useT();
  const { auth } = useActors();
  const valid = useSelector(auth, selectTokenValid);
  useEffect(() => {
    if (valid) auth.send({ type: 'auth.signOutRequested' });
  }, [auth, valid]);
  if (!valid) return <Redirect to="/sign-in" replace />;
  return (
    <p role="status" className="p-8 text-center">
      {t('app.signOut.busy')}
    </p>
  );
}
