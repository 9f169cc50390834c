import pg from 'pg';
import type { Database, Queryable, QueryOptions, QueryResult } from './Database';
import { OpError } from '../OpError';
import { beginWith } from './beginWith';
import { DEFAULT_STATEMENT_TIMEOUT_MS, statementTimeoutError } from './statementTimeout';

const LISTEN_RETRY_MS = 1_000;
/** How long a request waits for a connection while PostgreSQL restarts before it is answered databaseUnavailable. */
const CONNECT_WAIT_MS = 10_000;
const CONNECT_RETRY_MS = 250;

/**
 * Errors that say the server could not be reached or the connection was ended under the statement
 * (a restart, a fail-over): SQLSTATE classes 08 and 57P0x, and the driver's own socket errors.
 */
function connectionLost(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  return (
    code.startsWith('08') ||
    /^57P0[1-3]$/.test(code) ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code) ||
    /Connection terminated|connection timeout|Client has encountered a connection error/i.test(String(err.message))
  );
}

/** Nothing could be sent: a new connection was refused, or PostgreSQL is starting or stopping (safe to try again). */
function notConnected(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'ECONNREFUSED' || code === '57P03' || code === '57P01';
}

const unavailable = (e: unknown): OpError =>
  new OpError('databaseUnavailable', `PostgreSQL cannot be reached: ${String((e as { message?: unknown }).message)}`);

/** SQLSTATE query_canceled: what PostgreSQL raises when statement_timeout cancels a statement. */
const QUERY_CANCELED = '57014';

/** At most this many statements get a name; past it, statements are sent unnamed. */
const MAX_NAMED = 256;
/** The names of the statements whose plans are reused, by their text (the same on every connection). */
const named = new Map<string, string>();

/**
 * The query pg sends: a statement whose plan does not depend on its parameters (QueryOptions.reusePlan)
 * is named, so each connection parses it once and PostgreSQL may keep its plan (after five runs, when
 * the generic plan costs no more than the custom ones); any other is sent unnamed, parsed every time.
 */
function statement(sql: string, params: readonly unknown[], options: QueryOptions): pg.QueryConfig {
  let name = options.reusePlan ? named.get(sql) : undefined;
  if (options.reusePlan && !name && named.size < MAX_NAMED) {
    name = `kk_plan_${named.size + 1}`;
    named.set(sql, name);
  }
  return name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] };
}

/** What of pg's connection `begunWithNamed` uses (pg's own, below its API: package-lock.json pins it, the tests hold it). */
interface PgConnection {
  parsedStatements: Record<string, string | undefined>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}

/**
 * A transaction's first statement, named and already parsed on this connection, sent behind its BEGIN
 * in one write: BEGIN's Parse, Bind and Execute, then the statement's Bind, Describe, Execute and one
 * Sync, as pg sends a named statement. The first statement keeps its reused plan, where `beginWith`
 * inlines it into a simple query that PostgreSQL plans every time (an update's one statement, with
 * its event, announcement and reads, took longer to plan than a round trip, issue 20). Answers null
 * for a statement not yet parsed here: a Parse that failed in this pipeline would leave pg taking the
 * statement for parsed.
 */
function begunWithNamed(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult> | null {
  const connection = (client as unknown as { connection: PgConnection }).connection;
  if (!config.name || connection.parsedStatements[config.name] !== config.text) return null;
  return new Promise((resolve, reject) => {
    const query = new pg.Query(config, (e: Error | undefined, results: unknown) => {
      // pg answers each command's result: BEGIN's, then the statement's.
      if (e) reject(e);
      else resolve((Array.isArray(results) ? results.at(-1) : results) as pg.QueryResult);
    }) as pg.Query & { prepare(c: PgConnection): void };
    const prepare = query.prepare.bind(query);
    query.prepare = (c) => {
      c.parse({ text: 'BEGIN', name: '', types: [] });
      c.bind({ portal: '', statement: '', values: [] });
      c.execute({ portal: '', rows: 0 });
      prepare(c);
    };
    void client.query(query);
  });
}

/**
 * A statement cancelled by statement_timeout answers the catalogue's queryTimeout, one whose
 * connection was lost databaseUnavailable (it was not committed, or its outcome is unknown and the
 * client reads again); other errors pass.
 */
function timedOut(e: unknown, ms: number): unknown {
  const err = e as { code?: unknown; message?: unknown };
  if (err.code === QUERY_CANCELED && /statement timeout/.test(String(err.message))) return statementTimeoutError(ms);
  return connectionLost(e) ? unavailable(e) : e;
}

/**
 * Connections a server process keeps open by default (DB_POOL_SIZE). About twice a small machine's
 * cores, as PostgreSQL's own advice has it: each connection is a process that wants a core, and on a
 * machine the database shares with the server more of them only crowd out the server's event loop.
 * With the load benchmark on 2 cores, 10 connections answered 4 % more requests a second than 5, and
 * the event loop's ping waited twice as long (p99 67 to 76 ms against 39).
 */
export const DEFAULT_POOL_SIZE = 5;

/**
 * Opens a pool on a real PostgreSQL server, with one dedicated connection for LISTEN. Every pooled
 * connection cancels a statement after `statementTimeoutMs` and ends a session idle in a transaction
 * that long, so no caller holds a backend or its locks without bound (issue 19).
 */
export async function openPostgres(url: string, options: { poolSize?: number; statementTimeoutMs?: number } = {}): Promise<Database> {
  const timeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs,
    // No JIT compilation: a search over tens of thousands of items is costed above jit_above_cost,
    // and compiling its expressions took 20 to 180 ms, several times the search itself (docs/decisions.md).
    options: '-c jit=off',
  });
  pool.on('error', (e) => console.error('PostgreSQL pool error:', e.message));
  await pool.query('SELECT 1');
  return new PostgresDatabase(pool, url, timeoutMs);
}

