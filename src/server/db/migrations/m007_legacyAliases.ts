import type { Migration } from './Migration';

/** Old paths of records migrated from an earlier system, and the items they now are. */
export const m007: Migration = {
  id: 7,
  name: 'legacy path aliases',
  sql: `
    CREATE TABLE legacy_aliases (
      alias text PRIMARY KEY,
      item_id text NOT NULL REFERENCES items (id)
    );
  `,
};
