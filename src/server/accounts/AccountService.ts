import type { UserSession } from '../../shared/protocol';
import type { Database, Queryable } from '../db/Database';
import { OpError } from '../OpError';
import type { Principal } from '../policy/Principal';
import type { ChangeHook, ItemStore } from '../store/ItemStore';
import { CAPABILITIES } from '../../shared/capabilities';
import { MIN_PASSWORD_LENGTH } from '../../shared/constants';
import { isEmail } from '../../shared/items/formRules';
import type { AccountFacts } from '../../shared/modules/userAdmin';
import type { Mailer } from '../mail/Mailer';
import { AccountLinks } from './AccountLinks';
import { hashPassword, randomPassword, verifyPassword } from './passwords';
import { SignInThrottle } from './SignInThrottle';
import { activeTasksOf } from '../tasks/activeTasksOf';
import { SESSIONS_CHANNEL, type TokenService } from './TokenService';

/** A new user's details. */
export interface NewUser {
  name: string;
  email: string;
  password?: string;
  admin?: boolean;
  capabilities?: Record<string, boolean>;
  /** False for self-registered accounts until the address is confirmed. */
  emailConfirmed?: boolean;
  /** The Contact item this user is. */
  contact?: string;
  /** Further properties of the User item (preferences an administrator set in the New user form). */
  properties?: Record<string, unknown>;
}

interface AccountRow {
  user_id: string;
  email: string;
  password_hash: string | null;
  admin: boolean;
  capabilities: Record<string, boolean> | string;
  blocked: boolean;
  email_confirmed: boolean;
}

const normaliseEmail = (email: string): string => email.trim().toLowerCase();
const parseCaps = (c: AccountRow['capabilities']): Record<string, boolean> =>
  typeof c === 'string' ? (JSON.parse(c) as Record<string, boolean>) : c;

/** One open session of a user, as they see it in their list. */
export interface SessionInfo {
  id: string;
  started: string;
  expires: string;
  current: boolean;
  masqueraded: boolean;
}

/** The capabilities a session shows: Core, those held on the site, and those held in any organisation. */
function sessionCapabilities(p: Principal): Record<string, boolean> {
  const caps: Record<string, boolean> = { Core: true };
  for (const held of [p.capabilities, ...Object.values(p.orgs)]) {
    for (const [name, on] of Object.entries(held)) if (on && (CAPABILITIES as readonly string[]).includes(name)) caps[name] = true;
  }
  return caps;
}

/** Users' accounts: creation, the first administrator, sign-in, and the session a token opens. */
export class AccountService {
  private readonly throttle: SignInThrottle;
  private readonly links: AccountLinks;

