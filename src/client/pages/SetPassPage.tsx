/** /set-pass?token=: choose a password from the e-mailed link; the account actor posts it, and success signs the user in (x-vgn-token) and goes home. */
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { accountOutcome, accountPhase, type AccountSnapshot } from '../../../machines/account/accountMachine';
import { useT } from '../i18n/useT';
import { MIN_PASSWORD_LENGTH } from '../platform/passwordRules';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './BackToSignIn';
import { Field } from './Field';
import { FormMessage } from './FormMessage';

const selectPhase = (snapshot: AccountSnapshot) => accountPhase(snapshot, 'setPass');
const selectOutcome = (snapshot: AccountSnapshot) => accountOutcome(snapshot, 'setPass');

/** The set-password form. */
export function SetPassPage() {
  const t = useT();
  const { account } = useActors();
  const token = new URLSearchParams(useSearch()).get('token');
  const phase = useSelector(account, selectPhase);
  const { message, fields } = useSelector(account, selectOutcome);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const mismatch = repeat.length > 0 && repeat !== password;
  const refused = phase === 'refused';
  // Before the first paint, so a form left done or refused earlier shows afresh.
  useLayoutEffect(() => account.send({ type: 'account.opened', form: 'setPass' }), [account]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (token) account.send({ type: 'account.setPassSubmitted', token, password });
  };

  return (
    <AuthCard title={t('app.setPass.title')}>
      {!token ? (
        <FormMessage kind="error">{t('app.setPass.noToken')}</FormMessage>
      ) : (
        <form onSubmit={submit} noValidate>
          {refused && message ? <FormMessage kind="error">{t(message)}</FormMessage> : null}
          <Field
            label={t('app.setPass.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={t('app.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            error={refused && fields.password ? t(fields.password) : undefined}
            autoFocus
          />
          <Field
            label={t('app.setPass.repeat')}
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={mismatch ? t('app.setPass.mismatch') : undefined}
          />
          <Button
            type="submit"
            disabled={phase === 'submitting' || password.length < MIN_PASSWORD_LENGTH || repeat !== password}
            className="w-full"
          >
            {t('app.setPass.submit')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
