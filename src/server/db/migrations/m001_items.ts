import type { Migration } from './Migration';

/** Items, events, accounts and tokens. */
export const m001: Migration = {
  id: 1,
  name: 'items, events, accounts and tokens',
  sql: `
    CREATE TABLE type_sequences (
      type text PRIMARY KEY,
      last_index integer NOT NULL
    );

    CREATE TABLE items (
      id text PRIMARY KEY,
      type text NOT NULL,
      idx integer NOT NULL,
      u integer NOT NULL,
      data jsonb NOT NULL,
      label text NOT NULL DEFAULT '',
      access text NOT NULL CHECK (access IN ('PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE')),
      owner_org text,
      created_at timestamptz NOT NULL,
      created_by text,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz,
      UNIQUE (type, idx)
    );
    CREATE INDEX items_type_created ON items (type, created_at DESC);

    CREATE TABLE events (
      id bigserial PRIMARY KEY,
      item_id text NOT NULL REFERENCES items (id),
      kind text NOT NULL,
      u integer NOT NULL,
      ts timestamptz NOT NULL,
      by_user text,
      masquerader text,
      changed text[] NOT NULL DEFAULT '{}'
    );
    CREATE INDEX events_item ON events (item_id, id);

    CREATE TABLE accounts (
      user_id text PRIMARY KEY REFERENCES items (id),
      email text NOT NULL UNIQUE,
      password_hash text,
      admin boolean NOT NULL DEFAULT false,
      capabilities jsonb NOT NULL DEFAULT '{}',
      blocked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_sign_in timestamptz
    );

    CREATE TABLE tokens (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES accounts (user_id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      masquerader text
    );
    CREATE INDEX tokens_user ON tokens (user_id);

    CREATE TABLE sign_in_failures (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      last_failure timestamptz NOT NULL
    );

    CREATE TABLE locale_overrides (
      lang text NOT NULL,
      key text NOT NULL,
      message text NOT NULL,
      PRIMARY KEY (lang, key)
    );

    CREATE TABLE streams (
      key text PRIMARY KEY,
      user_id text,
      created_at timestamptz NOT NULL,
      done boolean NOT NULL DEFAULT false
    );
    CREATE TABLE stream_chunks (
      stream_key text NOT NULL REFERENCES streams (key) ON DELETE CASCADE,
      seq integer NOT NULL,
      frame jsonb NOT NULL,
      PRIMARY KEY (stream_key, seq)
    );
  `,
};
