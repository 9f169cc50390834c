/** An item the reader may not read, named where a chip would name it: by its type, never by its id. */
import { useT } from '../../i18n/useT';
import { useTypeLabel } from './useTypeLabel';

/** "Contact (not shown to you)": what a relation or a chip says of an item whose label the server did not give. */
export function HiddenItem({ id }: { id: string }) {
  const t = useT();
  const typeLabel = useTypeLabel();
  return (
    <span className="inline-flex max-w-full items-center truncate rounded-full border border-dashed border-line px-2.5 py-0.5 text-sm text-muted">
      {t('app.item.notShown', { type: typeLabel(id.split('-')[0] ?? '') })}
    </span>
  );
}
