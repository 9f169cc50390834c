/** The messages between the server's main thread and the embedded-database worker (pgliteWorker.ts). */

/**
 * A request to the worker; `id` matches its answer. `tx` names an open transaction to run in;
 * `begin` opens one, in turn with the other requests, and runs the statement as its first: the
 * answer is then a `BegunAnswer`.
 */
export type PgliteRequest =
  | { id: number; op: 'open'; pgdata: string; staging: string; idleTransactionMs: number }
  | { id: number; op: 'query'; sql: string; params: readonly unknown[]; tx?: number; begin?: true; reusePlan?: boolean }
  | { id: number; op: 'exec'; sql: string; tx?: number; begin?: true }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/**
 * What a transaction's first statement answers: the transaction it opened, and the statement's result
 * or its error (the transaction stays open either way, for the main thread to end).
 */
export type BegunAnswer = { tx: number; result: unknown } | { tx: number; error: PgliteErrorData };

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
