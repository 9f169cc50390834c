/**
 * /sign-out: says it is signing out, and goes to plain /sign-in once the token is gone. The router
 * decides: it shows /sign-out only once every column agreed to close, then asks auth to sign out;
 * a column with unsaved changes refuses, and the router puts the previous location back.
 */
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { selectTokenValid } from '../../../machines/session/authSelectors';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';

/** The sign-out status, then the redirect. */
export function SignOutPage() {
  const t = useT();
  const { auth } = useActors();
  const valid = useSelector(auth, selectTokenValid);
  if (!valid) return <Redirect to="/sign-in" replace />;
  return (
    <p role="status" className="p-8 text-center">
      {t('app.signOut.busy')}
    </p>
  );
}
