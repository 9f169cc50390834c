import type { Database } from '../db/Database';

/** Failures allowed on one account before its sign-in attempts are slowed down. */
const FREE_FAILURES_ACCOUNT = 5;
/** Failures allowed from one address: higher, as many people may share one address. */
const FREE_FAILURES_ADDRESS = 20;

const freeFailures = (key: string): number => (key.startsWith('addr:') ? FREE_FAILURES_ADDRESS : FREE_FAILURES_ACCOUNT);
/** Longest wait imposed between attempts, in seconds. */
const MAX_WAIT_S = 300;
/** Failures older than this are forgotten, in seconds. */
const FORGET_AFTER_S = 3600;

/**
 * Slows down repeated failed sign-ins per account (`email:` keys) and per address (`addr:` keys):
 * past the free failures each further attempt must wait 2^(failures-free) s (at most five minutes)
 * after the last one. Kept in the database so that every server process sees the same counts.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Seconds the caller must still wait before trying any of `keys`, 0 when free. */
  async waitSeconds(keys: readonly string[]): Promise<number> {
    const res = await this.db.query<{ key: string; failures: number; last_failure: Date | string }>(
      'SELECT key, failures, last_failure FROM sign_in_failures WHERE key = ANY($1)',
      [keys],
    );
    const now = this.now().getTime();
    let wait = 0;
    for (const row of res.rows) {
      const since = (now - new Date(row.last_failure).getTime()) / 1000;
      const free = freeFailures(row.key);
      if (since > FORGET_AFTER_S || row.failures < free) continue;
      const needed = Math.min(2 ** (row.failures - free), MAX_WAIT_S);
      wait = Math.max(wait, Math.ceil(needed - since));
    }
    return wait;
  }

  /** Counts a failure against every key. */
  async fail(keys: readonly string[]): Promise<void> {
    const ts = this.now().toISOString();
    for (const key of keys) {
      await this.db.query(
        `INSERT INTO sign_in_failures (key, failures, last_failure) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN sign_in_failures.last_failure < $2::timestamptz - interval '${FORGET_AFTER_S} seconds'
                      THEN 1 ELSE sign_in_failures.failures + 1 END,
           last_failure = $2`,
        [key, ts],
      );
    }
  }

  /** Forgets the failures of `keys` after a successful sign-in. */
  async clear(keys: readonly string[]): Promise<void> {
    await this.db.query('DELETE FROM sign_in_failures WHERE key = ANY($1)', [keys]);
  }
}
