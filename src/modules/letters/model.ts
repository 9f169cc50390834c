/**
 * The response-letters module (spec 001 "Response letters", issue 15): an organisation's letter
 * templates (the RLT_LETTERS list, each value's text a LetterTemplate), and letters on a community's
 * response, proposed by one person, approved by another, sent to the consultation's contacts as PDF
 * and DOCX and filed on the response. Its item types, list, menu, views, event kinds, labels, icons.
 */
import type { ItemData, ItemTypeDef } from '../../shared/items/types';
import type { ModuleModel, NavUser } from '../../shared/modules/ModuleModel';
import { DELIVERY_STATES, LETTER_STATES, LETTERS_LIST } from './letterRules';
import { lettersLabels } from './labels';
import { LETTER_STEP_KINDS } from './letterSteps';
import { lettersOperations } from './operations';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const LIST_FACET = { kind: 'terms' } as const;

/** The capability of spec 001 §6 that opens the letters' screens to those who write for no community. */
export const RESPONSE_LETTERS = 'ResponseLetters';

/** The event kinds of a letter's moves and its delivery (context: the letter; also: its response). */
export const LETTER_EVENT_KINDS = {
  proposed: 'letters.proposed',
  withdrawn: 'letters.withdrawn',
  approved: 'letters.approved',
  sentBack: 'letters.sentBack',
  sent: 'letters.sent',
  mailed: 'letters.mailed',
} as const;

/** The text of one of an organisation's letters (a value of RLT_LETTERS), with fields of the response to fill. */
export const LetterTemplateType: ItemTypeDef = {
  name: 'LetterTemplate',
  defaultIcon: 'letter',
  defaultAccess: 'PROTECTED',
  properties: {
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    /** The list value it is the text of: one template per value and organisation. */
    // No facet: a facet of an organisation's own list values would name them by key.
    letter: { kind: 'LOV', list: LETTERS_LIST, required: true },
    /** The mail's subject line (fields allowed). */
    subject: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    /** The letter's text, with `{{consultation.projectName}}` and the other fields (letterRules.ts). */
    body: { kind: 'HTM', required: true, maxLength: 100_000 },
  },
  label: (item: ItemData) => text(item.subject),
  listItem: { title: 'subject', subtitle: 'letter', icon: 'letter' },
  defaultHeaders: ['subject', 'letter', 'owner'],
};

/** A letter of a community's response: its text, who proposed, approved and sent it, and to whom. */
export const ResponseLetterType: ItemTypeDef = {
  name: 'ResponseLetter',
  defaultIcon: 'letter',
  defaultAccess: 'PROTECTED',
  properties: {
    // Shown in the response's Letters panel rather than as a list of related items.
    response: { kind: 'REL', relTypes: ['ConsultResponse'], required: true, readOnly: true, related: false },
    // The response's community: listed on the response, not among everything the organisation holds.
    owner: { kind: 'REL', relTypes: ['Organization'], required: true, readOnly: true, related: false },
    template: { kind: 'REL', relTypes: ['LetterTemplate'], readOnly: true, related: false },
    subject: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    body: { kind: 'HTM', required: true, maxLength: 100_000 },
    /** The consultation's contacts it goes to (chosen among them). */
    recipients: { kind: 'REL', relTypes: ['Contact'], multiple: true, readOnly: true, related: false },
    state: { kind: 'SEL', options: LETTER_STATES, readOnly: true, facet: LIST_FACET },
    proposedBy: { kind: 'REL', relTypes: ['User'], readOnly: true, internal: true },
    proposedByName: { kind: 'textField', maxLength: 300, readOnly: true },
    proposedAt: { kind: 'DTM', readOnly: true, sortable: true },
    approvedBy: { kind: 'REL', relTypes: ['User'], readOnly: true, internal: true },
    approvedByName: { kind: 'textField', maxLength: 300, readOnly: true },
    approvedAt: { kind: 'DTM', readOnly: true },
    sentBackByName: { kind: 'textField', maxLength: 300, readOnly: true },
    sentBackAt: { kind: 'DTM', readOnly: true },
    /** Why it was sent back, for the one who proposed it. */
    sentBackNote: { kind: 'textField', maxLength: 2000, readOnly: true },
    sentByName: { kind: 'textField', maxLength: 300, readOnly: true },
    sentAt: { kind: 'DTM', readOnly: true, sortable: true },
    delivery: { kind: 'SEL', options: DELIVERY_STATES, readOnly: true },
    sentBy: { kind: 'REL', relTypes: ['User'], readOnly: true, internal: true },
    /** The letter as sent, PDF and DOCX: Attachments filed among the response's files. */
    files: { kind: 'REL', relTypes: ['Attachment'], multiple: true, readOnly: true, related: false },
  },
  label: (item: ItemData) => text(item.subject),
  listItem: { title: 'subject', subtitle: 'state', icon: 'letter' },
  defaultHeaders: ['subject', 'state', 'proposedAt', 'sentAt'],
};

/** Who the template screens are for: holders of the letters capability, writers and responders for an organisation. */
const writesLetters = (user: NavUser): boolean =>
  user.capabilities[RESPONSE_LETTERS] === true ||
  Object.values(user.organizations).some((r) => r[RESPONSE_LETTERS] === true || r.write === true || r.ConsultRespond === true);

/** The response-letters module's declaration (docs/modules.md). */
export const lettersModule: ModuleModel = {
  name: 'letters',
  itemTypes: [LetterTemplateType, ResponseLetterType],
  // Spec 001 §6: letters need update on ConsultResponse.
  lists: [{ name: LETTERS_LIST, editRight: { action: 'update', type: 'ConsultResponse' } }],
  menu: [{ path: 'consult.letter-templates', title: 'views.v-consult.letter-templates', icon: 'letter', show: writesLetters }],
  views: { 'v-consult.letter-templates': {} },
  operations: lettersOperations,
  eventKinds: [
    { kind: LETTER_EVENT_KINDS.proposed, description: 'events.letters.proposed', uses: ['also'] },
    { kind: LETTER_EVENT_KINDS.withdrawn, description: 'events.letters.withdrawn', uses: ['also'] },
    { kind: LETTER_EVENT_KINDS.approved, description: 'events.letters.approved', uses: ['also'] },
    { kind: LETTER_EVENT_KINDS.sentBack, description: 'events.letters.sentBack', uses: ['also'] },
    { kind: LETTER_EVENT_KINDS.sent, description: 'events.letters.sent', uses: ['also'] },
    { kind: LETTER_EVENT_KINDS.mailed, description: 'events.letters.mailed', uses: ['also'] },
  ],
  stepKinds: LETTER_STEP_KINDS,
  labels: lettersLabels,
  icons: {
    // "mail": an envelope.
    letter: 'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 4-8 5-8-5V6l8 5 8-5z',
  },
};
