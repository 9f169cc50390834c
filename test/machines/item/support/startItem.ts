/** An item actor for Contact-1 beside the fake session actors, already READY with `buildItem()`. */
import type { Item } from '../../../../src/shared/items/types';
import { itemMachine } from '../../../../machines/item/itemMachine';
import { settled, startInSession } from '../../router/support/sessionFakes';

/** A Contact item as the server presents it. */
export function buildItem(overrides: Partial<Item> = {}): Item {
  return {
    $id: 'Contact-1',
    _t: 'Contact',
    _i: 1,
    _u: 3,
    _c: { ts: '2024-05-01T10:00:00Z', by: 'User-1' },
    $access: 'COMMUNITY',
    $labels: { 'Contact-1': 'Mary Thomas' },
    name: 'Mary Thomas',
    ...overrides,
  } as Item;
}

/** The started item actor with its fakes and a few readers. */
export type StartedItem = Awaited<ReturnType<typeof startItem>>;

/** Starts the item actor signed in and answers its read (a request actor, so it settles a tick later), so that it watches the item. */
export async function startItem() {
  const h = startInSession(itemMachine, { systemId: 'item-Contact-1', input: { id: 'Contact-1' }, signedIn: true });
  h.reply(buildItem());
  await settled();
  const requests = () => h.connection.getSnapshot().context.sent;
  return {
    ...h,
    snapshot: () => h.subject.getSnapshot(),
    ops: () => h.sent().map((frame) => frame.o),
    /** Index of the last request whose operation is `o`. */
    last: (o: string) =>
      requests()
        .map((request) => request.frame.o)
        .lastIndexOf(o),
    push: (item: Item) => h.connection.send({ type: 'fake.push', frame: { o: 'item/update', b: item } }),
  };
}
