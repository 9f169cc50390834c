import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';
import { OpError } from '../OpError';

/** Opaque session tokens: 256 random bits, stored only as SHA-256 hashes, each with an expiry. */

/** Channel on which revocations are announced to every server process. */
export const SESSIONS_CHANNEL = 'kk_sessions';

/** Payload of a revocation: one token, several, or (a refresh) every token of a user. */
export interface Revocation {
  tokenHash?: string;
  tokenHashes?: string[];
  userId?: string;
  /** signedout and blocked close the sockets; refresh reloads their rights (membership changed). */
  reason: 'signedout' | 'blocked' | 'refresh';
}

/** What a valid or expired token resolves to. */
export interface TokenInfo {
  tokenHash: string;
  userId: string;
  /** When the token expires: its own expiry, or its session's maximum age if that comes first. */
  expiresAt: Date;
  masquerader: string | null;
  /** Past its expiry, its session's maximum age, or unused for the idle time: refused like any expired token. */
  expired: boolean;
}

/** The lifetimes a TokenService enforces, in seconds (from the server configuration). */
export interface TokenLifetimes {
  tokenTtlSeconds: number;
  /** How long a token replaced by `rotate` keeps working. */
  tokenGraceSeconds: number;
  tokenIdleSeconds: number;
  tokenMaxAgeSeconds: number;
}

/** The SHA-256 of a token, as stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Longest the recorded last use of a token may lag behind its real last use, in milliseconds. */
const TOUCH_INTERVAL_MS = 60_000;

/** Issues, resolves, rotates and revokes session tokens. */
export class TokenService {
  /**
   * When this process last wrote each token's last use (ms): a busy socket or a page of thumbnails
   * costs one UPDATE per interval, not one per frame or request.
   */
  private readonly touched = new Map<string, number>();
  /** Tokens whose last use is being written now: a burst of requests on one token writes once. */
  private readonly writing = new Set<string>();
  /** A quarter of the idle time when that is under a minute, so a token in use never looks idle. */
  private readonly touchIntervalMs: number;

