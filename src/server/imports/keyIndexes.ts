/**
 * An index on the key column of each import kind's type, made where missing: an import finds the
 * item of each row by `data ->> key`, and without one every batch would read all the type's items
 * (PGlite keeps no statistics for the planner to choose the index on item data instead).
 */
import type { RegisteredImportKind } from '../../shared/imports/importKindTable';
import type { Database } from '../db/Database';

/** Arbitrary key of the advisory lock that keeps server processes from making the same index together. */
const KEY_INDEX_LOCK = 7_374_204;

/** Names that can go into an index's name and expression as they are (checked when kinds register). */
export const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,40}$/;

/** The index of a kind's key: its name and the statement that makes it. */
export function keyIndex(kind: RegisteredImportKind): { name: string; sql: string } {
  const { type, key = '' } = kind.def;
  if (!PLAIN_NAME.test(type) || !PLAIN_NAME.test(key)) throw new Error(`Import kind ${kind.def.kind}: ${type}.${key} cannot be indexed`);
  const name = `items_import_${type}_${key}`.slice(0, 63);
  return { name, sql: `CREATE INDEX IF NOT EXISTS "${name}" ON items ((data ->> '${key}')) WHERE type = '${type}'` };
}

const made = new WeakMap<Database, Set<string>>();

/** Makes the index of `kind`'s key if it is missing (once per process and database). */
export async function ensureKeyIndex(db: Database, kind: RegisteredImportKind): Promise<void> {
  // A kind with a reader only creates: it finds no items by a key.
  if (kind.def.key === undefined) return;
  const index = keyIndex(kind);
  const known = made.get(db) ?? new Set<string>();
  made.set(db, known);
  if (known.has(index.name)) return;
  await db.transaction(async (tx) => {
    // Indexing a large table may outlast the statement time-out meant for requests.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock($1)', [KEY_INDEX_LOCK]);
    await tx.exec(index.sql);
  });
  known.add(index.name);
}
