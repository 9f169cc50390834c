/**
 * The smallest complete domain module (docs/modules.md): a field journal. Its model is what both
 * sides read: one item type, a menu entry, a view, their labels and the one icon the core lacks.
 */
import type { ItemData, ItemTypeDef } from '../../../src/shared/items/types';
import type { ModuleModel } from '../../../src/shared/modules/ModuleModel';
import { journalEntryStates, JOURNAL_ENTRY_STATES } from './journalEntryStates';
import { journalOperations } from './operations';
import { transitionKind } from '../../../src/shared/events/EventKindDef';

/** A domain event the journal appends: an entry names others it relates to (its `also`). */
export const JOURNAL_LINKED = 'journal.linked';
/** The event the journal's scheduled reminder appends, once, to an entry left a draft too long (server.ts). */
export const JOURNAL_REMINDED = 'journal.reminded';

/** One entry of the journal: what was seen on the land, and when. */
export const JournalEntryType: ItemTypeDef = {
  name: 'JournalEntry',
  defaultIcon: 'book',
  defaultAccess: 'PRIVATE',
  properties: {
    title: { kind: 'textField', required: true, notBlank: true, maxLength: 200, sortable: true },
    date: { kind: 'DT', required: true, sortable: true, facet: { kind: 'dateRanges' } },
    notes: { kind: 'HTM', maxLength: 20_000 },
    /** Kept from everyone but its author and administrators, whatever its visibility and grants (the server part's read rule). */
    private: { kind: 'BOOL' },
    /** How many days ago it was seen: derived by the server from `date` and the clock, never stored. */
    $daysAgo: { kind: 'NUM', number: 'INTEGER', readOnly: true },
    /** Where it is in its life: moved by the server alone, through the transitions of `journalEntryStates`. */
    state: { kind: 'SEL', options: JOURNAL_ENTRY_STATES, readOnly: true },
  },
  label: (item: ItemData) => (typeof item.title === 'string' ? item.title : ''),
  listItem: { title: 'title', subtitle: 'date', icon: 'book' },
  defaultHeaders: ['date', 'title'],
};

/** The journal's import kind: rows of journal entries, keyed by their title. */
export const JOURNAL_IMPORT = 'JOURNAL_ENTRIES';

/** The virtual type of the files attached to entries (ids `journalAttachment-{index of the Attachment}`). */
export const JOURNAL_ATTACHMENT = 'journalAttachment';

/** The journal's own list: the categories an organisation sorts its entries into (values only: no property takes them yet). */
export const JOURNAL_CATEGORIES = 'JOURNAL_CATEGORIES';

