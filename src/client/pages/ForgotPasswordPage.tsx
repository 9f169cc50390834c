/** /forgot-password: asks for a set-password link (the account actor); the answer is the same whether or not the address is known. */
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { accountOutcome, accountPhase, type AccountSnapshot } from '../../../machines/account/accountMachine';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './BackToSignIn';
import { Field } from './Field';
import { FormMessage } from './FormMessage';

const selectPhase = (snapshot: AccountSnapshot) => accountPhase(snapshot, 'forgotPassword');
const selectMessage = (snapshot: AccountSnapshot) => accountOutcome(snapshot, 'forgotPassword').message;

/** The forgot-password form. */
export function ForgotPasswordPage() {
  const t = useT();
  const { account } = useActors();
  const phase = useSelector(account, selectPhase);
  const message = useSelector(account, selectMessage);
  const [email, setEmail] = useState('');
  // Before the first paint, so a form left done or refused earlier shows afresh.
  useLayoutEffect(() => account.send({ type: 'account.opened', form: 'forgotPassword' }), [account]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    account.send({ type: 'account.forgotSubmitted', email });
  };

  return (
    <AuthCard title={t('app.forgot.title')}>
      {phase === 'done' ? (
        <FormMessage kind="info">{t('app.forgot.done')}</FormMessage>
      ) : (
        <form onSubmit={submit} noValidate>
          {phase === 'refused' && message ? <FormMessage kind="error">{t(message)}</FormMessage> : null}
          <p className="mb-4 text-sm text-muted">{t('app.forgot.text')}</p>
          <Field
            label={t('app.signIn.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
          <Button type="submit" disabled={phase === 'submitting' || !email.trim()} className="w-full">
            {t('app.forgot.submit')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
