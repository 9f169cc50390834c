import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { OpError } from '../OpError';
import type { Database, Queryable, QueryOptions, QueryResult } from './Database';
import { lockDataDir } from './dataDirLock';
import type { BegunAnswer, PgliteAnswer, PgliteErrorData, PgliteRequest } from './pgliteMessages';
import { pgliteWorkerFile } from './pgliteWorkerFile';
import { DEFAULT_STATEMENT_TIMEOUT_MS, statementTimeoutError } from './statementTimeout';

/** Thrown when the embedded database directory was left half-initialised. */
export class IncompleteDataDirError extends Error {}

/** A request without its id, as callers hand it over. */
type Request = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

/** A statement of a transaction, before it is told which (or to open one). */
type Statement = { op: 'query'; sql: string; params: readonly unknown[]; reusePlan?: boolean } | { op: 'exec'; sql: string };

interface Pending {
  req: Request;
  /** Stopped after the statement time-out, counted from when the worker starts it. */
  watched: boolean;
  started: boolean;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
  timer?: NodeJS.Timeout;
}

/** Requests that change nothing until they start: after a restart they are sent to the new worker. */
const retriable = (p: Pending): boolean => !p.started && !('tx' in p.req && p.req.tx !== undefined) && ['query', 'exec'].includes(p.req.op);

/** The error a request answers when the worker it waited on was stopped: its outcome is unknown. */
const restarted = (): OpError =>
  new OpError(
    'generalFailure',
    'The embedded database was restarted after a statement outlasted the statement time-out; this request did not complete',
  );

function rebuild(data: PgliteErrorData): Error {
  const { stack: _stack, message: _message, ...fields } = data.fields;
  return Object.assign(new Error(data.message), fields);
}

/**
 * Opens the embedded database under `dataDir/pgdata`, run in a worker thread so that its statements
 * never block the server's event loop. A new directory is initialised beside it and renamed into
 * place only when complete, so a crash during initialisation never leaves a half-made `pgdata`
 * behind; one that exists without its PG_VERSION file is refused. A statement that does not answer
 * within `statementTimeoutMs` stops the worker; a fresh one recovers the directory as after a crash.
 */
export async function openPglite(dataDir: string, options: { statementTimeoutMs?: number } = {}): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  // The lock belongs to this process, not to a worker: workers come and go, the process stays.
  const release = lockDataDir(dataDir);
  try {
    const pgdata = join(dataDir, 'pgdata');
    if (existsSync(pgdata) && !existsSync(join(pgdata, 'PG_VERSION'))) {
      throw new IncompleteDataDirError(
        `The embedded database in ${pgdata} is incomplete (its initialisation was interrupted or files were removed). ` +
          'Restore it from a backup, or remove that directory to start with an empty database.',
      );
    }
    const script = await pgliteWorkerFile();
    const db = new PgliteDatabase(
      script,
      { pgdata, staging: join(dataDir, 'pgdata.initialising') },
      options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      () => undefined,
    );
    try {
      await db.start();
    } finally {
      // A worker that could not open the directory is stopped too, or it would outlive the refusal.
      if (!db.isOpen()) await db.close();
    }
    db.releaseOnClose(release);
    return db;
  } catch (e) {
    release();
    throw e;
  }
}

