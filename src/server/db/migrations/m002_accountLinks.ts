import type { Migration } from './Migration';

/** Mailed one-time links and e-mail confirmation. */
export const m002: Migration = {
  id: 2,
  name: 'account links and e-mail confirmation',
  sql: `
    ALTER TABLE accounts ADD COLUMN email_confirmed boolean NOT NULL DEFAULT true;

    CREATE TABLE account_links (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES accounts (user_id),
      purpose text NOT NULL CHECK (purpose IN ('setPassword', 'confirmEmail')),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX account_links_user ON account_links (user_id);
  `,
};
