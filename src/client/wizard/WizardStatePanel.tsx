/**
 * The end of a wizard over a type with states: on its review step, once what was entered is saved,
 * the saved item's state and the transitions its user may take now (the read screen's panel), so a
 * draft is submitted where it was reviewed. Unsaved changes are saved first (Save draft or Finish).
 */
import { useSelector } from '@xstate/react';
import { selectItem, type ItemActorRef } from '../../../machines/item/itemMachine';
import type { CellSnapshot } from '../../../machines/router/cellMachine';
import type { StateChartDef } from '../../shared/items/stateCharts';
import { ItemStatePanel } from '../items/ItemStatePanel';

/** The column's item actor (an edit screen has one; a create screen has none yet). */
export const selectCellItem = (s: CellSnapshot): ItemActorRef | null => s.context.item;

/** The saved item's state panel, once it is read. */
export function WizardStatePanel({ itemRef, def }: { itemRef: ItemActorRef; def: StateChartDef }) {
  const item = useSelector(itemRef, selectItem);
  if (!item) return null;
  return (
    <div className="-mx-4">
      <ItemStatePanel item={item} itemRef={itemRef} def={def} />
    </div>
  );
}
