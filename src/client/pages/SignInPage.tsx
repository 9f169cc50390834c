/** /sign-in?next=: e-mail and password; a token lands the user on `next` (spec 000 §2, §4). */
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { selectSigningIn } from '../../../machines/session/authSelectors';
import { signIn } from '../../../machines/session/signIn';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import { safeNext } from '../platform/safeNext';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { AuthCard } from './AuthCard';
import { Field } from './Field';
import { FormMessage } from './FormMessage';

/** The sign-in form. */
export function SignInPage() {
  const t = useT();
  const { auth } = useActors();
  const busy = useSelector(auth, selectSigningIn);
  const { registrationOpen } = useSiteConfig();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setError(null);
    const result = await signIn(auth, { email: email.trim(), password });
    if (result.ok) navigate(safeNext(search), { replace: true });
    else setError(`errors.${result.userMessage ?? 'signInFailed'}`);
  };

  return (
    <AuthCard title={t('app.signIn.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {error ? <FormMessage kind="error">{t(error)}</FormMessage> : null}
        <Field
          label={t('app.signIn.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <Field
          label={t('app.signIn.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={busy || !email || !password} className="w-full">
          {busy ? t('app.signIn.busy') : t('app.signIn.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link href="/forgot-password" className="text-primary underline dark:text-blue-300">
          {t('app.forgotPassword')}
        </Link>
        {registrationOpen ? (
          <span>
            {t('app.signIn.noAccount')}{' '}
            <Link href="/register" className="text-primary underline dark:text-blue-300">
              {t('app.register')}
            </Link>
          </span>
        ) : null}
      </div>
    </AuthCard>
  );
}
