/** A result whose row is not read yet (its label, loading) or no longer readable (deleted or hidden since the search). */
import { useT } from '../i18n/useT';

/** The placeholder of result `id`: `gone` when the server no longer answers it. */
export function ResultPlaceholder({ id, label, gone }: { id: string; label: string | undefined; gone: boolean }) {
  const t = useT();
  return (
    <span className="flex min-h-10 items-center gap-2 px-3 text-sm text-muted" aria-busy={!gone}>
      <span className="truncate">{label ?? id}</span>
      <span className="text-xs">{gone ? t('app.item.deleted') : t('app.loading')}</span>
    </span>
  );
}