/** The field journal: one type, its list of categories, a menu entry and a view. */
export const journalModule: ModuleModel = {
  name: 'journal',
  itemTypes: [JournalEntryType],
  // Who may start an organisation's entries (Research holders who write for it, and administrators)
  // decides how they are sorted: the list's values need create on JournalEntry (docs/modules.md).
  lists: [{ name: JOURNAL_CATEGORIES, editRight: { action: 'create', type: 'JournalEntry' } }],
  menu: [
    { path: 'journal', title: 'views.v-journal', icon: 'book' },
    { path: 'journal.attachments', title: 'views.v-journal.attachments', icon: 'attachment' },
  ],
  // The files of its entries, searched with the entry's title, date and state beside each (spec 001 consultAttachment).
  virtualTypes: [
    {
      name: JOURNAL_ATTACHMENT,
      over: 'Attachment',
      parent: 'entry',
      parentTypes: ['JournalEntry'],
      parentProperties: ['title', 'date', 'state'],
    },
  ],
  operations: journalOperations,
  stateCharts: [{ type: 'JournalEntry', property: 'state', chart: journalEntryStates }],
  // A new entry, and a draft taken up again, go through three steps: what and when, the notes, who reads it.
  wizards: [
    {
      type: 'JournalEntry',
      steps: [
        { key: 'what', title: 'wizards.journal.what', properties: ['title', 'date'] },
        { key: 'notes', title: 'wizards.journal.notes', properties: ['notes'] },
        { key: 'privacy', title: 'wizards.journal.privacy', properties: ['private'], review: true },
      ],
    },
  ],
  // The home screen: its entries on a calendar by the day they were seen, and the newest ones.
  cards: [
    {
      key: 'journal.calendar',
      title: 'dashboard.journal.calendar',
      size: 'TWO_THIRDS',
      kind: 'calendar',
      type: 'JournalEntry',
      dateProperty: 'date',
    },
    {
      key: 'journal.recent',
      title: 'dashboard.journal.recent',
      size: 'THIRD',
      kind: 'list',
      type: 'JournalEntry',
      empty: 'dashboard.journal.none',
    },
  ],
  // Its transitions say themselves with their states; `journal.linked` names other entries it concerns.
  eventKinds: [
    { kind: transitionKind('entry.submit'), description: 'events.journal.submitted', uses: ['states'] },
    { kind: transitionKind('entry.publish'), description: 'events.journal.published', uses: ['states'] },
    { kind: transitionKind('entry.withdraw'), description: 'events.journal.withdrawn', uses: ['states'] },
    { kind: JOURNAL_LINKED, description: 'events.journal.linked', uses: ['also'] },
    { kind: JOURNAL_REMINDED, description: 'events.journal.reminded' },
  ],
  // Entries come from a spreadsheet too: one a row, found again by their title (docs/modules.md, Imports and exports).
  importKinds: [{ kind: JOURNAL_IMPORT, type: 'JournalEntry', key: 'title' }],
  views: { 'v-journal': {}, 'v-journal.attachments': {} },
  labels: {
    'types.JournalEntry': 'journal entry',
    'types.JournalEntry.title': 'Title',
    'types.JournalEntry.date': 'Date',
    'types.JournalEntry.notes': 'Notes',
    'types.JournalEntry.private': 'Only for me',
    'types.JournalEntry.$daysAgo': 'Days ago',
    'types.JournalEntry.state': 'State',
    'types.JournalEntry.state.entry.submit': 'Submit',
    'types.JournalEntry.state.entry.publish': 'Publish',
    'types.JournalEntry.state.entry.withdraw': 'Withdraw',
    'options.DRAFT': 'Draft',
    'options.SUBMITTED': 'Submitted',
    'options.PUBLISHED': 'Published',
    'options.WITHDRAWN': 'Withdrawn',
    'views.v-journal': 'Journal',
    'views.v-journal.attachments': 'Journal files',
    'types.journalAttachment': 'journal file',
    'types.journalAttachment.originalName': 'File name',
    'types.journalAttachment.size': 'Size',
    'types.journalAttachment.kind': 'Kind',
    'types.journalAttachment.filetype': 'File type',
    'types.journalAttachment.extension': 'Extension',
    'types.journalAttachment.entry': 'Entry',
    'types.journalAttachment.title': 'Entry title',
    'types.journalAttachment.date': 'Entry date',
    'types.journalAttachment.state': 'Entry state',
    'wizards.journal.what': 'What and when',
    'wizards.journal.notes': 'Notes',
    'wizards.journal.privacy': 'Privacy and review',
    'dashboard.journal.calendar': 'Entries by date',
    'dashboard.journal.recent': 'Recent entries',
    'dashboard.journal.none': 'No entries yet.',
    'imports.kinds.JOURNAL_ENTRIES': 'Journal entries',
    'events.journal.submitted': '{by} submitted {context} for review ({from} → {to}) on {date}',
    'events.journal.published': '{by} published {context} ({from} → {to}) on {date}',
    'events.journal.withdrawn': '{by} withdrew {context} ({from} → {to}) on {date}',
    'events.journal.linked': '{by} linked {context} to {also} on {date}',
    'events.journal.reminded': '{context} has been a draft for more than a week: reminded on {date}',
    'errors.journal.futureDate': 'An entry tells what was seen: it cannot be dated in the future.',
  },
  // Material Design's "book".
  icons: { book: 'M18 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M6 4h5v8l-2.5-1.5L6 12z' },
};
