import type { Migration } from './Migration';

/** Settings of the whole site that administrators change from its screens (one JSON value per key). */
export const m008: Migration = {
  id: 8,
  name: 'site settings',
  sql: `
    CREATE TABLE site_settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text
    );
  `,
};
