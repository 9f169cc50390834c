/** Feeds an item form with each item its item actor holds. */
import { fromCallback } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import type { ItemActorRef } from './itemMachine';

/** Tells the form each item its item actor holds. */
export const itemFeed = fromCallback<{ type: 'form.itemRead'; item: Item }, { item: ItemActorRef | null }>(({ input, sendBack }) => {
  if (!input.item) return undefined;
  let last: Item | null = null;
  const take = (item: Item | null): void => {
    if (item && item !== last) {
      last = item;
      sendBack({ type: 'form.itemRead', item });
    }
  };
  take(input.item.getSnapshot().context.item);
  const subscription = input.item.subscribe((snapshot) => take(snapshot.context.item));
  return () => subscription.unsubscribe();
});
