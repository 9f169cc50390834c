/** The data side of the item form: a draft from an item, the stored shape of a draft, the changes an update sends. */
import { itemTypes } from '../../src/shared/itemTypes';
import type { Item, ItemData, ItemTypeDef } from '../../src/shared/items/types';

const EMPTY_TYPE: ItemTypeDef = { name: '', defaultIcon: '', defaultAccess: 'PRIVATE', properties: {}, label: () => '' };

/** The type of a form, or an empty one for an unknown type (the router only opens known ones). */
export const formType = (typeName: string): ItemTypeDef => itemTypes.get(typeName) ?? EMPTY_TYPE;

const isEmptyValue = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v === '') || (Array.isArray(v) && v.length === 0);

/** The draft of an item: only the type's own properties. */
export function draftOf(type: ItemTypeDef, item: Item | null): ItemData {
  if (!item) return {};
  return Object.fromEntries(
    Object.keys(type.properties)
      .filter((k) => item[k] !== undefined)
      .map((k) => [k, item[k]]),
  );
}

/** A value typed as text in the stored shape: a number for NUM (when it is one), a list for IDM's comma-separated ids. */
function typed(kind: string | undefined, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (kind === 'NUM') return v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  if (kind === 'IDM')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return v;
}

/** The stored shape of a draft: values typed as text converted, empty values dropped. */
export function dataOf(type: ItemTypeDef, draft: ItemData): ItemData {
  const data: ItemData = {};
  for (const [k, v] of Object.entries(draft)) {
    const value = typed(type.properties[k]?.kind, v);
    if (!isEmptyValue(value)) data[k] = value;
  }
  return data;
}

/** The properties that differ from the item; a removed one is sent as null. */
export function changesOf(type: ItemTypeDef, base: Item | null, draft: ItemData): ItemData {
  const data = dataOf(type, draft);
  const changes: ItemData = {};
  for (const k of Object.keys(type.properties)) {
    const before = base?.[k];
    if (JSON.stringify(data[k]) === JSON.stringify(before)) continue;
    if (data[k] !== undefined) changes[k] = data[k];
    else if (before !== undefined) changes[k] = null;
  }
  return changes;
}
