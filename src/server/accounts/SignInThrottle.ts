import type { Database } from '../db/Database';

/** Attempts allowed on one account before its sign-in attempts are slowed down. */
export const FREE_ATTEMPTS_ACCOUNT = 5;
/** Attempts allowed from one address: higher, as many people may share one address. */
export const FREE_ATTEMPTS_ADDRESS = 20;

const freeAttempts = (key: string): number => (key.startsWith('addr:') ? FREE_ATTEMPTS_ADDRESS : FREE_ATTEMPTS_ACCOUNT);
/** Longest wait imposed between attempts, in seconds. */
const MAX_WAIT_S = 300;
/** Attempts older than this are forgotten, in seconds. */
const FORGET_AFTER_S = 3600;

/**
 * Takes one attempt on a key when it is free, in a single statement. The row lock of the upsert
 * makes concurrent reservations (from any process sharing the database) queue behind each other,
 * and each sees the count the previous one left: no two can both take the last free attempt. The
 * conditional DO UPDATE returns no row when the key must still wait. The database's clock is used
 * so that processes on different machines agree.
 */
const RESERVE = `
  INSERT INTO sign_in_failures AS f (key, failures, last_failure) VALUES ($1, 1, statement_timestamp())
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN f.last_failure < statement_timestamp() - make_interval(secs => $3) THEN 1 ELSE f.failures + 1 END,
    last_failure = statement_timestamp()
  WHERE f.last_failure < statement_timestamp() - make_interval(secs => $3)
     OR f.failures < $2
     OR f.last_failure <= statement_timestamp() - make_interval(secs => least(power(2, least(f.failures - $2, 20)), $4))
  RETURNING f.failures`;

/**
 * Slows down repeated sign-in attempts per account (`email:` keys) and per address (`addr:` keys).
 * Every attempt is reserved before its password is checked, so concurrent guesses cannot all slip
 * past one check; past the free attempts each further one must wait 2^(attempts-free) s (at most
 * five minutes) after the last. A successful sign-in clears its account and gives its address back
 * the attempt, so people signing in correctly from one office never use up that office's budget.
 * Kept in the database so that every server process sees the same counts.
 */
export class SignInThrottle {
  constructor(private readonly db: Database) {}

  /**
   * Reserves one attempt on every key, in order; answers 0 when all took it, else the seconds to
   * wait (and gives back what the earlier keys took, as the attempt will not be made).
   */
  async reserve(keys: readonly string[]): Promise<number> {
    const taken: string[] = [];
    for (const key of keys) {
      const res = await this.db.query(RESERVE, [key, freeAttempts(key), FORGET_AFTER_S, MAX_WAIT_S]);
      if (res.rowCount === 0) {
        await this.release(taken);
        return Math.max(1, await this.waitSeconds(keys));
      }
      taken.push(key);
    }
    return 0;
  }

  /** Gives back one reserved attempt on each key (its attempt succeeded or was never made). */
  async release(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.db.query('UPDATE sign_in_failures SET failures = greatest(failures - 1, 0) WHERE key = $1', [key]);
    }
  }

  /** Forgets every attempt on `keys` (the account's owner has just proved the password). */
  async clear(keys: readonly string[]): Promise<void> {
    await this.db.query('DELETE FROM sign_in_failures WHERE key = ANY($1)', [keys]);
  }

  /** Seconds the caller must still wait before trying any of `keys`, 0 when free. */
  private async waitSeconds(keys: readonly string[]): Promise<number> {
    const res = await this.db.query<{ key: string; failures: number; since: number | string }>(
      'SELECT key, failures, extract(epoch FROM statement_timestamp() - last_failure) AS since FROM sign_in_failures WHERE key = ANY($1)',
      [keys],
    );
    let wait = 0;
    for (const row of res.rows) {
      const since = Number(row.since);
      const free = freeAttempts(row.key);
      if (since > FORGET_AFTER_S || row.failures < free) continue;
      const needed = Math.min(2 ** Math.min(row.failures - free, 20), MAX_WAIT_S);
      wait = Math.max(wait, Math.ceil(needed - since));
    }
    return wait;
  }
}
