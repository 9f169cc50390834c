import type { Migration } from './Migration';

/**
 * An item's data stays whole in its row. PostgreSQL compresses a row's largest value once the row
 * passes 2 KB: with the item's words (search_text) beside it, the data of the larger responses (those
 * with a workflow, 2,730 of the 4,282 on the workflow's overdue card) was compressed, and every
 * property a search read from it (a filter, each sort key) unpacked the whole value again. Stored as
 * MAIN, the data is compressed only if the row is still too large once its words are compressed or
 * moved aside, and the words are read per row only to rank a text search. Rows written before keep
 * their form until they change (docs/decisions.md).
 */
export const m016: Migration = {
  id: 16,
  name: 'item data kept uncompressed in its row',
  sql: `ALTER TABLE items ALTER COLUMN data SET STORAGE MAIN;`,
};