  constructor(
    private readonly db: Database,
    readonly lifetimes: TokenLifetimes,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, (lifetimes.tokenIdleSeconds * 1000) / 4);
  }

  /**
   * Issues a new token for `userId`; answers the token (shown to the client once) and its expiry.
   * `sessionStart` continues an existing session (rotation, masquerade), whose maximum age the
   * token cannot outlive; without it a new session starts now (sign-in, set-password).
   */
  async issue(userId: string, masquerader: string | null = null, sessionStart?: Date): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const created = this.now();
    const start = sessionStart ?? created;
    const cap = start.getTime() + this.lifetimes.tokenMaxAgeSeconds * 1000;
    if (cap <= created.getTime()) throw new OpError('notSignedIn', 'The session has reached its maximum age; sign in again');
    const expiresAt = new Date(Math.min(created.getTime() + this.lifetimes.tokenTtlSeconds * 1000, cap));
    const tokenHash = hashToken(token);
    await this.db.query(
      `INSERT INTO tokens (token_hash, user_id, created_at, expires_at, masquerader, session_started_at, last_used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $3)`,
      [tokenHash, userId, created.toISOString(), expiresAt.toISOString(), masquerader, start.toISOString()],
    );
    this.touched.set(tokenHash, created.getTime());
    return { token, expiresAt };
  }

  /** When the session of an unrevoked token began; null for an unknown or revoked one. */
  async sessionStart(tokenHash: string): Promise<Date | null> {
    const res = await this.db.query<{ session_started_at: Date | string }>(
      'SELECT session_started_at FROM tokens WHERE token_hash = $1 AND revoked_at IS NULL',
      [tokenHash],
    );
    const row = res.rows[0];
    return row ? new Date(row.session_started_at) : null;
  }

  /**
   * Replaces the token `oldTokenHash` with a new one (nextToken) in the same session: the new one
   * expires after the TTL or at the session's maximum age, whichever comes first. The old one
   * keeps working for the grace period only, so the browser's other tabs can take the new token
   * from local storage and requests already under way still pass, but a copied old token soon
   * stops working. It is never lengthened, and it is not revoked: revocation would close the other
   * tabs' sockets as signed out. Refused (notSignedIn) once the session has reached its maximum age.
   */
  async rotate(oldTokenHash: string, userId: string, masquerader: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const res = await this.db.query<{ session_started_at: Date | string }>(
      'SELECT session_started_at FROM tokens WHERE token_hash = $1 AND user_id = $2 AND revoked_at IS NULL',
      [oldTokenHash, userId],
    );
    const row = res.rows[0];
    if (!row) throw new OpError('notSignedIn', 'The token is unknown or revoked');
    const issued = await this.issue(userId, masquerader, new Date(row.session_started_at));
    const until = new Date(this.now().getTime() + this.lifetimes.tokenGraceSeconds * 1000).toISOString();
    await this.db.query(
      'UPDATE tokens SET expires_at = least(expires_at, $2::timestamptz) WHERE token_hash = $1 AND user_id = $3 AND revoked_at IS NULL',
      [oldTokenHash, until, userId],
    );
    return issued;
  }

  /**
   * The token's user and expiry; null when unknown, revoked, or its account is blocked. A valid
   * token's use is recorded (at most once per interval), so calling this counts as using it.
   */
  async resolve(token: string): Promise<TokenInfo | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const res = await this.db.query<{
      user_id: string;
      expires_at: Date | string;
      masquerader: string | null;
      session_started_at: Date | string;
      last_used_at: Date | string;
    }>(
      `SELECT t.user_id, t.expires_at, t.masquerader, t.session_started_at, t.last_used_at FROM tokens t JOIN accounts a ON a.user_id = t.user_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND NOT a.blocked`,
      [tokenHash],
    );
    const row = res.rows[0];
    if (!row) return null;
    const now = this.now().getTime();
    // The maximum age is applied here too, so lowering TOKEN_MAX_AGE_SECONDS ends older sessions at once.
    const cap = new Date(row.session_started_at).getTime() + this.lifetimes.tokenMaxAgeSeconds * 1000;
    const expiresAt = new Date(Math.min(new Date(row.expires_at).getTime(), cap));
    const lastUsed = new Date(row.last_used_at).getTime();
    const expired = expiresAt.getTime() <= now || this.idleAt(lastUsed) <= now;
    // The row says when the token was last recorded as used; only a stale record is written.
    if (!expired && now - lastUsed >= this.touchIntervalMs && !this.writing.has(tokenHash)) {
      await this.writeUse(tokenHash, now);
    } else if (!expired && lastUsed > (this.touched.get(tokenHash) ?? 0)) {
      // A socket authenticated with this token then need not write until the record is stale.
      this.touched.set(tokenHash, lastUsed);
    }
    return { tokenHash, userId: row.user_id, expiresAt, masquerader: row.masquerader, expired };
  }

  /**
   * Records activity on a socket open on the token; answers false when the token went idle (or
   * was revoked) before this use, so the socket closes instead. Writes at most once per interval.
   */
  async touch(tokenHash: string): Promise<boolean> {
    const now = this.now().getTime();
    const last = this.touched.get(tokenHash);
    // Written within the interval, so at most that long ago: well inside the idle time.
    if (last !== undefined && now - last < this.touchIntervalMs) return true;
    return this.writeUse(tokenHash, now);
  }

  /**
   * When the token goes idle if nothing uses it meanwhile, as far as the database knows; null when
   * it is unknown or revoked.
   */
  async idleExpiry(tokenHash: string): Promise<Date | null> {
    const res = await this.db.query<{ last_used_at: Date | string }>(
      'SELECT last_used_at FROM tokens WHERE token_hash = $1 AND revoked_at IS NULL',
      [tokenHash],
    );
    const row = res.rows[0];
    return row ? new Date(this.idleAt(new Date(row.last_used_at).getTime())) : null;
  }

  private idleAt(lastUsedMs: number): number {
    return lastUsedMs + this.lifetimes.tokenIdleSeconds * 1000;
  }

  /** Moves the token's last use to `now`, unless it is already idle; answers whether it was not. */
  private async writeUse(tokenHash: string, now: number): Promise<boolean> {
    // Set before the write, so frames and requests arriving meanwhile do not write again.
    this.touched.set(tokenHash, now);
    this.writing.add(tokenHash);
    this.forgetOldTouches(now);
    try {
      const res = await this.db.query(
        `UPDATE tokens SET last_used_at = greatest(last_used_at, $2::timestamptz)
         WHERE token_hash = $1 AND revoked_at IS NULL AND last_used_at > $3::timestamptz RETURNING 1`,
        [tokenHash, new Date(now).toISOString(), new Date(now - this.lifetimes.tokenIdleSeconds * 1000).toISOString()],
      );
      if (res.rows.length === 0) this.touched.delete(tokenHash);
      return res.rows.length > 0;
    } finally {
      this.writing.delete(tokenHash);
    }
  }

  /** Keeps the map of recent writes small: entries past the interval decide nothing. */
  private forgetOldTouches(now: number): void {
    if (this.touched.size < 10_000) return;
    for (const [hash, at] of this.touched) if (now - at >= this.touchIntervalMs) this.touched.delete(hash);
  }

  /**
   * Revokes every token of a user (in `tx`) and tells every process to close their sockets. The
   * announcement names the tokens revoked, not the user: it arrives after the commit, and a socket
   * signed in meanwhile with a token issued since (the one a new password gives) stays open.
   */
  async revokeUser(tx: Queryable, userId: string, reason: Revocation['reason']): Promise<void> {
    const res = await tx.query<{ token_hash: string }>(
      'UPDATE tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING token_hash',
      [userId, this.now().toISOString()],
    );
    const hashes = res.rows.map((r) => r.token_hash);
    // A notification carries under 8,000 bytes: a hundred hashes of 64 characters each.
    for (let i = 0; i < hashes.length; i += 100) {
      const revocation: Revocation = { tokenHashes: hashes.slice(i, i + 100), reason };
      await tx.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, JSON.stringify(revocation)]);
    }
  }

  /**
   * Revokes one token and tells every server process to close its sockets — or, with
   * `announce: false`, leaves the closing to a later `announceRevocation` (so a reply can go first).
   */
  async revoke(tokenHash: string, options: { announce: boolean } = { announce: true }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
        tokenHash,
        this.now().toISOString(),
      ]);
      if (options.announce) await this.announce(tx, tokenHash);
    });
  }

  /** Tells every server process to close the sockets of a revoked token. */
  async announceRevocation(tokenHash: string): Promise<void> {
    await this.announce(this.db, tokenHash);
  }

  private async announce(q: Queryable, tokenHash: string): Promise<void> {
    const revocation: Revocation = { tokenHash, reason: 'signedout' };
    await q.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, JSON.stringify(revocation)]);
  }
}
