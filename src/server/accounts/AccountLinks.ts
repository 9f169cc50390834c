import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';
import { OpError } from '../OpError';
import { hashToken } from './TokenService';

/** What a mailed link lets its holder do. */
export type LinkPurpose = 'setPassword' | 'confirmEmail';

/** How long a mailed link stays valid, in hours. */
const LINK_TTL_HOURS: Record<LinkPurpose, number> = { setPassword: 2, confirmEmail: 72 };

/** One-time links mailed to users (set a password, confirm an address), stored only as hashes. */
export class AccountLinks {
  constructor(private readonly db: Database) {}

  /** Makes a link for `userId`; answers the token that goes into the mailed URL. */
  async create(userId: string, purpose: LinkPurpose, tx: Queryable = this.db, ttlHours = LINK_TTL_HOURS[purpose]): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expires = new Date(now.getTime() + ttlHours * 3600_000);
    await tx.query('INSERT INTO account_links (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      hashToken(token),
      userId,
      purpose,
      now.toISOString(),
      expires.toISOString(),
    ]);
    return token;
  }

  /** Uses a link once, in `tx`; answers its user, or refuses with linkExpired. */
  async use(tx: Queryable, token: unknown, purpose: LinkPurpose): Promise<string> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw new OpError('linkExpired', 'The link is not valid');
    const res = await tx.query<{ user_id: string }>(
      `UPDATE account_links SET used_at = now()
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [hashToken(token), purpose],
    );
    const row = res.rows[0];
    if (!row) throw new OpError('linkExpired', 'The link has expired or was already used');
    return row.user_id;
  }
}
