/**
 * Screens that differ from the generic ones (spec 001 §6 and docs/modules.md): a module adds, per item
 * type, a panel that the item's read screen shows below its properties (a user's sessions and rights,
 * a contact's invitation).
 */
import type { ItemActorRef } from '../../../machines/item/itemMachine';
import type { CellActorRef } from '../../../machines/router/cellMachine';
import type { Item } from '../../shared/items/types';

/** What a type's panel is given: the item as read, its item actor (permissions, saves) and its cell. */
export interface ItemPanelProps {
  item: Item;
  itemRef: ItemActorRef;
  cell: CellActorRef;
}