  constructor(
    private readonly db: Database,
    private readonly items: ItemStore,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly site: { version: string; siteName: string; baseUrl: () => string },
  ) {
    this.throttle = new SignInThrottle(db);
    this.links = new AccountLinks(db);
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
        {
          ...user.properties,
          name: user.name,
          email: normaliseEmail(user.email),
          $access: 'PROTECTED',
          ...(user.contact ? { contact: { id: user.contact } } : {}),
        },
        { admin: true, tx },
      );
      await tx.query(
        'INSERT INTO accounts (user_id, email, password_hash, admin, capabilities, email_confirmed) VALUES ($1, $2, $3, $4, $5, $6)',
        [
          record.id,
          normaliseEmail(user.email),
          hash,
          user.admin ?? false,
          JSON.stringify(user.capabilities ?? {}),
          user.emailConfirmed ?? true,
        ],
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
    const existing = await tx.query<{ user_id: string; admin: boolean }>('SELECT user_id, admin FROM accounts WHERE email = $1', [
      normaliseEmail(email),
    ]);
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

  /**
   * Checks an e-mail and password; answers a new token, or refuses with signInFailed or
   * signInThrottled. The attempt is reserved against the address and the account before the
   * password is hashed, so a burst of concurrent guesses gets no more checks than a sequence.
   */
  async signIn(email: string, password: string, address: string): Promise<{ token: string; expiresAt: Date }> {
    const accountKey = `email:${normaliseEmail(email)}`;
    const addressKey = `addr:${address}`;
    // The address first: a throttled address cannot add to (and so lengthen) an account's lock.
    const wait = await this.throttle.reserve([addressKey, accountKey]);
    if (wait > 0) throw new OpError('signInThrottled', `Too many failed sign-ins; try again in ${wait} s`);
    const res = await this.db.query<AccountRow>('SELECT * FROM accounts WHERE email = $1', [normaliseEmail(email)]);
    const account = res.rows[0];
    const ok = await verifyPassword(password, account?.password_hash ?? null);
    // A failure keeps both reservations: they are the count.
    if (!account || !ok || account.blocked) throw new OpError('signInFailed', 'Wrong e-mail or password');
    if (!account.email_confirmed) {
      await this.throttle.release([addressKey, accountKey]);
      throw new OpError('emailNotConfirmed', 'Confirm your e-mail address with the link we sent first');
    }
    await this.throttle.clear([accountKey]);
    // Only this attempt is given back: someone's own account cannot wipe the address's failures.
    await this.throttle.release([addressKey]);
    await this.db.query('UPDATE accounts SET last_sign_in = now() WHERE user_id = $1', [account.user_id]);
    return this.tokens.issue(account.user_id);
  }

  /** Registers a new account and mails the link that confirms its address. */
  async register(name: unknown, email: unknown, password: unknown): Promise<void> {
    const fields: Record<string, string> = {};
    if (typeof name !== 'string' || name.trim() === '' || name.length > 200) fields.name = 'errors.required';
    if (typeof email !== 'string' || !isEmail(email.trim()) || email.length > 320) fields.email = 'errors.invalidEmail';
    if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > 1024)
      fields.password = 'errors.passwordTooShort';
    if (Object.keys(fields).length) throw new OpError('validationFailed', 'Registration details are not valid', fields);
    const user = { name: (name as string).trim(), email: (email as string).trim(), password: password as string, emailConfirmed: false };
    const token = await this.db.transaction(async (tx) => {
      const userId = await this.createUser(user, null, tx);
      return this.links.create(userId, 'confirmEmail', tx);
    });
    await this.mailer.send({
      to: user.email,
      subject: `Confirm your e-mail address for ${this.site.siteName}`,
      text: `Hello ${user.name},\n\nPlease confirm your e-mail address by opening this link:\n\n${this.site.baseUrl()}/confirm-email?token=${token}\n\nThe link is valid for 72 hours. If you did not register, ignore this message.\n`,
    });
  }

  /**
   * Invites a contact: creates its user (linked to the contact) unless one exists without a password
   * yet, and mails a set-password link valid for `ttlHours`. A contact whose user already has a
   * password is refused: they can sign in, or use "forgot password".
   */
  async invite(contactId: string, name: string, email: string, invitedBy: string, ttlHours: number): Promise<string> {
    const { userId, token } = await this.db.transaction(async (tx) => {
      const existing = await tx.query<{ user_id: string; password_hash: string | null; blocked: boolean }>(
        'SELECT user_id, password_hash, blocked FROM accounts WHERE email = $1',
        [normaliseEmail(email)],
      );
      const account = existing.rows[0];
      if (account?.password_hash) throw new OpError('validationFailed', `${email} already has an account`, { email: 'errors.alreadyUser' });
      if (account?.blocked) throw new OpError('notAllowed', `${email} belongs to a blocked user`);
      const id = account?.user_id ?? (await this.createUser({ name, email, contact: contactId }, invitedBy, tx));
      return { userId: id, token: await this.links.create(id, 'setPassword', tx, ttlHours) };
    });
    await this.mailer.send({
      to: email,
      subject: `You are invited to ${this.site.siteName}`,
      text: `Hello ${name},\n\nYou have been invited to ${this.site.siteName}. Choose your password here to start:\n\n${this.site.baseUrl()}/set-pass?token=${token}\n\nThe link is valid for ${Math.round(ttlHours / 24)} days.\n`,
    });
    return userId;
  }

