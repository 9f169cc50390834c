import pg from 'pg';
import type { Database, Queryable, QueryResult } from './Database';
import { DEFAULT_STATEMENT_TIMEOUT_MS, statementTimeoutError } from './statementTimeout';

const LISTEN_RETRY_MS = 1_000;

/** SQLSTATE query_canceled: what PostgreSQL raises when statement_timeout cancels a statement. */
const QUERY_CANCELED = '57014';

/** A statement cancelled by statement_timeout answers the catalogue's queryTimeout; other errors pass. */
function timedOut(e: unknown, ms: number): unknown {
  const err = e as { code?: unknown; message?: unknown };
  return err.code === QUERY_CANCELED && /statement timeout/.test(String(err.message)) ? statementTimeoutError(ms) : e;
}

/**
 * Opens a pool on a real PostgreSQL server, with one dedicated connection for LISTEN. Every pooled
 * connection cancels a statement after `statementTimeoutMs` and ends a session idle in a transaction
 * that long, so no caller holds a backend or its locks without bound (issue 19).
 */
export async function openPostgres(url: string, options: { poolSize?: number; statementTimeoutMs?: number } = {}): Promise<Database> {
  const timeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
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

class PostgresDatabase implements Database {
  readonly driver = 'postgres' as const;
  private listener: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    try {
      const res = await this.pool.query(sql, params as unknown[]);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    } catch (e) {
      throw timedOut(e, this.timeoutMs);
    }
  }

  async exec(sql: string): Promise<void> {
    try {
      await this.pool.query(sql);
    } catch (e) {
      throw timedOut(e, this.timeoutMs);
    }
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const ms = this.timeoutMs;
    try {
      await client.query('BEGIN');
      const tx: Queryable = {
        async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
          try {
            const res = await client.query(sql, params as unknown[]);
            return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
          } catch (e) {
            throw timedOut(e, ms);
          }
        },
        async exec(sql: string): Promise<void> {
          try {
            await client.query(sql);
          } catch (e) {
            throw timedOut(e, ms);
          }
        },
      };
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
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
        client.end().catch(() => undefined);
        setTimeout(() => void this.relisten(), LISTEN_RETRY_MS).unref();
      });
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      this.listener = client;
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
