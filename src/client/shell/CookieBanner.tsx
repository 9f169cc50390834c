/** The first-visit cookie banner (spec 000 §2) with OK and a link to /privacy-policy#cookies. */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useT } from '../i18n/useT';
import { selectCookieBanner } from '../session/selectors';
import { useActors } from '../session/useActors';
import { Button } from './Button';

/** The banner, until the user pressed OK on this browser. */
export function CookieBanner() {
  const t = useT();
  const { shell } = useActors();
  if (!useSelector(shell, selectCookieBanner)) return null;
  return (
    <section
      aria-label={t('app.cookieInfo')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-panel px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.15)]"
    >
      <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-3 text-sm">
        <p className="min-w-0 flex-1 basis-64">{t('app.cookieBanner')}</p>
        <Link href="/privacy-policy#cookies" className="text-primary underline dark:text-blue-300">
          {t('app.cookieInfo')}
        </Link>
        <Button onClick={() => shell.send({ type: 'shell.cookiesAccepted' })}>{t('app.ok')}</Button>
      </div>
    </section>
  );
}
