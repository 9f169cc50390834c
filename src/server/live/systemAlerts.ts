import type { SystemAlertPush } from '../../shared/protocol';
import type { Database } from '../db/Database';
import { canRead } from '../policy/policy';
import type { Caller } from '../policy/Principal';
import type { ItemRecord } from '../store/ItemRecord';
import type { ItemStore } from '../store/ItemStore';

/** The records of every active system alert, oldest first. */
export async function activeSystemAlerts(db: Database, items: ItemStore): Promise<ItemRecord[]> {
  const res = await db.query<{ id: string }>(
    `SELECT i.id FROM items i WHERE i.type = 'SystemAlert' AND i.deleted_at IS NULL
       AND COALESCE((i.data->>'active')::boolean, true) ORDER BY i.idx`,
  );
  const records = await items.findMany(res.rows.map((r) => r.id));
  return records.sort((a, b) => a.idx - b.idx);
}

/** The `sysAlerts` push body for one caller: the active alerts they may read. */
export function sysAlertsFor(caller: Caller, records: readonly ItemRecord[]): SystemAlertPush[] {
  return records
    .filter((r) => canRead(caller, r))
    .map((r) => ({ id: r.id, title: String(r.data.title ?? ''), message: String(r.data.message ?? ''), modal: r.data.modal === true }));
}