  /** What is known of the accounts behind contacts (linked through the User item's `contact`). */
  async accountFactsByContact(contactIds: readonly string[]): Promise<Map<string, AccountFacts>> {
    const res = await this.db.query<{ contact: string; blocked: boolean; has_password: boolean; last_sign_in: Date | string | null }>(
      `SELECT u.data->'contact'->>'id' AS contact, a.blocked, a.password_hash IS NOT NULL AS has_password, a.last_sign_in
       FROM items u JOIN accounts a ON a.user_id = u.id
       WHERE u.type = 'User' AND u.data->'contact'->>'id' = ANY($1::text[])`,
      [contactIds],
    );
    return new Map(
      res.rows.map((r) => [
        r.contact,
        {
          blocked: r.blocked,
          hasPassword: r.has_password,
          lastSignIn: r.last_sign_in === null ? null : new Date(r.last_sign_in),
        },
      ]),
    );
  }

  /** Confirms an address from a mailed link. */
  async confirmEmail(token: unknown): Promise<void> {
    await this.db.transaction(async (tx) => {
      const userId = await this.links.use(tx, token, 'confirmEmail');
      await tx.query('UPDATE accounts SET email_confirmed = true WHERE user_id = $1', [userId]);
    });
  }

  /** Mails a set-password link when `email` has an account; says nothing either way. */
  async requestPasswordReset(email: unknown): Promise<void> {
    if (typeof email !== 'string' || email.length > 320) return;
    const res = await this.db.query<{ user_id: string; email: string }>(
      'SELECT user_id, email FROM accounts WHERE email = $1 AND NOT blocked',
      [normaliseEmail(email)],
    );
    const account = res.rows[0];
    if (!account) return;
    // One mail a minute per account at most, so the form cannot be used to flood a mailbox.
    const recent = await this.db.query(
      `SELECT 1 FROM account_links WHERE user_id = $1 AND purpose = 'setPassword' AND created_at > now() - interval '60 seconds'`,
      [account.user_id],
    );
    if (recent.rowCount > 0) return;
    const token = await this.links.create(account.user_id, 'setPassword');
    await this.mailer.send({
      to: account.email,
      subject: `Set your password for ${this.site.siteName}`,
      text: `Hello,\n\nOpen this link to set a new password:\n\n${this.site.baseUrl()}/set-pass?token=${token}\n\nThe link is valid for 2 hours and works once. If you did not ask for it, ignore this message: your password stays as it is.\n`,
    });
  }

