import pg from 'pg';
import type { Database, Queryable, QueryResult } from './Database';

const LISTEN_RETRY_MS = 1_000;

/** Opens a pool on a real PostgreSQL server, with one dedicated connection for LISTEN. */
export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  pool.on('error', (e) => console.error('PostgreSQL pool error:', e.message));
  await pool.query('SELECT 1');
  return new PostgresDatabase(pool, url);
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
  ) {}

  async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    const res = await this.pool.query(sql, params as unknown[]);
    return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const tx: Queryable = {
        async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
          const res = await client.query(sql, params as unknown[]);
          return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
        },
        async exec(sql: string): Promise<void> {
          await client.query(sql);
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
