import type { Migration } from './Migration';

/**
 * Session lifetime (ASVS 7.3.1, 7.3.2): each token keeps when its session began (carried over by
 * rotation, so TOKEN_MAX_AGE_SECONDS caps the session) and when it was last used (for
 * TOKEN_IDLE_SECONDS). Existing tokens count from their creation; their last use is unknown, so it
 * is taken as now, which gives them a full idle period rather than signing out every open tab.
 */
export const m009: Migration = {
  id: 9,
  name: 'session start and last use of tokens',
  sql: `
    ALTER TABLE tokens ADD COLUMN session_started_at timestamptz;
    ALTER TABLE tokens ADD COLUMN last_used_at timestamptz;
    UPDATE tokens SET session_started_at = created_at, last_used_at = now();
    ALTER TABLE tokens ALTER COLUMN session_started_at SET NOT NULL;
    ALTER TABLE tokens ALTER COLUMN last_used_at SET NOT NULL;
  `,
};
