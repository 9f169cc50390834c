/** /confirm-email?token=: confirms the address from the registration mail as soon as the page opens. */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../i18n/useT';
import { accountCall } from '../platform/accountApi';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './BackToSignIn';
import { FormMessage } from './FormMessage';

/** The confirmation page. */
export function ConfirmEmailPage() {
  const t = useT();
  const token = new URLSearchParams(useSearch()).get('token');
  const [outcome, setOutcome] = useState<string>(token ? 'busy' : 'app.setPass.noToken');
  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    void accountCall('confirm-email', { token }).then((result) => {
      if (live) setOutcome(result.ok ? 'done' : result.message);
    });
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <AuthCard title={t('app.confirmEmail.title')}>
      {outcome === 'busy' ? <p role="status">{t('app.confirmEmail.busy')}</p> : null}
      {outcome === 'done' ? <FormMessage kind="info">{t('app.confirmEmail.done')}</FormMessage> : null}
      {outcome !== 'busy' && outcome !== 'done' ? <FormMessage kind="error">{t(outcome)}</FormMessage> : null}
      <BackToSignIn />
    </AuthCard>
  );
}
