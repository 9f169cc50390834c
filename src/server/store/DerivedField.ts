import type { ItemData } from '../../shared/items/types';
import type { ItemRegistryLike } from './relations';

/**
 * A read-only property the server computes whenever it presents an item of `type` (read, readMany,
 * search rows, pushes), from the item's stored properties and the time of presenting. It is never
 * stored: a body that sends it has it dropped. The type declares the property `readOnly` (neither
 * sortable nor a facet: the database never sees it), so the browser labels and shows it.
 */
export interface DerivedField {
  type: string;
  /** The property it fills; `$`-named by convention (spec 001: `$status`, `$userState`). */
  name: string;
  /** Its value; undefined leaves the property out of the item. */
  compute: (data: ItemData, now: Date) => unknown;
}

/**
 * Throws, naming the field, unless each of `fields` is a property its type declares as the server's
 * (readOnly, neither sortable nor a facet: the database never sees it) and none is registered twice.
 */
export function checkDerivedFields(fields: readonly DerivedField[], types: ItemRegistryLike): void {
  const seen = new Set<string>();
  for (const field of fields) {
    const what = `Derived field ${field.type}.${field.name}`;
    const type = types.get(field.type);
    if (!type) throw new Error(`${what}: ${field.type} is not a registered item type`);
    const def = Object.hasOwn(type.properties, field.name) ? type.properties[field.name] : undefined;
    if (!def) throw new Error(`${what}: ${field.type} does not declare ${field.name}`);
    if (!def.readOnly) throw new Error(`${what}: its declaration must be readOnly, or the edit form would offer it`);
    if (def.sortable || def.facet) throw new Error(`${what}: it is never stored, so it can be neither sortable nor a facet`);
    if (seen.has(`${field.type}.${field.name}`)) throw new Error(`${what} is registered twice`);
    seen.add(`${field.type}.${field.name}`);
  }
}
