/** /register (spec 000 §2): only without a valid token; POST /api/register (the account actor), then a confirmation mail goes out. */
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { accountOutcome, accountPhase, type AccountSnapshot } from '../../../machines/account/accountMachine';
import { MIN_PASSWORD_LENGTH } from '../platform/passwordRules';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { FormMessage } from './FormMessage';

const selectPhase = (snapshot: AccountSnapshot) => accountPhase(snapshot, 'register');
const selectOutcome = (snapshot: AccountSnapshot) => accountOutcome(snapshot, 'register');

/** The registration form. */
export function RegisterPage() {
  const t = useT();
  const { account } = useActors();
  const { registrationOpen } = useSiteConfig();
  const phase = useSelector(account, selectPhase);
  const { message, fields } = useSelector(account, selectOutcome);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  // Before the first paint, so a form left done or refused earlier shows afresh.
  useLayoutEffect(() => account.send({ type: 'account.opened', form: 'register' }), [account]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    account.send({ type: 'account.registerSubmitted', name, email, password });
  };

  return (
    <AuthCard title={t('app.register.title')}>
      {!registrationOpen ? (
        <FormMessage kind="note">{t('errors.registrationClosed')}</FormMessage>
      ) : phase === 'done' ? (
        <FormMessage kind="info">{t('app.register.done')}</FormMessage>
      ) : (
        <form onSubmit={submit} noValidate>
          {phase === 'refused' && message ? <FormMessage kind="error">{t(message)}</FormMessage> : null}
          <Field
            label={t('app.register.name')}
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <Field
            label={t('app.signIn.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={phase === 'refused' && fields.email ? t(fields.email) : undefined}
          />
          <Field
            label={t('app.signIn.password')}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={phase === 'refused' && fields.password ? t(fields.password) : undefined}
            hint={t('app.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          />
          <Button type="submit" disabled={phase === 'submitting' || !name.trim() || !email || tooShort || !password} className="w-full">
            {t('app.register.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-sm">
        {t('app.register.haveAccount')}{' '}
        <Link href="/sign-in" className="text-primary underline dark:text-blue-300">
          {t('app.signIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
