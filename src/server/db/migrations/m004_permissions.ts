import type { Migration } from './Migration';

/** Organisation memberships with per-organisation capabilities, and per-item grants. */
export const m004: Migration = {
  id: 4,
  name: 'memberships and grants',
  sql: `
    CREATE TABLE memberships (
      user_id text NOT NULL REFERENCES accounts (user_id),
      org_id text NOT NULL REFERENCES items (id),
      capabilities jsonb NOT NULL DEFAULT '{}',
      PRIMARY KEY (user_id, org_id)
    );
    CREATE INDEX memberships_org ON memberships (org_id);

    CREATE TABLE grants (
      item_id text NOT NULL REFERENCES items (id),
      grantee text NOT NULL,
      actions text[] NOT NULL,
      granted_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_id, grantee, granted_by)
    );
    CREATE INDEX grants_grantee ON grants (grantee);
  `,
};
