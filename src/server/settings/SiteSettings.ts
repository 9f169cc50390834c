import type { Database, Queryable } from '../db/Database';

/** Channel on which the key of a changed site setting travels to every server process. */
export const SITE_SETTINGS_CHANNEL = 'kk_site_settings';

/** One stored setting with who changed it last and when. */
export interface SiteSetting<T = unknown> {
  key: string;
  value: T;
  updatedAt: Date;
  /** User id of the last writer (null: written by the server itself). */
  updatedBy: string | null;
}

/** Called in every server process after a setting changed there or in another process. */
export type SiteSettingListener = (key: string, value: unknown) => void;

interface Row {
  key: string;
  /** The jsonb as text: drivers differ in what they parse, and a JSON string must stay a string. */
  value: string;
  updated_at: Date | string;
  updated_by: string | null;
}

const COLUMNS = 'key, value::text AS value, updated_at, updated_by';
const parsed = (value: string): unknown => JSON.parse(value) as unknown;

const toSetting = (row: Row): SiteSetting => ({
  key: row.key,
  value: parsed(row.value),
  updatedAt: row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at),
  updatedBy: row.updated_by,
});

/**
 * The settings of the whole site kept in `site_settings`, one JSON value per key. Each process keeps
 * the values in memory (for what is rendered on every request, such as index.html) and reloads a key
 * when any process announces its change on SITE_SETTINGS_CHANNEL, then tells its listeners.
 * The service knows no key: callers name theirs and validate their values.
 */
export class SiteSettings {
  private readonly values = new Map<string, unknown>();
  private readonly listeners = new Set<SiteSettingListener>();
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  private stopGaps: (() => void) | null = null;

  constructor(private readonly db: Database) {}

  /** Loads every setting and starts following changes from every process. */
  async start(): Promise<void> {
    this.unlisten = await this.db.listen(SITE_SETTINGS_CHANNEL, (key) => {
      // One reload at a time, so listeners see a key's changes in the order they were made.
      this.queue = this.queue.then(() => this.reload(key)).catch((e) => console.error(`Reloading site setting ${key} failed:`, e));
    });
    // Changes announced while PostgreSQL was out of reach were missed: every setting is read again.
    this.stopGaps = this.db.onListenGap(() => {
      this.queue = this.queue.then(() => this.reloadAll()).catch((e) => console.error('Reloading the site settings failed:', e));
    });
    const res = await this.db.query<Row>(`SELECT ${COLUMNS} FROM site_settings`);
    for (const row of res.rows) this.values.set(row.key, parsed(row.value));
  }

  /** Reads every setting again, telling listeners of each (so what follows one follows its missed changes). */
  private async reloadAll(): Promise<void> {
    const res = await this.db.query<{ key: string }>('SELECT key FROM site_settings');
    const keys = new Set([...this.values.keys(), ...res.rows.map((r) => r.key)]);
    for (const key of keys) await this.reload(key);
  }

  /** Stops following changes. */
  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    this.stopGaps?.();
    this.stopGaps = null;
    await this.queue;
  }

  /** The value of `key` as this process last knew it (null: never set); no database round trip. */
  cached(key: string): unknown {
    return this.values.has(key) ? this.values.get(key) : null;
  }

  /** The stored setting `key` with its writer, read from the database (null: never set). */
  async read(key: string, tx: Queryable = this.db): Promise<SiteSetting | null> {
    const res = await tx.query<Row>(`SELECT ${COLUMNS} FROM site_settings WHERE key = $1`, [key]);
    return res.rows[0] ? toSetting(res.rows[0]) : null;
  }

  /**
   * Stores `value` under `key`, written by `by`, and announces the change to every process (inside
   * `tx`, only once that transaction commits). Answers the stored setting.
   */
  async write(key: string, value: unknown, by: string | null, tx?: Queryable): Promise<SiteSetting> {
    const q = tx ?? this.db;
    const res = await q.query<Row>(
      `INSERT INTO site_settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
         RETURNING ${COLUMNS}`,
      [key, JSON.stringify(value), by],
    );
    await q.query('SELECT pg_notify($1, $2)', [SITE_SETTINGS_CHANNEL, key]);
    const stored = toSetting(res.rows[0]!);
    // Committed already: this process serves the new value at once, before its notification arrives.
    if (!tx) this.values.set(key, stored.value);
    return stored;
  }

  /** Calls `listener` after every change of any setting; answers the function that stops it. */
  onChange(listener: SiteSettingListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async reload(key: string): Promise<void> {
    const setting = await this.read(key);
    if (setting) this.values.set(key, setting.value);
    else this.values.delete(key);
    for (const listener of this.listeners) {
      try {
        listener(key, setting?.value ?? null);
      } catch (e) {
        console.error(`A listener of site setting ${key} failed:`, e);
      }
    }
  }
}
