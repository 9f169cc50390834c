/** One property of a result as the read screen shows it, for table cells and cards. */
import type { Item } from '../../shared/items/types';
import { itemTypes } from '../../shared/itemTypes';
import { FIELD_KINDS } from '../items/fields/fieldKinds';
import { RelativeTime } from '../items/display/RelativeTime';

/** The value of `name` in `item`: `created` as a relative time, properties by their kind's Show component. */
export function ResultValue({ item, name }: { item: Item; name: string }) {
  if (name === 'created') return item._c ? <RelativeTime iso={item._c.ts} /> : null;
  const type = itemTypes.get(item._t);
  const def = type?.properties[name];
  const value = item[name];
  if (!type || !def || value === undefined || value === null || value === '') return null;
  const Show = FIELD_KINDS[def.kind]?.Show;
  return Show ? <Show name={name} def={def} value={value} item={item} type={type} /> : <>{String(value)}</>;
}
