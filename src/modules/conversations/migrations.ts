/**
 * The conversations module's schema: the starting values of its list, who read each thread up to
 * when (unread counts), the messages by thread, and the reply-by-mail tokens of the participants.
 */
import type { Migration } from '../../server/db/migrations/Migration';
import { defaultListsMigration } from '../../server/lov/defaultListsMigration';
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

export const conversationMigrations: readonly Migration[] = [
  // Site-wide values visible to the community, each with its 'created' event (src/server/lov/defaultListsMigration.ts).
  defaultListsMigration(1600, 'conversations: default action types', { [CONVERSATION_LISTS.actionTypes]: ACTION_TYPE_DEFAULTS }),
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
