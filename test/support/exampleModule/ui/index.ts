/** The journal's screens and their messages: one chunk. */
import type { ModuleScreens } from '../../../../src/client/modules/ModuleClient';
import { JournalView } from './JournalView';

export const journalScreens: ModuleScreens = {
  views: { 'v-journal': JournalView },
  messages: {
    'journal.count': '{count, plural, =0 {No entries yet.} one {One entry} other {# entries}}',
    'journal.new': 'New entry',
  },
};