/** Logs an error a checked-out connection emits; the statement running on it fails with it too. */
function noteClientError(e: Error): void {
  console.error('PostgreSQL connection error:', e.message);
}

class PostgresDatabase implements Database {
  readonly driver = 'postgres' as const;
  private listener: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly gapHandlers = new Set<() => void>();
  /** The listening connection was lost and notifications may have been missed since. */
  private listenLost = false;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async query<R>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<R>> {
    return this.withClient(async (client) => {
      const res = await client.query(statement(sql, params, options));
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    });
  }

  async exec(sql: string): Promise<void> {
    await this.withClient((client) => client.query(sql));
  }

  /**
   * A pooled connection, waiting out a restart of PostgreSQL: while new connections are refused (or
   * the server says it is starting or stopping) it tries again for up to CONNECT_WAIT_MS, since
   * nothing was sent yet; then the request is answered databaseUnavailable.
   */
  private async connect(): Promise<pg.PoolClient> {
    const deadline = Date.now() + CONNECT_WAIT_MS;
    for (;;) {
      try {
        const client = await this.pool.connect();
        // A connection ended under a checked-out client emits an error event: without a listener it would end the process.
        client.on('error', noteClientError);
        return client;
      } catch (e) {
        if (!notConnected(e) || Date.now() >= deadline || this.closed) throw connectionLost(e) ? unavailable(e) : e;
        await new Promise((r) => setTimeout(r, CONNECT_RETRY_MS));
      }
    }
  }

  /** Runs `fn` on a connection of the pool; a connection that failed under it is dropped, not pooled again. */
  private async withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken: Error | undefined;
    try {
      return await fn(client);
    } catch (e) {
      if (connectionLost(e)) broken = e as Error;
      throw timedOut(e, this.timeoutMs);
    } finally {
      client.off('error', noteClientError);
      client.release(broken);
    }
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.connect();
    const ms = this.timeoutMs;
    let broken: Error | undefined;
    // BEGIN goes with the transaction's first statement (begunWithNamed, ./beginWith.ts); a transaction that sends none sends nothing.
    let begun = false;
    const run = async (sql: string, params?: readonly unknown[], options: QueryOptions = {}): Promise<pg.QueryResult> => {
      const config = statement(sql, params ?? [], options);
      if (begun) return client.query(config);
      begun = true;
      const begunNamed = begunWithNamed(client, config);
      if (begunNamed) return begunNamed;
      // A named statement's first run on this connection parses it (the next go behind BEGIN), and
      // what beginWith cannot inline, after a BEGIN of its own.
      const both = config.name ? null : beginWith(sql, params ?? []);
      if (both === null) {
        await client.query('BEGIN');
        return client.query(config);
      }
      // A simple query of several statements answers one result per statement: this one's is the last.
      const results = (await client.query(both)) as unknown as pg.QueryResult[];
      return results.at(-1)!;
    };
    try {
      const tx: Queryable = {
        async query<R>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<R>> {
          try {
            const res = await run(sql, params, options);
            return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
          } catch (e) {
            throw timedOut(e, ms);
          }
        },
        async exec(sql: string): Promise<void> {
          try {
            await run(sql);
          } catch (e) {
            throw timedOut(e, ms);
          }
        },
      };
      const result = await fn(tx);
      // PostgreSQL answers the COMMIT of a transaction a caught error aborted with ROLLBACK, not an
      // error: the caller must not take its writes as made (the embedded database refuses it too).
      if (begun && (await client.query('COMMIT')).command === 'ROLLBACK')
        throw new Error('Transaction was rolled back instead of committed');
      return result;
    } catch (e) {
      if (connectionLost(e) || (e instanceof OpError && e.userMessage === 'databaseUnavailable')) broken = e as Error;
      else if (begun) await client.query('ROLLBACK').catch(() => undefined);
      throw timedOut(e, ms);
    } finally {
      client.off('error', noteClientError);
      client.release(broken);
    }
  }

  /** The LISTEN connection, reconnected after a failure, with every channel listened to again. */
  private listenerClient(): Promise<pg.Client> {
    if (this.listener) return Promise.resolve(this.listener);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (msg) => {
        for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      client.on('error', (e) => {
        if (this.closed) return;
        console.error('PostgreSQL LISTEN connection lost:', e.message);
        this.listener = null;
        this.listenLost = true;
        client.end().catch(() => undefined);
        setTimeout(() => void this.relisten(), LISTEN_RETRY_MS).unref();
      });
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      this.listener = client;
      if (this.listenLost) {
        this.listenLost = false;
        console.error('PostgreSQL LISTEN connection back: what was missed is learnt again');
        for (const h of this.gapHandlers) h();
      }
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async relisten(): Promise<void> {
    if (this.closed) return;
    try {
      await this.listenerClient();
    } catch {
      setTimeout(() => void this.relisten(), LISTEN_RETRY_MS).unref();
    }
  }

  onListenGap(handler: () => void): () => void {
    this.gapHandlers.add(handler);
    return () => this.gapHandlers.delete(handler);
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const isNew = !this.handlers.has(channel);
    const set = this.handlers.get(channel) ?? new Set();
    set.add(handler);
    this.handlers.set(channel, set);
    const client = await this.listenerClient();
    if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && !this.closed) {
        this.handlers.delete(channel);
        await this.listener?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
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
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
