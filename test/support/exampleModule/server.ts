/**
 * The journal's server part: a table of its own (a migration), a rule the item declaration cannot
 * say (a validator), a log of every change of its entries (a change hook), the operation that reads
 * that log, and its demo data.
 */
import { OpError } from '../../../src/server/OpError';
import type { FieldErrors } from '../../../src/shared/items/itemSchema';
import type { ModuleServer } from '../../../src/server/modules/ModuleServer';
import { bindOperation } from '../../../src/server/ops/bindOperation';
import { readableRecord } from '../../../src/server/ops/itemOps';
import { journalOperations } from './operations';

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
