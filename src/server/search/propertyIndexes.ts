/**
 * Indexes on the calendar-date properties of the registered types, made at start-up where missing.
 * Search compares such dates as text (`(data ->> 'name') COLLATE "C"`, see compareDate), so a btree
 * on that expression lets a date range narrow the rows in the index, beside the text search and the
 * other filters, instead of in the table: on 100,000 items a search with a date range read a quarter
 * of the table's pages without it (docs/decisions.md).
 */
import type { ItemTypeDef } from '../../shared/items/types';
import type { Database } from '../db/Database';

/** Arbitrary key of the advisory lock that keeps server processes from making the same index together. */
const DATE_INDEX_LOCK = 7_374_203;

/**
 * Property names that can go into an index's name (quoted) and expression (a string literal) as they
 * are: letters, digits, `_`, and the `.` and `$` of properties a module adds to other types
 * (`_wf.$assignedDue`, which the workflow's overdue card reads by range). No quote of either kind.
 */
const PLAIN_NAME = /^[A-Za-z_$][A-Za-z0-9_.$]{0,40}$/;

/** One index: its name and the statement that makes it when missing. */
export interface DateIndex {
  name: string;
  sql: string;
}

/** The index of every date property (kind DT) of `types`, one per property name. */
export function dateIndexes(types: readonly ItemTypeDef[]): DateIndex[] {
  const names = new Set<string>();
  for (const type of types) {
    for (const [name, prop] of Object.entries(type.properties)) if (prop.kind === 'DT' && PLAIN_NAME.test(name)) names.add(name);
  }
  return [...names].sort().map((prop) => {
    const name = `items_date_${prop}`;
    return { name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ON items ((data ->> '${prop}') COLLATE "C")` };
  });
}

/** Makes the missing date indexes of `types`; answers the names of those it made. */
export async function ensureDateIndexes(db: Database, types: readonly ItemTypeDef[]): Promise<string[]> {
  const wanted = dateIndexes(types);
  if (wanted.length === 0) return [];
  return db.transaction(async (tx) => {
    // Indexing 100,000 items may outlast the statement time-out meant for requests.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [DATE_INDEX_LOCK]);
    const res = await tx.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'items'",
    );
    const existing = new Set(res.rows.map((r) => r.indexname));
    const made: string[] = [];
    for (const index of wanted) {
      if (existing.has(index.name)) continue;
      await tx.exec(index.sql);
      made.push(index.name);
    }
    return made;
  });
}
