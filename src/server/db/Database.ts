/** The one database interface the server uses; PGlite and PostgreSQL both implement it. */

/** Result rows of a query. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/** Something that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Which driver a database runs on. */
export type DriverName = 'pglite' | 'postgres';

/** A database with transactions, LISTEN/NOTIFY and a clean close. */
export interface Database extends Queryable {
  readonly driver: DriverName;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls `handler` with the payload of every notification on `channel`; answers the unlisten function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls `handler` each time listening resumes after the listening connection was lost (PostgreSQL
   * restarted): notifications sent meanwhile were missed, so what was learnt from them (caches,
   * watches) must be learnt again. Answers the function that stops it. PGlite never loses them.
   */
  onListenGap(handler: () => void): () => void;
  /** Size of the database in bytes. */
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}
