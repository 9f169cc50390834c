/**
 * The related-items lists of an item type (issue 16, "Related items"): every REL property of any type
 * that may point at it is one list of the items pointing here through it. Declared once, by the
 * relation (PropertyDef.related), so every module's types get their lists with no screen code.
 */
import type { ItemData, ItemTypeDef } from './types';

/** One list: the items of `type` whose `prop` points at the item shown. */
export interface RelatedList {
  /** `{type}.{prop}`: names the list (its actor, its test ids). */
  key: string;
  type: string;
  prop: string;
  /** Whether `prop` holds a list of relations. */
  multiple: boolean;
  /** The message key of the list's heading. */
  heading: string;
}

/**
 * Whether `prop` of `def` makes a list on the items it points at: a REL property people set (not the
 * server's, not bookkeeping), of a type people search for (not lists' values, notifications or a
 * virtual view of attachments), not opted out.
 */
function listsBack(def: ItemTypeDef, prop: string): boolean {
  const p = def.properties[prop]!;
  return (
    p.kind === 'REL' &&
    p.related !== false &&
    !p.readOnly &&
    !p.internal &&
    !prop.startsWith('$') &&
    !def.virtual &&
    !def.excludeGeneralSearch &&
    (p.relTypes ?? []).length > 0
  );
}

/**
 * What a new item of `list` is also given besides its relation to `item`: a contacts relation whose
 * contacts must belong to the item's organisation (`orgContacts`, spec 001 §5) gets that organisation
 * when the contact belongs to exactly one (its `_related`), so the form does not start by refusing it.
 */
export function companionsOf(
  list: Pick<RelatedList, 'type' | 'prop'>,
  item: ItemData,
  types: readonly ItemTypeDef[],
): Array<[string, string]> {
  const def = types.find((t) => t.name === list.type);
  const pair = def?.orgContacts?.find((p) => p.contacts === list.prop);
  const orgs = Array.isArray(item._related) ? (item._related as Array<{ id?: unknown }>) : [];
  return pair && orgs.length === 1 && typeof orgs[0]!.id === 'string' ? [[pair.org, orgs[0]!.id]] : [];
}

/** The lists shown on an item of `typeName`, in the registry's order of types and properties. */
export function relatedListsOf(typeName: string, types: readonly ItemTypeDef[]): RelatedList[] {
  const lists: RelatedList[] = [];
  for (const def of types)
    for (const [prop, p] of Object.entries(def.properties)) {
      if (!listsBack(def, prop) || !p.relTypes!.includes(typeName)) continue;
      const declared = p.related === false ? undefined : p.related?.t;
      lists.push({
        key: `${def.name}.${prop}`,
        type: def.name,
        prop,
        multiple: !!p.multiple,
        heading: declared ?? `types.${def.name}.related.${prop}`,
      });
    }
  return lists;
}
