import type { Queryable } from '../db/Database';
import { eventRecorder, type Statement } from './eventRecorder';
import { ITEMS_CHANNEL, type HookStore, type ItemChange } from './ItemStore';

/** The system's own bookkeeping has no author. */
const SYSTEM = { userId: null, masquerader: null };

/**
 * Rewrites another item as the system, from inside a change (a change hook, a module's own
 * transaction), for properties only the server writes: the row's new version, its 'updated' event and
 * its announcement on the items channel in one statement (every process's cache drops the older copy,
 * its watchers are pushed the new one), and the store told at once, so a read just after in this
 * process does not answer the older copy before the database's notification arrives. No change hook
 * runs for it: it is nobody's change.
 *
 * `set` is the SET clause's assignments with their own `$1`…; `u`, `updated_at` and the id are added.
 */
export async function rewriteAsSystem(
  tx: Queryable,
  store: HookStore | undefined,
  item: { id: string; u: number },
  set: Statement,
  changed: readonly string[],
  ts: string,
): Promise<ItemChange> {
  const u = item.u + 1;
  const n = set.params.length;
  const change: ItemChange = { id: item.id, u, kind: 'updated' };
  const written = await eventRecorder.insertWith(
    tx,
    {
      sql: `UPDATE items SET ${set.sql}, u = $${n + 1}, updated_at = $${n + 2} WHERE id = $${n + 3} RETURNING id`,
      params: [...set.params, u, ts, item.id],
    },
    { kind: 'updated', context: item.id, u, changed },
    SYSTEM,
    ts,
    { channel: ITEMS_CHANNEL, payload: JSON.stringify(change) },
  );
  if (!written) throw new Error(`The system's change of ${item.id} wrote nothing`);
  store?.noteChange(change);
  return change;
}
