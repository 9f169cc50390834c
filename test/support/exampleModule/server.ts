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
import { JOURNAL_REMINDED } from './model';

const DAY = 86_400_000;

/** Whole days from the calendar day `date` (YYYY-MM-DD, UTC, as the validator reads it) to `now`'s. */
function daysAgo(date: unknown, now: Date): number | undefined {
  const seen = typeof date === 'string' ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(seen)) return undefined;
  return Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - seen) / DAY);
}

/** A draft older than this many days is reminded of, once (the journal's scheduled work). */
export const REMIND_DRAFTS_AFTER_DAYS = 7;
/** The daily look for old drafts, and the one-off job of one reminder (keyed by the entry's id). */
export const REMIND_DRAFTS_JOB = 'journal.remindDrafts';
export const REMIND_ENTRY_JOB = 'journal.remindEntry';

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
  // Scheduled work: every morning the drafts left more than a week get a reminder job each, keyed by
  // the entry, so however often the look runs, each entry is reminded once.
  jobs: [
    {
      name: REMIND_DRAFTS_JOB,
      schedule: { cron: '0 6 * * *' },
      async handler(ctx, tx) {
        const cutoff = new Date(ctx.now.getTime() - REMIND_DRAFTS_AFTER_DAYS * DAY).toISOString();
        const drafts = await tx!.query<{ id: string }>(
          `SELECT i.id FROM items i WHERE i.type = 'JournalEntry' AND i.deleted_at IS NULL AND i.data->>'state' = 'DRAFT'
             AND i.created_at <= $1 AND NOT EXISTS (SELECT 1 FROM events e WHERE e.item_id = i.id AND e.kind = $2)`,
          [cutoff, JOURNAL_REMINDED],
        );
        for (const { id } of drafts.rows) await ctx.jobs.schedule({ kind: REMIND_ENTRY_JOB, key: id }, tx!);
      },
    },
    {
      name: REMIND_ENTRY_JOB,
      async handler(ctx, tx) {
        // Still a draft when its turn comes: one submitted since needs no reminder.
        const entry = await tx!.query(`SELECT 1 FROM items WHERE id = $1 AND deleted_at IS NULL AND data->>'state' = 'DRAFT'`, [ctx.key]);
        if (entry.rowCount === 0) return;
        await ctx.services.items.appendEvent(tx!, { userId: null, masquerader: null }, { kind: JOURNAL_REMINDED, context: ctx.key });
      },
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
