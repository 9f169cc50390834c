/**
 * What a create form starts from when "add one here" opened it (issue 16, "Related items"): the
 * relations its address names as the column's sub-parameters (`c{N}.{prop}={id}`, relatedQuery.ts
 * createHref), kept in the address so that a reload keeps them. Only the type's editable REL
 * properties, and only ids of the types they may point at; anything else in the address is left out.
 */
import { parseId } from '../../src/shared/ids';
import type { ItemData, ItemTypeDef } from '../../src/shared/items/types';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';

function typeOfId(id: string): string | null {
  try {
    const parsed = parseId(id);
    return parsed.index > 0 && parsed.context === undefined ? parsed.type : null;
  } catch {
    return null;
  }
}

/** The relations of a new `type` that the column's sub-parameters fill in. */
export function prefillOf(type: ItemTypeDef, params: ReadonlyArray<readonly [string, string]> = []): ItemData {
  const draft: ItemData = {};
  for (const [name, id] of params) {
    const def = type.properties[name];
    if (!def || def.kind !== 'REL' || def.readOnly || def.internal) continue;
    const idType = typeOfId(id);
    if (!idType || !(def.relTypes ?? []).includes(idType)) continue;
    if (!def.multiple) draft[name] = { id };
    else {
      const rels = (draft[name] as Array<{ id: string }> | undefined) ?? [];
      if (!rels.some((r) => r.id === id)) draft[name] = [...rels, { id }];
    }
  }
  return draft;
}

/** The ids a prefilled draft names, whose labels the relation fields show. */
export const prefilledIds = (draft: ItemData): string[] =>
  Object.values(draft).flatMap((v) => (Array.isArray(v) ? v : [v]).map((r) => (r as { id: string }).id));

/** The question for the labels of the prefilled relations (`search/ids` of those ids). */
export const prefillLabelsCall = (ids: string[]): OperationCall => callOf(operations.search, { ids, labels: true, max: ids.length });
