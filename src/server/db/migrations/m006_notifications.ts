import type { Migration } from './Migration';

/** Per-item notification preferences and the queue of notification mail. */
export const m006: Migration = {
  id: 6,
  name: 'notification preferences and mail queue',
  sql: `
    CREATE TABLE notify_prefs (
      user_id text NOT NULL REFERENCES accounts (user_id),
      item_id text NOT NULL REFERENCES items (id),
      pref text NOT NULL CHECK (pref IN ('DEFAULT', 'PREFS', 'ALWAYS', 'NEVER')),
      PRIMARY KEY (user_id, item_id)
    );
    CREATE INDEX notify_prefs_item ON notify_prefs (item_id);

    CREATE TABLE notify_mail (
      notify_id text PRIMARY KEY REFERENCES items (id),
      user_id text NOT NULL REFERENCES accounts (user_id),
      due_at timestamptz NOT NULL
    );
    CREATE INDEX notify_mail_due ON notify_mail (due_at);
  `,
};
