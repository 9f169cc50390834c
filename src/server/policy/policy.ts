import type { ItemTypeDef } from '../../shared/items/types';
import type { ItemRecord } from '../store/ItemRecord';
import type { Caller } from './Principal';

/**
 * The permission policy: one place decides reads, writes and creation, for single items and as a
 * SQL predicate for queries over many. The model is written down in docs/permissions.md.
 */

/** Whether `caller` may read `item`. */
export function canRead(caller: Caller, item: ItemRecord): boolean {
  if (item.access === 'PUBLIC') return true;
  if (!caller) return false;
  if (caller.admin) return true;
  if (item.access === 'COMMUNITY') return true;
  return item.createdBy === caller.userId || item.id === caller.userId;
}

/**
 * The SQL form of `canRead` over the table alias `i`; pushes its parameters onto `params`.
 * It must accept exactly the rows `canRead` accepts.
 */
export function readPredicate(caller: Caller, params: unknown[]): string {
  if (!caller) return `i.access = 'PUBLIC'`;
  if (caller.admin) return 'TRUE';
  params.push(caller.userId);
  const n = params.length;
  return `(i.access IN ('PUBLIC', 'COMMUNITY') OR i.created_by = $${n} OR i.id = $${n})`;
}

/** Whether `caller` may create an item of `type`. */
export function canCreate(caller: Caller, type: ItemTypeDef): boolean {
  if (!caller) return false;
  return caller.admin || !type.adminCreateOnly;
}

/** Whether `caller` may change `item`. */
export function canUpdate(caller: Caller, item: ItemRecord): boolean {
  if (!caller) return false;
  if (caller.admin) return true;
  if (item.type === 'User') return item.id === caller.userId;
  return item.createdBy === caller.userId;
}

/** Whether `caller` may delete `item`. */
export function canDelete(caller: Caller, item: ItemRecord): boolean {
  if (item.type === 'User') return !!caller?.admin;
  return canUpdate(caller, item);
}
