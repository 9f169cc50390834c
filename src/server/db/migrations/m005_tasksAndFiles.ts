import type { Migration } from './Migration';

/** Long-running tasks, the processes that run them, and attachments found by their upload id. */
export const m005: Migration = {
  id: 5,
  name: 'tasks, task runners and attachment upload ids',
  sql: `
    -- One row per server process that runs tasks; seen_at is its heartbeat (database clock).
    CREATE TABLE task_runners (
      id text PRIMARY KEY,
      seen_at timestamptz NOT NULL
    );

    CREATE TABLE tasks (
      key text PRIMARY KEY,
      kind text NOT NULL,
      user_id text NOT NULL,
      runner text NOT NULL,
      state text NOT NULL CHECK (state IN ('running', 'done', 'failed', 'killed')),
      percentage integer NOT NULL DEFAULT 0,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      result_name text,
      result_type text,
      key_action text,
      key_item text,
      error_key text
    );
    CREATE INDEX tasks_running_by_user ON tasks (user_id, started_at) WHERE state = 'running';
    CREATE INDEX tasks_running_by_runner ON tasks (runner) WHERE state = 'running';
    CREATE INDEX tasks_finished ON tasks (finished_at) WHERE finished_at IS NOT NULL;

    -- /attachment/{uppyID} looks attachments up by upload id; one item per upload.
    CREATE UNIQUE INDEX items_attachment_uppy_id ON items ((data->>'uppyID')) WHERE type = 'Attachment';
  `,
};
