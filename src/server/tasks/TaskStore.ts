import type { TaskInfo } from '../../shared/protocol';
import type { Queryable } from '../db/Database';

/** States of a stored task; only `running` ever changes, and only once. */
export type TaskState = 'running' | 'done' | 'failed' | 'killed';

/** A stored task row. */
export interface TaskRow {
  key: string;
  kind: string;
  user_id: string;
  runner: string;
  state: TaskState;
  percentage: number;
  started_at: Date | string;
  result_name: string | null;
  result_type: string | null;
  key_action: string | null;
  key_item: string | null;
  error_key: string | null;
}

/** How a task ended. */
export interface TaskEnd {
  state: Exclude<TaskState, 'running'>;
  resultName?: string;
  resultType?: string;
  keyAction?: string;
  keyItem?: string;
  errorKey?: string;
}

const TASK_COLUMNS = 'key, kind, user_id, runner, state, percentage, started_at, result_name, result_type, key_action, key_item, error_key';

/** Where a finished task's result is downloaded from (the `download` flag asks for a save). */
export const resultUri = (key: string, name: string): string =>
  `/api/task-result/${encodeURIComponent(key)}/${encodeURIComponent(name)}?download=1`;

/** The task as the protocol shows it (spec 000 §3 Task). */
export function toTaskInfo(row: TaskRow): TaskInfo {
  const info: TaskInfo = {
    key: row.key,
    // The kind of task (csvExport, ...): the browser names the task by it instead of its random key.
    asyncKey: row.kind,
    started: new Date(row.started_at).toISOString(),
    percentageComplete: row.state === 'done' ? 100 : row.percentage,
  };
  if (row.state === 'done' && row.result_name) info.resultURI = resultUri(row.key, row.result_name);
  if (row.key_action === 'delete') info.keyAction = 'delete';
  if (row.key_item) info.keyItem = row.key_item;
  if (row.error_key) info.errorKey = row.error_key;
  return info;
}

/**
 * The tasks table. Every change of state is guarded by `state = 'running'`, so of a completion, a
 * kill and a sweep racing for one task exactly one wins, and only the winner tells the user.
 */
export const TaskStore = {
  async insert(db: Queryable, row: { key: string; kind: string; userId: string; runner: string }): Promise<TaskRow> {
    const res = await db.query<TaskRow>(
      `INSERT INTO tasks (key, kind, user_id, runner, state, percentage, started_at)
       VALUES ($1, $2, $3, $4, 'running', 0, now()) RETURNING ${TASK_COLUMNS}`,
      [row.key, row.kind, row.userId, row.runner],
    );
    return res.rows[0]!;
  },

  /** Records progress; answers false when the task is no longer running (killed or swept). */
  async progress(db: Queryable, key: string, percentage: number): Promise<boolean> {
    const res = await db.query(`UPDATE tasks SET percentage = $2 WHERE key = $1 AND state = 'running'`, [key, percentage]);
    return res.rowCount > 0;
  },

  /** Ends a running task; answers its row, or null when something else ended it first. */
  async end(db: Queryable, key: string, end: TaskEnd, userId?: string): Promise<TaskRow | null> {
    const params: unknown[] = [
      key,
      end.state,
      end.resultName ?? null,
      end.resultType ?? null,
      end.keyAction ?? null,
      end.keyItem ?? null,
      end.errorKey ?? null,
    ];
    let where = `key = $1 AND state = 'running'`;
    if (userId !== undefined) {
      params.push(userId);
      where += ` AND user_id = $${params.length}`;
    }
    const res = await db.query<TaskRow>(
      `UPDATE tasks SET state = $2, result_name = $3, result_type = $4, key_action = $5, key_item = $6, error_key = $7,
         finished_at = now(), percentage = CASE WHEN $2 = 'done' THEN 100 ELSE percentage END
       WHERE ${where} RETURNING ${TASK_COLUMNS}`,
      params,
    );
    return res.rows[0] ?? null;
  },

  async find(db: Queryable, key: string): Promise<TaskRow | null> {
    const res = await db.query<TaskRow>(`SELECT ${TASK_COLUMNS} FROM tasks WHERE key = $1`, [key]);
    return res.rows[0] ?? null;
  },

  /** The running tasks of `userId`, oldest first. */
  async running(db: Queryable, userId: string): Promise<TaskRow[]> {
    const res = await db.query<TaskRow>(
      `SELECT ${TASK_COLUMNS} FROM tasks WHERE user_id = $1 AND state = 'running' ORDER BY started_at, key`,
      [userId],
    );
    return res.rows;
  },

  /**
   * Fails the running tasks whose process is gone: those of `runner` (stopping), or with `staleSeconds`
   * those whose runner has not been seen for that long. Answers the rows it failed.
   */
  async failOrphans(
    db: Queryable,
    errorKey: string,
    by: { runner: string } | { staleSeconds: number; except: string },
  ): Promise<TaskRow[]> {
    const res =
      'runner' in by
        ? await db.query<TaskRow>(
            `UPDATE tasks SET state = 'failed', error_key = $2, finished_at = now()
             WHERE state = 'running' AND runner = $1 RETURNING ${TASK_COLUMNS}`,
            [by.runner, errorKey],
          )
        : await db.query<TaskRow>(
            `UPDATE tasks t SET state = 'failed', error_key = $1, finished_at = now()
             WHERE t.state = 'running' AND t.runner <> $2 AND NOT EXISTS (
               SELECT 1 FROM task_runners r WHERE r.id = t.runner AND r.seen_at > now() - make_interval(secs => $3))
             RETURNING ${TASK_COLUMNS}`,
            [errorKey, by.except, by.staleSeconds],
          );
    return res.rows;
  },

  /** Records that `runner` is alive. */
  async heartbeat(db: Queryable, runner: string): Promise<void> {
    await db.query(`INSERT INTO task_runners (id, seen_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET seen_at = now()`, [runner]);
  },

  async removeRunner(db: Queryable, runner: string): Promise<void> {
    await db.query('DELETE FROM task_runners WHERE id = $1', [runner]);
  },

  /** Forgets runners silent for a day, and finished tasks older than `keepHours`; answers the keys of the forgotten tasks. */
  async purge(db: Queryable, keepHours: number): Promise<string[]> {
    await db.query(`DELETE FROM task_runners WHERE seen_at < now() - interval '1 day'`);
    const res = await db.query<{ key: string }>(
      `DELETE FROM tasks WHERE state <> 'running' AND finished_at < now() - make_interval(hours => $1) RETURNING key`,
      [keepHours],
    );
    return res.rows.map((r) => r.key);
  },
};
