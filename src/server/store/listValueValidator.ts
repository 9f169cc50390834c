import { LOV_OTHER_MARKER } from '../../shared/constants';
import type { FieldErrors } from '../../shared/items/itemSchema';
import type { Queryable } from '../db/Database';
import type { ItemValidator } from './ItemStore';

/**
 * A list-of-values property takes a key of its list's active values (the site's own, or those of
 * the item's owner organisation) or the "other" marker; an empty list allows only the marker.
 */
export const listValueValidator: ItemValidator = async (tx: Queryable, { type, data, ownerOrg, changed }) => {
  const props = Object.entries(type.properties).filter(
    ([name, def]) => def.kind === 'LOV' && def.list && (!changed || changed.has(name)) && data[name] != null,
  );
  if (props.length === 0) return {};
  const lists = [...new Set(props.map(([, def]) => def.list!))];
  const res = await tx.query<{ list: string; key: string }>(
    `SELECT i.data->>'list' AS list, i.data->>'key' AS key FROM items i
     WHERE i.type = 'LOVValue' AND i.deleted_at IS NULL AND i.data->>'list' = ANY($1::text[])
       AND COALESCE(i.data->>'state', 'ACTIVE') = 'ACTIVE' AND (i.owner_org IS NULL OR i.owner_org = $2)`,
    [lists, ownerOrg],
  );
  const keys = new Map<string, Set<string>>();
  for (const r of res.rows) keys.set(r.list, (keys.get(r.list) ?? new Set()).add(r.key));
  const errors: FieldErrors = {};
  for (const [name, def] of props) {
    const values = Array.isArray(data[name]) ? (data[name] as unknown[]) : [data[name]];
    const allowed = keys.get(def.list!) ?? new Set<string>();
    if (values.some((v) => v !== LOV_OTHER_MARKER && !allowed.has(String(v)))) errors[name] = 'errors.notInList';
  }
  return errors;
};
