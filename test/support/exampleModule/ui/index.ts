/** The journal's screens and their messages: one chunk. */
import type { ModuleScreens } from '../../../../src/client/modules/ModuleClient';
import { JournalAttachmentsView } from './JournalAttachmentsView';
import { JournalView } from './JournalView';

export const journalScreens: ModuleScreens = {
  views: { 'v-journal': JournalView, 'v-journal.attachments': JournalAttachmentsView },
  messages: {
    'journal.count': '{count, plural, =0 {No entries yet.} one {One entry} other {# entries}}',
    'journal.new': 'New entry',
  },
};
