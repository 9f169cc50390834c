import type { Migration } from './Migration';

/**
 * Notification mail is claimed for a while, not deleted, before it is sent: a mail whose sending
 * failed, or whose process died while sending, is sent later by any process (docs/decisions.md,
 * "Faults"). `claimed_until` is the end of the claim; null: nobody holds it.
 */
export const m014: Migration = {
  id: 14,
  name: 'notification mail claimed, not taken',
  sql: `ALTER TABLE notify_mail ADD COLUMN claimed_until timestamptz;`,
};
