/**
 * The embedded database's thread. PGlite runs Postgres compiled to WASM synchronously, so on the
 * main thread every statement held up every socket, and one that never ended froze the server for
 * good (issue 19, findings 1 and 6). Here it blocks only this thread, which the main thread can
 * terminate (pgliteDriver.ts). Requests come as PgliteRequest messages and are answered in turn;
 * results cross by structured clone.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { quotedLiterals } from './literals';
import type { BegunAnswer, PgliteAnswer, PgliteErrorData, PgliteRequest } from './pgliteMessages';

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction: commit (true) or roll back (false). */
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
  /** Rolls the transaction back when the main thread leaves it idle too long. */
  idle?: NodeJS.Timeout;
}

/** An error's message and its PostgreSQL fields (code, detail, position...), which callers test. */
function errorData(e: unknown): PgliteErrorData {
  const fields: Record<string, string | number> = {};
  if (typeof e === 'object' && e !== null) {
    for (const [k, v] of Object.entries(e)) if (typeof v === 'string' || typeof v === 'number') fields[k] = v;
  }
  return { message: e instanceof Error ? e.message : String(e), fields };
}

/** At most this many statements are kept prepared; past it, statements are planned on every run. */
const MAX_PREPARED = 256;

/** Serves the requests of the main thread on `port` until `close`. */
export function runPgliteWorker(port: NonNullable<typeof parentPort>): void {
  let pg: PGlite | null = null;
  /** The statements kept prepared, by their text (a session's, so emptied when it closes). */
  const prepared = new Map<string, string>();
  const txs = new Map<number, OpenTransaction>();
  const listeners = new Map<string, () => Promise<void>>();
  let nextTx = 1;
  let idleTransactionMs = 0;

  // As PostgreSQL's idle_in_transaction_session_timeout: an open transaction holds every other
  // request of the embedded database, so one its caller forgot must not hold them for good.
  const watchIdle = (id: number): void => {
    const open = txs.get(id);
    if (!open) return;
    clearTimeout(open.idle);
    open.idle = setTimeout(() => {
      txs.delete(id);
      open.finish(false);
    }, idleTransactionMs);
  };

  const db = (): PGlite => {
    if (!pg) throw new Error('The embedded database is not open');
    return pg;
  };
  const on = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return db();
    const open = txs.get(tx);
    if (!open) throw new Error('The transaction is no longer open');
    return open.tx;
  };

  /** Opens a transaction; answers its id once open, and `done` when it ended. */
  async function begin(): Promise<{ id: number; done: Promise<void> }> {
    const id = nextTx++;
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    let entry: Omit<OpenTransaction, 'done'> | undefined;
    const done = db().transaction(async (tx) => {
      const decision = new Promise<boolean>((resolve) => {
        entry = { tx, finish: resolve };
      });
      opened();
      if (!(await decision)) await tx.rollback();
    });
    await Promise.race([isOpen, done]);
    txs.set(id, { ...entry!, done });
    watchIdle(id);
    return { id, done };
  }

  /**
   * Runs `sql` through the statement prepared for it, preparing it the first time (PREPARE … AS; its
   * parameters' types are inferred as for a statement sent with parameters), with the parameters as
   * quoted literals in EXECUTE (literals.ts). PostgreSQL in WASM spends about as long planning an
   * update as running it. Answers null, for the caller to run it as usual, when it cannot be done
   * faithfully (a binary parameter, dollar quoting) or enough statements are prepared already.
   */
  async function reusingPlan(target: PGlite | Transaction, sql: string, params: readonly unknown[]) {
    if (sql.includes('$$')) return null;
    const literals = quotedLiterals(params);
    if (!literals) return null;
    let name = prepared.get(sql);
    if (!name) {
      if (prepared.size >= MAX_PREPARED) return null;
      name = `kk_plan_${prepared.size + 1}`;
      // Prepared statements belong to the session, not to the transaction: one rolled back keeps it.
      await target.exec(`PREPARE ${name} AS ${sql}`);
      prepared.set(sql, name);
    }
    return target.query<Record<string, unknown>>(literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`);
  }

  async function handle(req: PgliteRequest): Promise<unknown> {
    switch (req.op) {
      case 'open': {
        // A new directory is made beside pgdata and renamed into place only when complete.
        if (!existsSync(req.pgdata)) {
          rmSync(req.staging, { recursive: true, force: true });
          const fresh = await PGlite.create(req.staging);
          await fresh.close();
          renameSync(req.staging, req.pgdata);
        }
        pg = await PGlite.create(req.pgdata);
        prepared.clear();
        // Only the statements prepared below are affected: those whose callers said their plan does
        // not depend on their parameters (QueryOptions.reusePlan), so one generic plan serves them.
        await pg.exec('SET plan_cache_mode = force_generic_plan');
        idleTransactionMs = req.idleTransactionMs;
        return null;
      }
      case 'query': {
        const target = on(req.tx);
        const reused = req.reusePlan ? await reusingPlan(target, req.sql, req.params) : null;
        const res = reused ?? (await target.query(req.sql, req.params as unknown[]));
        // PGlite counts only changed rows in affectedRows (0 for a SELECT): count returned rows too.
        return { rows: res.rows, rowCount: Math.max(res.rows.length, res.affectedRows ?? 0) };
      }
      case 'exec':
        await on(req.tx).exec(req.sql);
        return null;
      case 'commit':
      case 'rollback': {
        const open = txs.get(req.tx);
        if (!open) throw new Error('The transaction is no longer open');
        txs.delete(req.tx);
        clearTimeout(open.idle);
        open.finish(req.op === 'commit');
        await open.done;
        return null;
      }
      case 'listen': {
        if (!listeners.has(req.channel)) {
          listeners.set(req.channel, await db().listen(req.channel, (payload) => post({ notify: req.channel, payload })));
        }
        return null;
      }
      case 'unlisten': {
        const unlisten = listeners.get(req.channel);
        listeners.delete(req.channel);
        await unlisten?.();
        return null;
      }
      case 'close':
        await pg?.close();
        pg = null;
        prepared.clear();
        return null;
    }
  }

  const post = (answer: PgliteAnswer): void => port.postMessage(answer);
  const run = (req: PgliteRequest): Promise<unknown> => {
    post({ started: req.id });
    return handle(req);
  };
  // Requests outside a transaction run one at a time, and none while a transaction is open, so the
  // main thread learns when each one starts (PGlite would queue them on its lock unseen). A
  // transaction's own statements run at once: it holds the queue until it ends.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (work: () => Promise<unknown>): Promise<unknown> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };
  const serve = (req: PgliteRequest): Promise<unknown> => {
    if ('tx' in req && req.tx !== undefined) {
      const tx = req.tx;
      clearTimeout(txs.get(tx)?.idle);
      // No `started`: a transaction's statement runs the moment it arrives, and the main thread
      // counts from sending it (one message fewer per statement).
      return handle(req).finally(() => watchIdle(tx));
    }
    if (!('begin' in req && req.begin)) return enqueue(() => run(req));
    // A transaction's first statement comes with its opening (one message each way fewer than a
    // BEGIN of its own, issue 20); the transaction holds the queue until the main thread ends it.
    return new Promise((resolve, reject) => {
      void enqueue(async () => {
        post({ started: req.id });
        let open: { id: number; done: Promise<void> };
        try {
          open = await begin();
        } catch (e) {
          reject(e);
          return;
        }
        // Served as any statement of the open transaction (its idle watch paused while it runs).
        const answer: BegunAnswer = await serve(Object.assign({}, req, { tx: open.id })).then(
          (result) => ({ tx: open.id, result }),
          (e: unknown) => ({ tx: open.id, error: errorData(e) }),
        );
        resolve(answer);
        await open.done.catch(() => undefined);
      });
    });
  };
  port.on('message', (req: PgliteRequest) => {
    serve(req).then(
      (result) => post({ id: req.id, ok: true, result }),
      (e: unknown) => post({ id: req.id, ok: false, error: errorData(e) }),
    );
  });
}

/**
 * On Linux, names this thread `kk-database`, so that `top -H`, `ps -L` and the load benchmark tell
 * the database's work from the event loop's (every thread of a Node process is otherwise `node`).
 */
function nameThisThread(): void {
  if (process.platform !== 'linux') return;
  try {
    writeFileSync('/proc/thread-self/comm', 'kk-database');
  } catch {
    // A read-only /proc (some sandboxes): the thread keeps Node's name.
  }
}

if (parentPort) {
  nameThisThread();
  runPgliteWorker(parentPort);
}