class PgliteDatabase implements Database {
  readonly driver = 'pglite' as const;
  private worker: Worker | null = null;
  /** Counts the workers started: a transaction begun in one cannot go on in the next. */
  private generation = 0;
  private starting: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  /** Whether a worker ever opened the directory. */
  private opened = false;
  /** Settles when the last stopped worker has exited. */
  private stopping: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly script: string,
    private readonly dirs: { pgdata: string; staging: string },
    private readonly timeoutMs: number,
    private release: () => void,
  ) {}

  /** Whether a worker has the database open. */
  isOpen(): boolean {
    return this.opened && !this.closed;
  }

  /** Releases the data-directory lock with `release` when closed. */
  releaseOnClose(release: () => void): void {
    this.release = release;
  }

  /** Starts a worker on the data directory and listens again to every channel. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      // Two PGlite instances must never have the same files open: the stopped worker goes first.
      await this.stopping;
      const worker = new Worker(this.script);
      this.worker = worker;
      this.generation += 1;
      worker.on('message', (m: PgliteAnswer) => this.answer(m));
      worker.on('error', (e) => {
        if (this.worker === worker) this.fail(worker, e);
      });
      worker.on('exit', (code) => {
        if (this.worker === worker && !this.closed)
          this.fail(worker, new Error(`The embedded database's worker stopped (exit code ${code})`));
      });
      await this.send({ op: 'open', ...this.dirs, idleTransactionMs: this.timeoutMs }, false, this.generation);
      this.opened = true;
      for (const channel of this.handlers.keys()) await this.send({ op: 'listen', channel }, false, this.generation);
    })().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private answer(m: PgliteAnswer): void {
    if ('notify' in m) {
      for (const h of this.handlers.get(m.notify) ?? []) h(m.payload);
      return;
    }
    if ('started' in m) {
      const p = this.pending.get(m.started);
      const worker = this.worker;
      if (!p || !worker) return;
      p.started = true;
      if (p.watched) p.timer = setTimeout(() => this.fail(worker, null, m.started), this.timeoutMs);
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    this.settled(m.id, p);
    if (m.ok) p.resolve(m.result);
    else p.reject(rebuild(m.error));
  }

  private settled(id: number, p: Pending): void {
    clearTimeout(p.timer);
    this.pending.delete(id);
    // An idle worker must not keep the process alive; one answering a request must.
    if (this.pending.size === 0) this.worker?.unref();
  }

  /**
   * Stops `worker` and fails what ran on it: `stuck` (the statement that outlasted the time-out)
   * with queryTimeout, what ran in a transaction as not completed. Requests still waiting their
   * turn had not started, so they go to the fresh worker started here (unless closing).
   */
  private fail(worker: Worker, cause: unknown, stuck?: number): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.stopping = worker.terminate().catch(() => undefined);
    if (stuck === undefined) console.error('The embedded database failed; restarting it:', cause);
    else console.error(`A statement outlasted the statement time-out (${this.timeoutMs} ms); restarting the embedded database`);
    const again: Pending[] = [];
    for (const [id, p] of [...this.pending]) {
      this.settled(id, p);
      if (id === stuck) p.reject(statementTimeoutError(this.timeoutMs));
      else if (retriable(p) && !this.closed) again.push(p);
      else p.reject(restarted());
    }
    if (this.closed) return;
    this.start().then(
      () => {
        for (const p of again) this.send(p.req, p.watched, this.generation).then(p.resolve, p.reject);
      },
      (e: unknown) => {
        console.error('The embedded database could not be restarted:', e);
        for (const p of again) p.reject(restarted());
      },
    );
  }

  /** Posts a request to the current worker; `watched` ones are stopped after the statement time-out. */
  private send(req: Request, watched: boolean, generation: number): Promise<unknown> {
    const worker = this.worker;
    if (!worker || generation !== this.generation) return Promise.reject(restarted());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // A transaction's statement runs at once (the transaction holds the worker's queue).
      const started = 'tx' in req && req.tx !== undefined;
      const p: Pending = { req, watched, started, resolve, reject };
      this.pending.set(id, p);
      if (started && watched) p.timer = setTimeout(() => this.fail(worker, null, id), this.timeoutMs);
      worker.ref();
      try {
        // Object.assign, not a spread with `id` after it: see ItemStore.presentMany.
        worker.postMessage(Object.assign({}, req, { id }));
      } catch (e) {
        // Parameters that cannot be cloned (functions, symbols) never reach the database.
        this.settled(id, p);
        reject(e);
      }
    });
  }

  /** Sends through the current worker, waiting for one being started. */
  private async call(req: Request, watched: boolean): Promise<unknown> {
    if (this.closed) throw new Error('The embedded database is closed');
    if (this.starting) await this.starting;
    else if (!this.worker) await this.start();
    return this.send(req, watched, this.generation);
  }

  async query<R>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<R>> {
    return (await this.call({ op: 'query', sql, params, reusePlan: options.reusePlan }, true)) as QueryResult<R>;
  }

  // exec runs migrations and index builds, which may rightly outlast the time-out; no caller shapes them.
  async exec(sql: string): Promise<void> {
    await this.call({ op: 'exec', sql }, false);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    // The transaction opens with its first statement, in one message (pgliteWorker.ts), as BEGIN goes
    // with it to PostgreSQL (beginWith.ts); a transaction that asks nothing opens none.
    // (Typed by its initial value: set inside `run`, which the compiler does not follow.)
    let opened = null as Promise<{ id: number; generation: number }> | null;
    const run = async (req: Statement, watched: boolean): Promise<unknown> => {
      if (opened) {
        const { id, generation } = await opened;
        return this.send(Object.assign({}, req, { tx: id }), watched, generation);
      }
      const first = this.call(Object.assign({}, req, { begin: true as const }), watched) as Promise<BegunAnswer>;
      // The answer comes from the worker of this generation (those of a stopped one are dropped).
      opened = first.then((answer) => ({ id: answer.tx, generation: this.generation }));
      const answer = await first;
      if ('error' in answer) throw rebuild(answer.error);
      return answer.result;
    };
    const tx: Queryable = {
      query: async <Q>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) =>
        (await run({ op: 'query', sql, params, reusePlan: options.reusePlan }, true)) as QueryResult<Q>,
      exec: async (sql: string) => {
        await run({ op: 'exec', sql }, false);
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (e) {
      const open = await opened?.catch(() => null);
      if (open) await this.send({ op: 'rollback', tx: open.id }, false, open.generation).catch(() => undefined);
      throw e;
    }
    if (opened) {
      const open = await opened;
      await this.send({ op: 'commit', tx: open.id }, true, open.generation);
    }
    return result;
  }

  /** In one process with its database, no notification is ever missed: there is no gap to tell of. */
  onListenGap(): () => void {
    return () => undefined;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const isNew = !this.handlers.has(channel);
    const set = this.handlers.get(channel) ?? new Set();
    set.add(handler);
    this.handlers.set(channel, set);
    if (isNew) await this.call({ op: 'listen', channel }, false);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        if (!this.closed) await this.call({ op: 'unlisten', channel }, false);
      }
    };
  }

  async sizeBytes(): Promise<number> {
    const res = await this.query<{ size: string }>('SELECT pg_database_size(current_database())::text AS size');
    return Number(res.rows[0]?.size ?? 0);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (this.starting) await this.starting.catch(() => undefined);
      const worker = this.worker;
      if (worker) {
        // PGlite writes its files on close; one that does not close in time is stopped as after a crash.
        await this.send({ op: 'close' }, true, this.generation).catch(() => undefined);
        this.worker = null;
        await worker.terminate();
      }
    } finally {
      this.release();
    }
  }
}
