/**
 * Pure rules of the consultation module that both sides and its statecharts use: the states, the
 * roles, what a submission must hold, and who counts as a proponent or a responder.
 */
import type { ItemData } from '../../shared/items/types';

/** A consultation's life (spec 001 §4), in the order it is lived. */
export const CONSULTATION_STATES = [
  'DRAFT',
  'REVIEW',
  'INCOMPLETE',
  'SUBMITTED',
  'CONSULTING',
  'RESPONDED',
  'CLOSED',
  'WITHDRAWN',
] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];

/** A community's response to a consultation (spec 001 §4). */
export const RESPONSE_STATES = ['DRAFT', 'NOT_SELECTED', 'PENDING', 'RESPONDED', 'OFFLINE', 'NO_RESPONSE'] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];

/** An agreement's life (spec 001 §3). */
export const AGREEMENT_STATES = ['DRAFT', 'ACTIVE', 'ARCHIVE', 'COMPLETE'] as const;

/** The part a supporting organisation plays in a consultation (spec 001 §3 "Consultation roles"). */
export const CONSULT_ROLES = ['PROPONENT', 'REGULATOR', 'INFORMED'] as const;

/** The capabilities of spec 001 §6 the module reads. */
export const CONSULT_SUBMIT = 'ConsultSubmit';
export const CONSULT_RESPOND = 'ConsultRespond';

/** The lists of values the module's types draw from (spec 001 §3, owned by an organisation or the site). */
export const CONSULT_LISTS = {
  regions: 'CNS_REGIONS',
  streams: 'CNS_STREAMS',
  projectTypes: 'CNS_PROJECT_TYPES',
  problems: 'CNS_PROBLEMS',
  priorities: 'CNS_PRIORITIES',
  outcomes: 'RWF_OUTCOMES',
  dispositionTypes: 'ORG_DISPOSITION_TYPES',
} as const;

/**
 * What a submission lacks: each reason a key of `MISSING_REASONS`, in the order of the form. A draft
 * may lack anything but its name; a submission lacking any of these goes to INCOMPLETE with them.
 */
export const MISSING_REASONS = [
  'CNS_NO_REGION',
  'CNS_NO_STREAM',
  'CNS_NO_PROJECT_TYPE',
  'CNS_NO_PRIMARY_ORG',
  'CNS_NO_PRIMARY_CONTACT',
  'CNS_NO_RESPONSE_DATE',
  'CNS_NO_START',
  'CNS_NO_DESCRIPTION',
  'CNS_NO_LOCATION',
] as const;
export type MissingReason = (typeof MISSING_REASONS)[number];

const filled = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.replace(/<[^>]*>/g, '').trim() !== '' : v !== undefined && v !== null;

/** Each property a submission needs, with the reason given when it is empty. */
export const SUBMISSION_NEEDS: ReadonlyArray<readonly [string, MissingReason]> = [
  ['region', 'CNS_NO_REGION'],
  ['stream', 'CNS_NO_STREAM'],
  ['projectType', 'CNS_NO_PROJECT_TYPE'],
  ['primaryOrg', 'CNS_NO_PRIMARY_ORG'],
  ['primaryContacts', 'CNS_NO_PRIMARY_CONTACT'],
  ['requestedResponseDate', 'CNS_NO_RESPONSE_DATE'],
  ['projectStartDt', 'CNS_NO_START'],
  ['projectDescription', 'CNS_NO_DESCRIPTION'],
  ['locationDescription', 'CNS_NO_LOCATION'],
];

/** The reasons a consultation with these properties cannot be taken up as submitted (none: it can). */
export function missingForSubmission(data: ItemData): MissingReason[] {
  return SUBMISSION_NEEDS.filter(([prop]) => !filled(data[prop])).map(([, reason]) => reason);
}

/** The ids of the organisations a relation value names (one `{id}` or a list of them). */
export function relIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.flatMap((v: unknown) =>
    typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? [(v as { id: string }).id] : [],
  );
}
