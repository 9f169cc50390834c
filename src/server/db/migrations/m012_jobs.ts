import type { Migration } from './Migration';

/**
 * Scheduled work (src/server/jobs): one row per job, named by its kind and a key that makes
 * scheduling idempotent. A process claims a due row (FOR UPDATE SKIP LOCKED), marking it running
 * under a claim of its own until `lease_until`; the handler's writes and the row's completion
 * commit together. A recurring kind keeps one row (key '') that moves on to its next run.
 */
export const m012: Migration = {
  id: 12,
  name: 'jobs',
  sql: `
    CREATE TABLE jobs (
      kind text NOT NULL,
      key text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'running', 'done', 'failed')),
      run_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      claim text,
      lease_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL,
      finished_at timestamptz,
      PRIMARY KEY (kind, key)
    );
    CREATE INDEX jobs_due ON jobs (run_at) WHERE state IN ('scheduled', 'running');
  `,
};
