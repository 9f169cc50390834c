/** Spec 000 §1: shown instead of the app in browsers without Promise.withResolvers. */
import { useT } from '../i18n/useT';

/** The 'platform not supported' page. */
export function UnsupportedPage({ siteName }: { siteName: string }) {
  const t = useT();
  return (
    <main className="mx-auto mt-16 max-w-dialog p-6">
      <h1 className="mb-2 text-2xl font-semibold">{t('app.unsupported.title')}</h1>
      <p>{t('app.unsupported.text', { siteName })}</p>
    </main>
  );
}
