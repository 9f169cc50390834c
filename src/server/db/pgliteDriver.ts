import { PGlite, type Transaction } from '@electric-sql/pglite';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Queryable, QueryResult } from './Database';
import { lockDataDir } from './dataDirLock';

/** Thrown when the embedded database directory was left half-initialised. */
export class IncompleteDataDirError extends Error {}

const wrap = (q: PGlite | Transaction): Queryable => ({
  async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    const res = await q.query<R>(sql, params as unknown[]);
    // PGlite counts only changed rows in affectedRows (0 for a SELECT): count returned rows too.
    return { rows: res.rows, rowCount: Math.max(res.rows.length, res.affectedRows ?? 0) };
  },
  async exec(sql: string): Promise<void> {
    await q.exec(sql);
  },
});

/**
 * Opens the embedded database under `dataDir/pgdata`. A new directory is initialised beside it and
 * renamed into place only when complete, so a crash during initialisation never leaves a
 * half-made `pgdata` behind; one that exists without its PG_VERSION file is refused.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const pgdata = join(dataDir, 'pgdata');
    if (existsSync(pgdata) && !existsSync(join(pgdata, 'PG_VERSION'))) {
      throw new IncompleteDataDirError(
        `The embedded database in ${pgdata} is incomplete (its initialisation was interrupted or files were removed). ` +
          'Restore it from a backup, or remove that directory to start with an empty database.',
      );
    }
    if (!existsSync(pgdata)) {
      const staging = join(dataDir, 'pgdata.initialising');
      rmSync(staging, { recursive: true, force: true });
      const fresh = await PGlite.create(staging);
      await fresh.close();
      renameSync(staging, pgdata);
    }
    const pg = await PGlite.create(pgdata);
    return new PgliteDatabase(pg, release);
  } catch (e) {
    release();
    throw e;
  }
}

class PgliteDatabase implements Database {
  readonly driver = 'pglite' as const;
  private closed = false;

  constructor(
    private readonly pg: PGlite,
    private readonly release: () => void,
  ) {}

  query<R>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
    return wrap(this.pg).query<R>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return wrap(this.pg).exec(sql);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) => fn(wrap(tx)));
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const unlisten = await this.pg.listen(channel, handler);
    return async () => {
      if (!this.closed) await unlisten();
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
      await this.pg.close();
    } finally {
      this.release();
    }
  }
}
