/** /forgot-password: asks for a set-password link; the answer is the same whether or not the address is known. */
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/useT';
import { accountCall } from '../platform/accountApi';
import { Button } from '../shell/Button';
import { AuthCard } from './AuthCard';
import { BackToSignIn } from './BackToSignIn';
import { Field } from './Field';
import { FormMessage } from './FormMessage';

/** The forgot-password form. */
export function ForgotPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'done' | string>('idle');

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setState('busy');
    const result = await accountCall('forgot-password', { email: email.trim() });
    setState(result.ok ? 'done' : result.message);
  };

  return (
    <AuthCard title={t('app.forgot.title')}>
      {state === 'done' ? (
        <FormMessage kind="info">{t('app.forgot.done')}</FormMessage>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {state.startsWith('errors.') ? <FormMessage kind="error">{t(state)}</FormMessage> : null}
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
          <Button type="submit" disabled={state === 'busy' || !email.trim()} className="w-full">
            {t('app.forgot.submit')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
