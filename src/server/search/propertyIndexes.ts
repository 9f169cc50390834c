/**
 * Indexes on properties of the registered types that search reads by range, made at start-up where
 * missing:
 * - calendar dates: search compares them as text (`(data ->> 'name') COLLATE "C"`, see compareDate),
 *   so a btree on that expression lets a date range narrow the rows in the index, beside the text
 *   search and the other filters, instead of in the table: on 100,000 items a search with a date
 *   range read a quarter of the table's pages without it (docs/decisions.md);
 * - shapes (GEO): a GiST index on each shape's bounding box (`kk_geo_box`, migration 15), so the
 *   map's bounds filter (`gb-`) reads only the items whose box meets the one in view;
 * - the dashboard's list cards: a partial index of each card's items (cardIndexes.ts); those no card
 *   asks for any more are dropped.
 */
import type { CardDef } from '../../shared/dashboard/CardDef';
import type { ItemTypeDef, PropertyKind } from '../../shared/items/types';
import type { Database } from '../db/Database';
import { CARD_INDEX_PREFIX, cardIndexes } from './cardIndexes';
import { SearchFields } from './SearchFields';

/** Arbitrary key of the advisory lock that keeps server processes from making the same index together. */
const PROPERTY_INDEX_LOCK = 7_374_203;

/**
 * Property names that can go into an index's name (quoted) and expression (a string literal) as they
 * are: letters, digits, `_`, and the `.` and `$` of properties a module adds to other types
 * (`_wf.$assignedDue`, which the workflow's overdue card reads by range). No quote of either kind.
 */
const PLAIN_NAME = /^[A-Za-z_$][A-Za-z0-9_.$]{0,40}$/;

/** One index: its name and the statement that makes it when missing. */
export interface PropertyIndex {
  name: string;
  sql: string;
}

/** The names of the properties of `kind` in `types` that can be indexed, each once, sorted. */
function propertiesOfKind(types: readonly ItemTypeDef[], kind: PropertyKind): string[] {
  const names = new Set<string>();
  for (const type of types) {
    for (const [name, prop] of Object.entries(type.properties)) if (prop.kind === kind && PLAIN_NAME.test(name)) names.add(name);
  }
  return [...names].sort();
}

/** The index of every date property (kind DT) of `types`, one per property name. */
export function dateIndexes(types: readonly ItemTypeDef[]): PropertyIndex[] {
  return propertiesOfKind(types, 'DT').map((prop) => {
    const name = `items_date_${prop}`;
    return { name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ON items ((data ->> '${prop}') COLLATE "C")` };
  });
}

/** The bounding-box index of every shape property (kind GEO) of `types`, one per property name; only items holding one are in it. */
export function geoIndexes(types: readonly ItemTypeDef[]): PropertyIndex[] {
  return propertiesOfKind(types, 'GEO').map((prop) => {
    const name = `items_geo_${prop}`;
    return { name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ON items USING gist (kk_geo_box(data -> '${prop}')) WHERE data ? '${prop}'` };
  });
}

/** Makes the missing date, shape and card indexes of `types` and `cards`, drops stale card indexes; answers the names of those it made. */
export async function ensurePropertyIndexes(
  db: Database,
  types: readonly ItemTypeDef[],
  cards: readonly CardDef[] = [],
): Promise<string[]> {
  const wanted = [...dateIndexes(types), ...geoIndexes(types), ...cardIndexes(cards, new SearchFields({ all: () => [...types] }))];
  return db.transaction(async (tx) => {
    // Indexing 100,000 items may outlast the statement time-out meant for requests.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PROPERTY_INDEX_LOCK]);
    const res = await tx.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'items'",
    );
    const existing = new Set(res.rows.map((r) => r.indexname));
    const names = new Set(wanted.map((index) => index.name));
    for (const name of existing) {
      if (name.startsWith(CARD_INDEX_PREFIX) && !names.has(name)) await tx.exec(`DROP INDEX IF EXISTS "${name}"`);
    }
    const made: string[] = [];
    for (const index of wanted) {
      if (existing.has(index.name)) continue;
      await tx.exec(index.sql);
      made.push(index.name);
    }
    return made;
  });
}
