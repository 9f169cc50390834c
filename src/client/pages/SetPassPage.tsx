/** /set-pass?token=: choose a password from the e-mailed link; success signs the user in (x-vgn-token). */
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../i18n/useT';
import { accountCall } from '../platform/accountApi';
import { MIN_PASSWORD_LENGTH } from '../platform/passwordRules';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './BackToSignIn';
import { Field } from './Field';
import { FormMessage } from './FormMessage';

/** The set-password form. */
export function SetPassPage() {
  const t = useT();
  const { auth } = useActors();
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const mismatch = repeat.length > 0 && repeat !== password;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    const result = await accountCall('set-pass', { token, password });
    setBusy(false);
    if (!result.ok) {
      setFailure({ message: result.message, fields: result.fields });
      return;
    }
    // The answer carries a sign-in token: hand it to auth exactly as a sign-in post would.
    auth.send({ type: 'auth.signInSucceeded', token: result.token });
    navigate('/', { replace: true });
  };

  return (
    <AuthCard title={t('app.setPass.title')}>
      {!token ? (
        <FormMessage kind="error">{t('app.setPass.noToken')}</FormMessage>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {failure ? <FormMessage kind="error">{t(failure.message)}</FormMessage> : null}
          <Field
            label={t('app.setPass.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={t('app.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            error={failure?.fields.password ? t(failure.fields.password) : undefined}
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
          <Button type="submit" disabled={busy || password.length < MIN_PASSWORD_LENGTH || repeat !== password} className="w-full">
            {t('app.setPass.submit')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
