/**
 * The conversations module's schema: the starting values of its list, who read each thread up to
 * when (unread counts), the messages by thread, and the reply-by-mail tokens of the participants.
 */
import type { Migration } from '../../server/db/migrations/Migration';
import { CONVERSATION_LISTS } from './conversationRules';

/** The actions a thread may ask for (CNV_ACTION_TYPES), key and English label. */
export const ACTION_TYPE_DEFAULTS: ReadonlyArray<readonly [string, string]> = [
  ['REPLY', 'Reply needed'],
  ['REVIEW', 'Review'],
  ['SIGN', 'Signature needed'],
  ['MEETING', 'Arrange a meeting'],
  ['FOLLOW_UP', 'Follow up'],
  ['INFO', 'For information'],
];

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const rows = ACTION_TYPE_DEFAULTS.map(
  ([key, en], at) => `(${literal(CONVERSATION_LISTS.actionTypes)}, ${literal(key)}, ${literal(en)}, ${at + 1})`,
).join(',\n      ');

export const conversationMigrations: readonly Migration[] = [
  {
    // As the consultation module's defaults: site-wide values visible to the community, each with its 'created' event.
    id: 1600,
    name: 'conversations: default action types',
    sql: `
    INSERT INTO type_sequences (type, last_index) VALUES ('LOVValue', 0) ON CONFLICT (type) DO NOTHING;
    WITH wanted AS (
      SELECT d.list, d.key, d.en, row_number() OVER (ORDER BY d.ord) AS n
      FROM (VALUES
      ${rows}
      ) AS d (list, key, en, ord)
      WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.type = 'LOVValue' AND i.data->>'list' = d.list)
    ),
    base AS (SELECT last_index FROM type_sequences WHERE type = 'LOVValue'),
    made AS (
      INSERT INTO items (id, type, idx, u, data, label, access, owner_org, created_at, created_by, updated_at)
      SELECT 'LOVValue-' || (base.last_index + w.n), 'LOVValue', base.last_index + w.n, 1,
        jsonb_build_object('list', w.list, 'key', w.key, 't', jsonb_build_object('en', w.en), 'state', 'ACTIVE'),
        w.en, 'COMMUNITY', NULL, now(), NULL, now()
      FROM wanted w CROSS JOIN base
      RETURNING id
    ),
    told AS (
      INSERT INTO events (item_id, kind, u, ts, changed)
      SELECT id, 'created', 1, now(), ARRAY['list', 'key', 't', 'state'] FROM made
    )
    UPDATE type_sequences SET last_index = last_index + (SELECT count(*) FROM wanted) WHERE type = 'LOVValue';
  `,
  },
  {
    id: 1601,
    name: 'conversations: read marks, messages by thread, reply tokens',
    sql: `
    CREATE TABLE conversation_reads (
      thread_id text NOT NULL,
      user_id text NOT NULL,
      read_at timestamptz NOT NULL,
      PRIMARY KEY (thread_id, user_id)
    );
    CREATE INDEX conversation_messages_by_thread ON items ((data->'thread'->>'id')) WHERE type = 'Message';
    CREATE TABLE conversation_mail_tokens (
      token text PRIMARY KEY,
      thread_id text NOT NULL,
      contact_id text NOT NULL,
      UNIQUE (thread_id, contact_id)
    );
  `,
  },
];
