import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';

/** Opaque session tokens: 256 random bits, stored only as SHA-256 hashes, each with an expiry. */

/** Channel on which revocations are announced to every server process. */
export const SESSIONS_CHANNEL = 'kk_sessions';

/** Payload of a revocation: one token, or every token of a user. */
export interface Revocation {
  tokenHash?: string;
  userId?: string;
  /** signedout and blocked close the sockets; refresh reloads their rights (membership changed). */
  reason: 'signedout' | 'blocked' | 'refresh';
}

/** What a valid or expired token resolves to. */
export interface TokenInfo {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  masquerader: string | null;
  expired: boolean;
}

/** The SHA-256 of a token, as stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Issues, resolves, rotates and revokes session tokens. */
export class TokenService {
  constructor(
    private readonly db: Database,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
    /** How long a token replaced by `rotate` keeps working, in seconds. */
    private readonly graceSeconds: number = 60,
  ) {}

  /** Issues a new token for `userId`; answers the token (shown to the client once) and its expiry. */
  async issue(userId: string, masquerader: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const created = this.now();
    const expiresAt = new Date(created.getTime() + this.ttlSeconds * 1000);
    await this.db.query(
      'INSERT INTO tokens (token_hash, user_id, created_at, expires_at, masquerader) VALUES ($1, $2, $3, $4, $5)',
      [hashToken(token), userId, created.toISOString(), expiresAt.toISOString(), masquerader],
    );
    return { token, expiresAt };
  }

  /**
   * Replaces the token `oldTokenHash` with a new one (nextToken): the old one keeps working for the
   * grace period only, so the browser's other tabs can take the new token from local storage and
   * requests already under way still pass, but a copied old token soon stops working. It is never
   * lengthened, and it is not revoked: revocation would close the other tabs' sockets as signed out.
   */
  async rotate(oldTokenHash: string | null, userId: string, masquerader: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const issued = await this.issue(userId, masquerader);
    if (oldTokenHash) {
      const until = new Date(this.now().getTime() + this.graceSeconds * 1000).toISOString();
      await this.db.query(
        'UPDATE tokens SET expires_at = least(expires_at, $2::timestamptz) WHERE token_hash = $1 AND user_id = $3 AND revoked_at IS NULL',
        [oldTokenHash, until, userId],
      );
    }
    return issued;
  }

  /** The token's user and expiry; null when unknown, revoked, or its account is blocked. */
  async resolve(token: string): Promise<TokenInfo | null> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const res = await this.db.query<{ user_id: string; expires_at: Date | string; masquerader: string | null }>(
      `SELECT t.user_id, t.expires_at, t.masquerader FROM tokens t JOIN accounts a ON a.user_id = t.user_id
       WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND NOT a.blocked`,
      [tokenHash],
    );
    const row = res.rows[0];
    if (!row) return null;
    const expiresAt = new Date(row.expires_at);
    return { tokenHash, userId: row.user_id, expiresAt, masquerader: row.masquerader, expired: expiresAt <= this.now() };
  }

  /** Revokes every token of a user (in `tx`) and tells every process to close their sockets. */
  async revokeUser(tx: Queryable, userId: string, reason: Revocation['reason']): Promise<void> {
    await tx.query('UPDATE tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, this.now().toISOString()]);
    const revocation: Revocation = { userId, reason };
    await tx.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, JSON.stringify(revocation)]);
  }

  /**
   * Revokes one token and tells every server process to close its sockets — or, with
   * `announce: false`, leaves the closing to a later `announceRevocation` (so a reply can go first).
   */
  async revoke(tokenHash: string, options: { announce: boolean } = { announce: true }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash, this.now().toISOString()]);
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
