/**
 * The journal's server part: a table of its own (a migration), a rule the item declaration cannot
 * say (a validator), a log of every change of its entries (a change hook), the operation that reads
 * that log, who reads and creates entries (permission rules), how long ago an entry was seen (a
 * derived field), and its demo data.
 */
import { OpError } from '../../../src/server/OpError';
import type { FieldErrors } from '../../../src/shared/items/itemSchema';
import type { ModuleServer } from '../../../src/server/modules/ModuleServer';
import { bindOperation } from '../../../src/server/ops/bindOperation';
import { readableRecord } from '../../../src/server/ops/itemOps';
import type { Caller } from '../../../src/server/policy/Principal';
import { journalOperations } from './operations';

const DAY = 86_400_000;

/** Whole days from the calendar day `date` (YYYY-MM-DD, UTC, as the validator reads it) to `now`'s. */
function daysAgo(date: unknown, now: Date): number | undefined {
  const seen = typeof date === 'string' ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(seen)) return undefined;
  return Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - seen) / DAY);
}

const authorOrAdmin = (caller: Caller, author: string | null): boolean => !!caller && (caller.admin || caller.userId === author);

export const journalServer: ModuleServer = {
  name: 'journal',
  migrations: [
    {
      id: 1001,
      name: 'journal_changes',
      sql: 'CREATE TABLE journal_changes (entry_id text NOT NULL, kind text NOT NULL, at timestamptz NOT NULL DEFAULT now())',
    },
  ],
  // An entry tells what was seen: it cannot be dated in the future.
  validators: [
    async (_tx, { type, data }): Promise<FieldErrors> =>
      type.name === 'JournalEntry' && typeof data.date === 'string' && data.date > new Date().toISOString().slice(0, 10)
        ? { date: 'errors.journal.futureDate' }
        : {},
  ],
  permissions: [
    // An entry marked private is read by its author and administrators only: not by the members,
    // the community or the grantees its visibility and grants would let in. Others as the core says.
    {
      type: 'JournalEntry',
      action: 'read',
      allow: (caller, entry, generic) => (entry.data.private === true ? authorOrAdmin(caller, entry.createdBy) : generic),
      sql: (caller, generic, param) => {
        const author = !caller ? 'FALSE' : caller.admin ? 'TRUE' : `i.created_by = ${param(caller.userId)}`;
        return `(CASE WHEN i.data->'private' = 'true'::jsonb THEN ${author} ELSE ${generic} END)`;
      },
    },
    // Keeping a field journal is research: entries are created by holders of the Research capability
    // (and administrators), on top of what the core asks of any creation.
    {
      type: 'JournalEntry',
      action: 'create',
      allow: (caller, _ownerOrg, generic) => generic && !!caller && (caller.admin || caller.capabilities.Research === true),
    },
  ],
  derived: [{ type: 'JournalEntry', name: '$daysAgo', compute: (data, now) => daysAgo(data.date, now) }],
  changeHooks: [
    async (tx, change, record) => {
      if (record.type === 'JournalEntry')
        await tx.query('INSERT INTO journal_changes (entry_id, kind) VALUES ($1, $2)', [change.id, change.kind]);
    },
  ],
  ops: [
    bindOperation(journalOperations.changes, async (ctx, _params, { entryId }) => {
      const entry = await readableRecord(ctx, entryId); // notFound and notAllowed alike
      if (entry.type !== 'JournalEntry') throw new OpError('invalidId', `${entry.id} is not a journal entry`);
      const res = await ctx.services.db.query<{ n: string | number }>('SELECT count(*) AS n FROM journal_changes WHERE entry_id = $1', [
        entryId,
      ]);
      return { changes: Number(res.rows[0]?.n ?? 0) };
    }),
  ],
  async demo({ items, adminId, tx }) {
    await items.create(
      { userId: adminId, masquerader: null },
      'JournalEntry',
      { title: 'Moose tracks at the south creek', date: '2026-05-04' },
      { admin: true, tx },
    );
  },
};
