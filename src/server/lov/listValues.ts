/** The values of one list of values as a caller may read them (GET /lov and the act/lov operation). */
import { readPredicate } from '../policy/policy';
import type { Caller } from '../policy/Principal';
import type { Queryable } from '../db/Database';
import type { LovEntry } from '../../shared/items/LovEntry';

export type { LovEntry };
// The rules moved beside LovEntry, where the operation table (shared with the browser) reads them.
export { LOV_LIST_NAME, LOV_LOCALE, LOV_OWNER } from '../../shared/items/LovEntry';

/**
 * The readable values of `listName` keyed by owner organisation (`_` for the site's own), labelled
 * in `locale` (else its language, else English, else the key) and sorted by label. Archived values
 * are left out unless `includeArchived`, which an editor needs to show a value set before archiving.
 */
export async function listValues(
  db: Queryable,
  caller: Caller,
  options: { locale: string; listName: string; owner?: string | undefined; includeArchived?: boolean },
): Promise<Record<string, LovEntry[]>> {
  const { locale, listName, owner, includeArchived } = options;
  const params: unknown[] = [listName];
  let where = `i.type = 'LOVValue' AND i.deleted_at IS NULL AND i.data->>'list' = $1`;
  if (!includeArchived) where += ` AND COALESCE(i.data->>'state', 'ACTIVE') = 'ACTIVE'`;
  if (owner) {
    params.push(owner);
    where += ` AND i.owner_org = $${params.length}`;
  }
  where += ` AND ${readPredicate(caller, params)}`;
  const res = await db.query<{ id: string; owner_org: string | null; data: Record<string, unknown> | string }>(
    `SELECT i.id, i.owner_org, i.data FROM items i WHERE ${where}`,
    params,
  );
  const lang = locale.split('-')[0]!;
  const out: Record<string, LovEntry[]> = {};
  for (const row of res.rows) {
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
    const t = (data.t ?? {}) as Record<string, string>;
    const key = String(data.key);
    const entry: LovEntry = { id: row.id, key, label: t[locale] ?? t[lang] ?? t.en ?? key };
    if (includeArchived) entry.state = data.state === 'ARCHIVED' ? 'ARCHIVED' : 'ACTIVE';
    (out[row.owner_org ?? '_'] ??= []).push(entry);
  }
  for (const list of Object.values(out)) list.sort((a, b) => a.label.localeCompare(b.label, locale));
  return out;
}
