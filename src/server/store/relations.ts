import { isValidId } from '../../shared/ids';
import type { ItemData, ItemTypeDef, PropertyDef } from '../../shared/items/types';

/** The part of the type registry the store needs. */
export interface ItemRegistryLike {
  get(name: string): ItemTypeDef | undefined;
}

function collect(props: Record<string, PropertyDef>, data: ItemData, out: Set<string>): void {
  for (const [name, def] of Object.entries(props)) {
    const value = data[name];
    if (value === undefined || value === null) continue;
    if (def.kind === 'REL') {
      for (const v of Array.isArray(value) ? value : [value]) {
        const id = (v as { id?: unknown } | null)?.id;
        if (isValidId(id)) out.add(id);
      }
    } else if (def.of && Array.isArray(value)) {
      for (const element of value) if (element && typeof element === 'object') collect(def.of, element as ItemData, out);
    }
  }
}

/** Ids of the items that the relation properties of `data` point at. */
export function relatedIds(type: ItemTypeDef, data: ItemData): string[] {
  const out = new Set<string>();
  collect(type.properties, data, out);
  return [...out];
}
