/** The mark of a deleted item in its displays (spec 000 §2). */
import { useT } from '../../i18n/useT';
import { DisplayIcon } from './DisplayIcon';

/** "Deleted", with an icon, in the error colour of either theme. */
export function DeletedMarker() {
  const t = useT();
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-red-600/40 px-2 py-0.5 text-xs font-medium text-red-700 dark:border-red-400/40 dark:text-red-300">
      <DisplayIcon name="deleted" className="h-3.5 w-3.5" />
      {t('app.item.deleted')}
    </span>
  );
}
