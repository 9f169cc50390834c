/** /register (spec 000 §2): only without a valid token; POST /api/register, then a confirmation mail goes out. */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { MIN_PASSWORD_LENGTH } from '../platform/passwordRules';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import { accountCall } from '../platform/accountApi';
import { Button } from '../shell/Button';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { FormMessage } from './FormMessage';

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string; fields: Record<string, string> };

/** The registration form. */
export function RegisterPage() {
  const t = useT();
  const { registrationOpen } = useSiteConfig();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const fields = outcome.kind === 'failed' ? outcome.fields : {};
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setOutcome({ kind: 'busy' });
    const result = await accountCall('register', { name: name.trim(), email: email.trim(), password });
    setOutcome(result.ok ? { kind: 'done' } : { kind: 'failed', message: result.message, fields: result.fields });
  };

  return (
    <AuthCard title={t('app.register.title')}>
      {!registrationOpen ? (
        <FormMessage kind="note">{t('errors.registrationClosed')}</FormMessage>
      ) : outcome.kind === 'done' ? (
        <FormMessage kind="info">{t('app.register.done')}</FormMessage>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {outcome.kind === 'failed' ? <FormMessage kind="error">{t(outcome.message)}</FormMessage> : null}
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
            error={fields.email ? t(fields.email) : undefined}
          />
          <Field
            label={t('app.signIn.password')}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fields.password ? t(fields.password) : undefined}
            hint={t('app.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          />
          <Button type="submit" disabled={outcome.kind === 'busy' || !name.trim() || !email || tooShort || !password} className="w-full">
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
