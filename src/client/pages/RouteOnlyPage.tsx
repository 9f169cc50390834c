/** A known path whose screen comes with a later issue (spec 000 §2 "route only" and module views). */
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useT } from '../i18n/useT';

/** Shows the path and that its page is not available yet. */
export function RouteOnlyPage({ path }: { path: string }) {
  const t = useT();
  useDocumentTitle(path);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-2 break-all font-mono text-lg">{path}</h1>
      <p className="text-muted">{t('app.routeOnly')}</p>
    </div>
  );
}
