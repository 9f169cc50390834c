/** The messages between the server's main thread and the embedded-database worker (pgliteWorker.ts). */

/** A request to the worker; `id` matches its answer. `tx` names an open transaction to run in. */
export type PgliteRequest =
  | { id: number; op: 'open'; pgdata: string; staging: string; idleTransactionMs: number }
  | { id: number; op: 'query'; sql: string; params: readonly unknown[]; tx?: number; reusePlan?: boolean }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** An error as it crosses the thread boundary: its message and PostgreSQL's fields (code, detail...). */
export interface PgliteErrorData {
  message: string;
  fields: Record<string, string | number>;
}

/**
 * What the worker posts: that request `started` runs (the statement time-out counts from here, not
 * from the wait in the queue), an answer to request `id`, or a notification on a listened channel.
 */
export type PgliteAnswer =
  | { started: number }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: PgliteErrorData }
  | { notify: string; payload: string };
