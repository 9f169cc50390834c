/** The journal's server part: its demo data (its type needs no operation of its own: the core's create, read, search serve it). */
import type { ModuleServer } from '../../../src/server/modules/ModuleServer';

export const journalServer: ModuleServer = {
  name: 'journal',
  ops: [],
  async demo({ items, adminId, tx }) {
    await items.create(
      { userId: adminId, masquerader: null },
      'JournalEntry',
      { title: 'Moose tracks at the south creek', date: '2026-05-04' },
      { admin: true, tx },
    );
  },
};