  /**
   * Sets a password from a mailed link, confirms the address (the link proves it), ends every
   * other session of the user, and answers a new token.
   */
  async setPassword(token: unknown, password: unknown): Promise<{ token: string; expiresAt: Date }> {
    if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > 1024) {
      throw new OpError('validationFailed', `A password needs at least ${MIN_PASSWORD_LENGTH} characters`, {
        password: 'errors.passwordTooShort',
      });
    }
    const hash = await hashPassword(password);
    const userId = await this.db.transaction(async (tx) => {
      const id = await this.links.use(tx, token, 'setPassword');
      await tx.query('UPDATE accounts SET password_hash = $2, email_confirmed = true WHERE user_id = $1', [id, hash]);
      await this.tokens.revokeUser(tx, id, 'signedout');
      return id;
    });
    return this.tokens.issue(userId);
  }

  /**
   * A change hook: a User item whose person record (`contact`) changed has its sockets reload the
   * user's rights, since they read that record (Principal.contactId).
   */
  readonly onUserChange: ChangeHook = async (tx, change, record, _author, event) => {
    if (record.type !== 'User' || change.kind !== 'updated') return;
    const res = await tx.query<{ contact: boolean }>(`SELECT 'contact' = ANY(changed) AS contact FROM events WHERE id = $1`, [event.id]);
    if (res.rows[0]?.contact) await this.refreshSessions(tx, record.id);
  };

  /** Tells every socket of `userId`, on every process, to reload the user's rights. */
  private async refreshSessions(tx: Queryable, userId: string): Promise<void> {
    await tx.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, JSON.stringify({ userId, reason: 'refresh' })]);
  }

  /** Makes `userId` a member of `orgId` with `capabilities` there (replacing earlier ones). */
  async setMembership(userId: string, orgId: string, capabilities: Record<string, boolean>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.requireAccount(tx, userId);
      const org = await tx.query(`SELECT 1 FROM items WHERE id = $1 AND type = 'Organization' AND deleted_at IS NULL`, [orgId]);
      if (org.rowCount === 0) throw new OpError('notFound', `${orgId} is not an organisation`);
      await tx.query(
        `INSERT INTO memberships (user_id, org_id, capabilities) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, org_id) DO UPDATE SET capabilities = EXCLUDED.capabilities`,
        [userId, orgId, JSON.stringify(capabilities)],
      );
      await this.refreshSessions(tx, userId);
    });
  }

  /** Ends the membership of `userId` in `orgId`. */
  async removeMembership(userId: string, orgId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const gone = await tx.query('DELETE FROM memberships WHERE user_id = $1 AND org_id = $2', [userId, orgId]);
      if (gone.rowCount === 0) throw new OpError('notFound', `${userId} is not a member of ${orgId}`);
      await this.refreshSessions(tx, userId);
    });
  }

  /** Blocks or unblocks a user; blocking ends every session of theirs at once, on every process. */
  async setBlocked(caller: Principal, userId: string, blocked: boolean): Promise<void> {
    if (userId === caller.userId || userId === caller.masquerader) throw new OpError('notAllowed', 'You cannot block yourself');
    await this.db.transaction(async (tx) => {
      const account = await this.requireAccount(tx, userId);
      if (account.admin && blocked)
        throw new OpError('notAllowed', 'An administrator cannot be blocked; remove the administrator right first');
      await tx.query('UPDATE accounts SET blocked = $2 WHERE user_id = $1', [userId, blocked]);
      if (blocked) await this.tokens.revokeUser(tx, userId, 'blocked');
    });
  }

  /** Ends every session of `userId` (their open sockets close with signedout). */
  async endSessions(userId: string, exceptTokenHash: string | null = null): Promise<number> {
    return this.db.transaction(async (tx) => {
      const res = await tx.query<{ token_hash: string }>(
        `UPDATE tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
           AND token_hash IS DISTINCT FROM $2 RETURNING token_hash`,
        [userId, exceptTokenHash],
      );
      for (const row of res.rows) {
        await tx.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANNEL, JSON.stringify({ tokenHash: row.token_hash, reason: 'signedout' })]);
      }
      return res.rowCount;
    });
  }

  /** The open sessions of `userId`: when each began and ends, and which is the caller's own. */
  async sessions(userId: string, currentTokenHash: string | null): Promise<SessionInfo[]> {
    const { tokenIdleSeconds, tokenMaxAgeSeconds } = this.tokens.lifetimes;
    // Only sessions that still let someone in: not idle past the idle time, not past the maximum age.
    const res = await this.db.query<{
      token_hash: string;
      session_started_at: Date | string;
      expires_at: Date | string;
      masquerader: string | null;
    }>(
      `SELECT token_hash, session_started_at, expires_at, masquerader FROM tokens
       WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
         AND last_used_at > now() - make_interval(secs => $2) AND session_started_at > now() - make_interval(secs => $3)
       ORDER BY created_at DESC`,
      [userId, tokenIdleSeconds, tokenMaxAgeSeconds],
    );
    return res.rows.map((r) => ({
      // A short, stable handle: never the token or its whole hash.
      id: r.token_hash.slice(0, 16),
      // When the person signed in, not when the token was last refreshed.
      started: new Date(r.session_started_at).toISOString(),
      expires: new Date(r.expires_at).toISOString(),
      current: r.token_hash === currentTokenHash,
      masqueraded: r.masquerader !== null,
    }));
  }

  /** Ends one session of `userId`, named by the handle `sessions` answers. */
  async endSession(userId: string, handle: string): Promise<void> {
    if (!/^[0-9a-f]{16}$/.test(handle)) throw new OpError('parseRequestFailed', 'A session is named by its 16-character handle');
    const res = await this.db.query<{ token_hash: string }>(
      `SELECT token_hash FROM tokens WHERE user_id = $1 AND revoked_at IS NULL AND left(token_hash, 16) = $2`,
      [userId, handle],
    );
    if (!res.rows[0]) throw new OpError('notFound', 'No such session');
    await this.tokens.revoke(res.rows[0].token_hash);
  }

  /** Replaces the capabilities `userId` holds on the whole site. */
  async setCapabilities(userId: string, capabilities: Record<string, boolean>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.requireAccount(tx, userId);
      await tx.query('UPDATE accounts SET capabilities = $2 WHERE user_id = $1', [userId, JSON.stringify(capabilities)]);
      await this.refreshSessions(tx, userId);
    });
  }

  private async requireAccount(tx: Queryable, userId: string): Promise<{ admin: boolean; blocked: boolean }> {
    const res = await tx.query<{ admin: boolean; blocked: boolean }>('SELECT admin, blocked FROM accounts WHERE user_id = $1', [userId]);
    if (!res.rows[0]) throw new OpError('notFound', `${userId} has no account`);
    return res.rows[0];
  }

  /**
   * Starts masquerading: a token for `targetUserId` that remembers the administrator behind it.
   * Only an administrator who is not already masquerading may, and never as another administrator.
   */
  async startMasquerade(caller: Principal, targetUserId: string): Promise<{ token: string; expiresAt: Date }> {
    if (!caller.admin || caller.masquerader) throw new OpError('notAllowed', 'Only an administrator may masquerade');
    const target = await this.requireAccount(this.db, targetUserId);
    if (target.admin) throw new OpError('notAllowed', 'Administrators cannot be masqueraded');
    if (target.blocked) throw new OpError('notAllowed', `${targetUserId} is blocked`);
    // Part of the administrator's session, not a new sign-in: it ends when theirs would (ASVS 7.3.2).
    return this.tokens.issue(targetUserId, caller.userId, await this.sessionStartOf(caller));
  }

  /**
   * Stops masquerading: ends the masquerade token (its sockets close once the reply carrying the
   * administrator's new token has gone out) and answers a token for the administrator again.
   */
  async stopMasquerade(caller: Principal): Promise<{ token: string; expiresAt: Date }> {
    if (!caller.masquerader) throw new OpError('notAllowed', 'Not masquerading');
    // Back in the administrator's own session, which the masquerade carried on.
    const issued = await this.tokens.issue(caller.masquerader, null, await this.sessionStartOf(caller));
    const hash = caller.tokenHash;
    if (hash) {
      await this.tokens.revoke(hash, { announce: false });
      // A timer runs after the pending reply has been written to the socket.
      setTimeout(() => void this.tokens.announceRevocation(hash).catch((e) => console.error('Announcing a revocation failed:', e)), 0);
    }
    return issued;
  }

  /** When the caller's session began; a caller without a live token is refused. */
  private async sessionStartOf(caller: Principal): Promise<Date> {
    const start = caller.tokenHash ? await this.tokens.sessionStart(caller.tokenHash) : null;
    if (!start) throw new OpError('notSignedIn', 'This needs a session token');
    return start;
  }

  /** The principal of a resolved token, or null when its account is gone or blocked. */
  async principal(
    userId: string,
    tokenHash: string | null,
    masquerader: string | null,
    tx: Queryable = this.db,
  ): Promise<Principal | null> {
    const res = await tx.query<AccountRow>('SELECT * FROM accounts WHERE user_id = $1', [userId]);
    const account = res.rows[0];
    if (!account || account.blocked) return null;
    const members = await tx.query<{ org_id: string; capabilities: AccountRow['capabilities'] }>(
      'SELECT org_id, capabilities FROM memberships WHERE user_id = $1',
      [userId],
    );
    const orgs = Object.fromEntries(members.rows.map((m) => [m.org_id, parseCaps(m.capabilities)]));
    const own = await tx.query<{ contact: string | null }>(`SELECT data->'contact'->>'id' AS contact FROM items WHERE id = $1`, [userId]);
    const contactId = own.rows[0]?.contact ?? null;
    return { userId, admin: account.admin, capabilities: parseCaps(account.capabilities), orgs, tokenHash, masquerader, contactId };
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
      // Capabilities held in any organisation count for menus; each check on an item asks the policy.
      capabilities: sessionCapabilities(principal),
      menuPackage: 'default',
      dark: d.dark === true,
      hideGuidance: d.hideGuidance === true,
      multiColumns: d.multiColumns === true,
      $version: this.site.version,
      activeTasks: await activeTasksOf(this.db, principal.userId),
      masquerading: principal.masquerader !== null,
      organizations: principal.orgs,
      tokenExpires: tokenExpires.toISOString(),
    };
  }
}
