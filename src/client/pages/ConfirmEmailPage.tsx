/** /confirm-email?token=: the account actor confirms the address from the registration mail as soon as the page opens. */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { accountOutcome, accountPhase, type AccountSnapshot } from '../../../machines/account/accountMachine';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './BackToSignIn';
import { FormMessage } from './FormMessage';

const selectPhase = (snapshot: AccountSnapshot) => accountPhase(snapshot, 'confirmEmail');
const selectMessage = (snapshot: AccountSnapshot) => accountOutcome(snapshot, 'confirmEmail').message;

/** The confirmation page. */
export function ConfirmEmailPage() {
  const t = useT();
  const { account } = useActors();
  const token = new URLSearchParams(useSearch()).get('token');
  const phase = useSelector(account, selectPhase);
  const message = useSelector(account, selectMessage);
  useEffect(() => {
    if (token) account.send({ type: 'account.confirmRequested', token });
  }, [account, token]);
  // Before the request leaves (the first render) the page already says it is confirming.
  const busy = token !== null && (phase === 'idle' || phase === 'submitting');
  const error = !token ? 'app.setPass.noToken' : phase === 'refused' ? (message ?? 'errors.generalFailure') : null;
  return (
    <AuthCard title={t('app.confirmEmail.title')}>
      {busy ? <p role="status">{t('app.confirmEmail.busy')}</p> : null}
      {token && phase === 'done' ? <FormMessage kind="info">{t('app.confirmEmail.done')}</FormMessage> : null}
      {error ? <FormMessage kind="error">{t(error)}</FormMessage> : null}
      <BackToSignIn />
    </AuthCard>
  );
}
