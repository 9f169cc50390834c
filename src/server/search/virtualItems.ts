/**
 * Reads items of virtual types (src/shared/items/virtualTypes.ts) by id, for `read`, `readMany`
 * and the rows of search results: the same rows search finds, permission-filtered the same way.
 */
import { parseId } from '../../shared/ids';
import type { ItemTypeDef } from '../../shared/items/types';
import type { Database } from '../db/Database';
import type { Caller } from '../policy/Principal';
import { toRecord, type ItemRecord, type ItemRow } from '../store/ItemRecord';
import { SqlParams } from './SqlParams';
import { virtualSource } from './virtualSource';

/** The part of the type registry reading needs. */
export interface VirtualRegistry {
  get(name: string): ItemTypeDef | undefined;
}

/** The virtual type an id names, if it names one. */
export function virtualTypeOf(registry: VirtualRegistry, id: string): ItemTypeDef | undefined {
  try {
    const def = registry.get(parseId(id).type);
    return def?.virtual ? def : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The records of the virtual ids among `ids` that `caller` may read (an attachment and its parent
 * both readable, neither deleted), in no particular order; other ids are left out.
 */
export async function readVirtual(db: Database, registry: VirtualRegistry, caller: Caller, ids: readonly string[]): Promise<ItemRecord[]> {
  const wanted = ids.filter((id) => virtualTypeOf(registry, id));
  if (wanted.length === 0) return [];
  const defs = [...new Set(wanted.map((id) => virtualTypeOf(registry, id)!))];
  const params = new SqlParams();
  const source = virtualSource(defs, caller, params);
  const res = await db.query<ItemRow>(
    `SELECT i.id, i.type, i.idx, i.u, i.data, i.label, i.access, i.owner_org, i.created_at, i.created_by, i.updated_at, i.deleted_at,
       NULL AS grants FROM ${source} i WHERE i.id = ANY(${params.add(wanted, 'text[]')})`,
    params.values,
  );
  return res.rows.map(toRecord);
}
