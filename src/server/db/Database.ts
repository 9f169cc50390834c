/** The one database interface the server uses; PGlite and PostgreSQL both implement it. */

/** Result rows of a query. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/** How a statement is run. */
export interface QueryOptions {
  /**
   * The statement's plan does not depend on its parameters' values (rows found or rewritten by their
   * keys): the embedded database prepares it once and runs one generic plan every time after, rather
   * than planning it on every run, which was about a third of an update's time there (issue 20). On
   * PostgreSQL it is a named statement, parsed once a connection, whose plan PostgreSQL may keep.
   */
  reusePlan?: boolean;
}

/** Something that runs parameterised SQL: the database itself or an open transaction. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
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
