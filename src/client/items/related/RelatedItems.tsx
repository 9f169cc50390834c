/**
 * The related-items panel of an item's read screen (issue 16, "Related items"): one list per relation
 * that may point at the item's type (src/shared/items/relatedLists.ts), so every module's types get it
 * with no screen code of their own. Nothing when no relation points at the type.
 */
import type { CellActorRef } from '../../../../machines/router/cellMachine';
import { itemTypes } from '../../../shared/itemTypes';
import { relatedListsOf } from '../../../shared/items/relatedLists';
import type { Item } from '../../../shared/items/types';
import { useT } from '../../i18n/useT';
import { RelatedList } from './RelatedList';

/** The lists of the items that point at `item`, by relation. */
export function RelatedItems({ item, cell }: { item: Item; cell: CellActorRef }) {
  const t = useT();
  const lists = relatedListsOf(item._t, itemTypes.all());
  if (lists.length === 0 || item.$deleted) return null;
  return (
    <section aria-label={t('app.related.title')} className="@container p-4 pt-0">
      <div className="grid grid-cols-1 items-start gap-3 @2xl:grid-cols-2">
        {lists.map((list) => (
          <RelatedList key={list.key} cell={cell} item={item} list={list} />
        ))}
      </div>
    </section>
  );
}
