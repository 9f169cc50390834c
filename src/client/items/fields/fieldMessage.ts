/** The message of a property's error key, with the values its ICU text needs. */
import type { PropertyDef } from '../../../shared/items/types';

/** The key and values to show for `key` on `def`: equal array limits read as errors.array.exactly. */
export function fieldMessage(def: PropertyDef, key: string): { key: string; values: Record<string, number> } {
  if (key === 'errors.array.exactly') return { key, values: { count: def.minItems ?? def.maxItems ?? 0 } };
  if (key === 'errors.array.min' || key === 'errors.array.max') {
    if (def.minItems !== undefined && def.minItems === def.maxItems)
      return { key: 'errors.array.exactly', values: { count: def.minItems } };
    return { key, values: { count: (key === 'errors.array.min' ? def.minItems : def.maxItems) ?? 0 } };
  }
  if (key === 'errors.maxLength') return { key, values: { count: def.maxLength ?? 0 } };
  return { key, values: {} };
}
