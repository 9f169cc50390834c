import type { UserSession } from '../../shared/protocol';
import type { Database, Queryable } from '../db/Database';
import { OpError } from '../OpError';
import type { Principal } from '../policy/Principal';
import type { ItemStore } from '../store/ItemStore';
import { hashPassword, randomPassword, verifyPassword } from './passwords';
import { SignInThrottle } from './SignInThrottle';
import type { TokenService } from './TokenService';

/** A new user's details. */
export interface NewUser {
  name: string;
  email: string;
  password?: string;
  admin?: boolean;
  capabilities?: Record<string, boolean>;
}

interface AccountRow {
  user_id: string;
  email: string;
  password_hash: string | null;
  admin: boolean;
  capabilities: Record<string, boolean> | string;
  blocked: boolean;
}

const normaliseEmail = (email: string): string => email.trim().toLowerCase();
const parseCaps = (c: AccountRow['capabilities']): Record<string, boolean> =>
  typeof c === 'string' ? (JSON.parse(c) as Record<string, boolean>) : c;

/** Users' accounts: creation, the first administrator, sign-in, and the session a token opens. */
export class AccountService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly db: Database,
    private readonly items: ItemStore,
    private readonly tokens: TokenService,
    private readonly version: string,
  ) {
    this.throttle = new SignInThrottle(db);
  }

  /** Creates a User item and its account in one transaction (or in `tx`); answers the user id. */
  async createUser(user: NewUser, createdBy: string | null = null, tx?: Queryable): Promise<string> {
    const hash = user.password ? await hashPassword(user.password) : null;
    const run = async (tx: Queryable): Promise<string> => {
      const taken = await tx.query('SELECT 1 FROM accounts WHERE email = $1', [normaliseEmail(user.email)]);
      if (taken.rowCount > 0) throw new OpError('validationFailed', `${user.email} already has an account`, { email: 'errors.emailTaken' });
      const record = await this.items.create(
        { userId: createdBy, masquerader: null },
        'User',
        { name: user.name, email: normaliseEmail(user.email), $access: 'PROTECTED' },
        { admin: true, tx },
      );
      await tx.query(
        'INSERT INTO accounts (user_id, email, password_hash, admin, capabilities) VALUES ($1, $2, $3, $4, $5)',
        [record.id, normaliseEmail(user.email), hash, user.admin ?? false, JSON.stringify(user.capabilities ?? {})],
      );
      return record.id;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /**
   * Makes sure an administrator exists, in `tx`. With no account for `email` yet, creates it with
   * `password` or a random one; answers the password only when it was generated, to print it once.
   */
  async ensureAdmin(tx: Queryable, email: string, password: string | undefined): Promise<{ userId: string; generatedPassword?: string }> {
    const existing = await tx.query<{ user_id: string; admin: boolean }>('SELECT user_id, admin FROM accounts WHERE email = $1', [normaliseEmail(email)]);
    if (existing.rows[0]) {
      if (!existing.rows[0].admin) await tx.query('UPDATE accounts SET admin = true WHERE email = $1', [normaliseEmail(email)]);
      return { userId: existing.rows[0].user_id };
    }
    const generated = password ? undefined : randomPassword();
    const userId = await this.createUser({ name: 'Administrator', email, password: password ?? generated, admin: true }, null, tx);
    return generated ? { userId, generatedPassword: generated } : { userId };
  }

  /** Whether any account exists yet. */
  async hasAccounts(tx: Queryable = this.db): Promise<boolean> {
    return (await tx.query('SELECT 1 FROM accounts LIMIT 1')).rowCount > 0;
  }

  /** Checks an e-mail and password; answers a new token, or refuses with signInFailed or signInThrottled. */
  async signIn(email: string, password: string, address: string): Promise<{ token: string; expiresAt: Date }> {
    const keys = [`email:${normaliseEmail(email)}`, `addr:${address}`];
    const wait = await this.throttle.waitSeconds(keys);
    if (wait > 0) throw new OpError('signInThrottled', `Too many failed sign-ins; try again in ${wait} s`);
    const res = await this.db.query<AccountRow>('SELECT * FROM accounts WHERE email = $1', [normaliseEmail(email)]);
    const account = res.rows[0];
    const ok = await verifyPassword(password, account?.password_hash ?? null);
    if (!account || !ok || account.blocked) {
      await this.throttle.fail(keys);
      throw new OpError('signInFailed', 'Wrong e-mail or password');
    }
    await this.throttle.clear([keys[0]!]);
    await this.db.query('UPDATE accounts SET last_sign_in = now() WHERE user_id = $1', [account.user_id]);
    return this.tokens.issue(account.user_id);
  }

  /** The principal of a resolved token, or null when its account is gone or blocked. */
  async principal(userId: string, tokenHash: string | null, masquerader: string | null): Promise<Principal | null> {
    const res = await this.db.query<AccountRow>('SELECT * FROM accounts WHERE user_id = $1', [userId]);
    const account = res.rows[0];
    if (!account || account.blocked) return null;
    return { userId, admin: account.admin, capabilities: parseCaps(account.capabilities), tokenHash, masquerader };
  }

  /** The user session sent with `authed` (spec 000 §3). */
  async session(principal: Principal, tokenExpires: Date): Promise<UserSession> {
    const record = await this.items.find(principal.userId);
    if (!record) throw new OpError('notFound', `${principal.userId} has no User item`);
    const d = record.data;
    return {
      $id: record.id,
      _t: 'User',
      _i: record.idx,
      name: String(d.name ?? ''),
      email: String(d.email ?? ''),
      admin: principal.admin,
      capabilities: { Core: true, ...principal.capabilities },
      menuPackage: 'default',
      dark: d.dark === true,
      hideGuidance: d.hideGuidance === true,
      multiColumns: d.multiColumns === true,
      $version: this.version,
      activeTasks: [],
      masquerading: principal.masquerader !== null,
      tokenExpires: tokenExpires.toISOString(),
    };
  }
}
