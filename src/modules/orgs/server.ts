import { isEmail } from '../../shared/items/formRules';
import { OpError } from '../../server/OpError';
import type { Queryable } from '../../server/db/Database';
import type { ModuleServer } from '../../server/modules/ModuleServer';
import { bindOperation } from '../../server/ops/bindOperation';
import { readableRecord } from '../../server/ops/itemOps';
import { signedInCaller } from '../../server/ops/signedInCaller';
import { canUpdate } from '../../server/policy/policy';
import type { UserAccount } from '../../shared/modules/userAdmin';
import { orgsDefaultLists } from './defaultLists';
import { meetingStatus } from './meetingStatus';
import { ORG_LISTS } from './model';
import { orgsOperations } from './operations';
import { userState, type UserState } from './userState';

/** How long an invitation link stays valid, in hours. */
const INVITE_TTL_HOURS = 7 * 24;

type Caps = Record<string, boolean> | string;
// jsonb comes back parsed from PostgreSQL and as text from some drivers.
const caps = (value: Caps): Record<string, boolean> => (typeof value === 'string' ? (JSON.parse(value) as Record<string, boolean>) : value);

/** The later of two times, either possibly unknown. */
const latest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * When each contact's user last began a session of their own (not masqueraded). Setting the password
 * from an invitation signs the person in without the sign-in form, so the form's last_sign_in alone
 * would call someone who is using the site "never signed in".
 */
async function lastSessionByContact(db: Queryable, contactIds: readonly string[]): Promise<Map<string, Date>> {
  const res = await db.query<{ contact: string; started: Date | string }>(
    `SELECT u.data->'contact'->>'id' AS contact, max(t.created_at) AS started
     FROM items u JOIN tokens t ON t.user_id = u.id AND t.masquerader IS NULL
     WHERE u.type = 'User' AND u.data->'contact'->>'id' = ANY($1::text[])
     GROUP BY 1`,
    [contactIds],
  );
  return new Map(res.rows.map((r) => [r.contact, new Date(r.started)]));
}

const SYSTEM = { userId: null, masquerader: null };

/** The kinds of communication the demo community logs beyond the site's own (defaultLists.ts): its list shows both. */
const DEMO_COMMLOG_TYPES: [string, string][] = [
  ['COUNCIL_NOTICE', 'Band council notice'],
  ['RADIO', 'Community radio'],
];

/** The organisations module's actions (inviting a contact, accounts, the user state of contacts), Meeting's status, its lists' defaults and demo data. */
export const orgsServer: ModuleServer = {
  name: 'orgs',
  // A meeting's status follows from its times and the clock, so it is computed on every read, never stored.
  derived: [{ type: 'Meeting', name: '$status', compute: (data, now) => meetingStatus(data, now) ?? undefined }],
  // The required lists' starting values, on every site rather than only the demo: without them the forms cannot be filled.
  migrations: [orgsDefaultLists],
  async demo({ tx, items, organizations }) {
    for (const [key, en] of DEMO_COMMLOG_TYPES) {
      await items.create(
        SYSTEM,
        'LOVValue',
        { list: ORG_LISTS.commLogTypes, key, t: { en }, owner: { id: organizations.community }, state: 'ACTIVE' },
        { admin: true, tx },
      );
    }
  },
  ops: [
    // Invites a contact to become a user, or sends a fresh link to one invited before who has not
    // set a password yet. Whoever may change the contact may invite it (the invite permission).
    bindOperation(orgsOperations.invite, async (ctx, _p, { contactId }) => {
      const contact = await readableRecord(ctx, contactId);
      if (contact.type !== 'Contact') throw new OpError('invalidId', `${contact.id} is not a contact`);
      if (!canUpdate(ctx.caller, contact)) throw new OpError('notAllowed', `Not allowed to invite ${contact.id}`);
      const email = typeof contact.data.email === 'string' ? contact.data.email.trim() : '';
      if (!isEmail(email))
        throw new OpError('validationFailed', 'The contact needs an e-mail address first', { email: 'errors.invalidEmail' });
      const userId = await ctx.services.accounts.invite(
        contact.id,
        contact.label || email,
        email,
        signedInCaller(ctx).userId,
        INVITE_TTL_HOURS,
      );
      return { userId, invited: true as const };
    }),
    // What the administrator's user panel shows: the account's rights, memberships and block.
    bindOperation(orgsOperations.userAccount, async (ctx, _p, { userId }): Promise<UserAccount> => {
      if (!signedInCaller(ctx).admin) throw new OpError('notAllowed', 'Only an administrator reads accounts');
      const { db, items } = ctx.services;
      const account = (
        await db.query<{ admin: boolean; blocked: boolean; capabilities: Caps }>(
          'SELECT admin, blocked, capabilities FROM accounts WHERE user_id = $1',
          [userId],
        )
      ).rows[0];
      if (!account) throw new OpError('notFound', `${userId} has no account`);
      const members = (
        await db.query<{ org_id: string; capabilities: Caps }>(
          'SELECT org_id, capabilities FROM memberships WHERE user_id = $1 ORDER BY org_id',
          [userId],
        )
      ).rows;
      const labels = new Map((await items.findMany(members.map((m) => m.org_id))).map((r) => [r.id, r.label]));
      return {
        userId,
        admin: account.admin,
        blocked: account.blocked,
        capabilities: caps(account.capabilities),
        memberships: members.map((m) => ({ orgId: m.org_id, label: labels.get(m.org_id) ?? m.org_id, capabilities: caps(m.capabilities) })),
      };
    }),
    // The contact panel's account state, in every deployment: invitations are sent on every site, so
    // the panel must know whom it may still invite. Only for contacts the caller may change (invite).
    bindOperation(orgsOperations.userStates, async (ctx, _p, { contactIds }) => {
      const facts = await ctx.services.accounts.accountFactsByContact(contactIds);
      const sessions = await lastSessionByContact(ctx.services.db, contactIds);
      const now = new Date();
      const states: Record<string, UserState> = {};
      const lastSeen: Record<string, string> = {};
      for (const record of await ctx.services.items.findMany(contactIds)) {
        if (record.type !== 'Contact' || !ctx.caller || !(ctx.caller.admin || canUpdate(ctx.caller, record))) continue;
        const account = facts.get(record.id);
        const seen = latest(account?.lastSignIn ?? null, sessions.get(record.id) ?? null);
        states[record.id] = userState(account ? { ...account, lastSignIn: seen } : null, now);
        if (account && seen) lastSeen[record.id] = seen.toISOString();
      }
      return { states, lastSeen };
    }),
  ],
};
