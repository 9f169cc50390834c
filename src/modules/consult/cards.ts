/** The consultation module's cards on the home screen's dashboard (spec 001 §2 "Dashboard default cards"). */
import type { Capability } from '../../shared/capabilities';
import type { CardDef, CardUser } from '../../shared/dashboard/CardDef';
import { CONSULT_SUBMIT } from './consultRules';
import { holds, isResponder, seesConsultation } from './screens';

/** The capability of those who run their community's response workflows. */
const RESPONDER_WORKFLOW: Capability = 'ResponderWorkflow';

const responder = (user: CardUser): boolean => seesConsultation(user) && isResponder(user);
const submitter = (user: CardUser): boolean => seesConsultation(user) && holds(user, CONSULT_SUBMIT);
/**
 * A responder without the workflow capability (spec 001 §2): one who holds it gets the responses
 * waiting to start, the overdue ones and their own steps from the module that runs workflows instead.
 */
const plainResponder = (user: CardUser): boolean => responder(user) && !holds(user, RESPONDER_WORKFLOW);

/** The keys of the module's cards. */
export const CONSULT_CARD_PREFIX = 'consult.';
/** The types the module keeps: another module's card of them belongs on the consultation dashboard too. */
const CONSULT_CARD_TYPES: readonly string[] = ['Consultation', 'ConsultResponse'];

/** Whether the consultation dashboard shows `card`: the module's own, and any of consultations or responses. */
export const onConsultDashboard = (card: CardDef): boolean =>
  card.key.startsWith(CONSULT_CARD_PREFIX) || CONSULT_CARD_TYPES.includes(card.type);

export const consultCards: readonly CardDef[] = [
  // Responders: when each community expects to answer, on a month's calendar...
  {
    key: 'consult.calendar',
    title: 'dashboard.consult.calendar',
    size: 'TWO_THIRDS',
    kind: 'calendar',
    type: 'ConsultResponse',
    dateProperty: 'anticipatedResponse',
    empty: 'dashboard.consult.noResponses',
    show: responder,
  },
  // ...the pending responses whose anticipated date has passed (spec 001 §4 "Overdue"), oldest first
  // (issue 14 asks every responder to see them; a workflow's overdue card holds them for its holders)...
  {
    key: 'consult.overdue',
    title: 'dashboard.consult.overdue',
    size: 'THIRD',
    kind: 'list',
    type: 'ConsultResponse',
    must: { 't-state': 'PENDING' },
    pastDue: 'anticipatedResponse',
    sort: [{ key: 'anticipatedResponse', order: 'asc' }],
    max: 10,
    empty: 'dashboard.consult.noOverdue',
    show: plainResponder,
  },
  // ...and the newest responses, those just distributed first.
  {
    key: 'consult.recent',
    title: 'dashboard.consult.recent',
    size: 'THIRD',
    kind: 'list',
    type: 'ConsultResponse',
    empty: 'dashboard.consult.noResponses',
    show: plainResponder,
  },
  // Proponents: the drafts they may take up again...
  {
    key: 'consult.drafts',
    title: 'dashboard.consult.drafts',
    size: 'THIRD',
    kind: 'list',
    type: 'Consultation',
    must: { 't-state': 'DRAFT' },
    sort: [{ key: 'updated', order: 'desc' }],
    empty: 'dashboard.consult.noDrafts',
    show: submitter,
  },
  // ...and their consultations the communities are answering or have answered.
  {
    key: 'consult.responses',
    title: 'dashboard.consult.responses',
    size: 'THIRD',
    kind: 'list',
    type: 'Consultation',
    must: { 'ft-state': ['CONSULTING', 'RESPONDED'] },
    sort: [{ key: 'updated', order: 'desc' }],
    empty: 'dashboard.consult.noAnswers',
    show: submitter,
  },
];

/** The English labels of the entries above (shown by the core before the module's screens load). */
export const cardLabels: Readonly<Record<string, string>> = {
  'dashboard.consult.calendar': 'Responses by anticipated date',
  'dashboard.consult.overdue': 'Overdue responses',
  'dashboard.consult.recent': 'Recent responses',
  'dashboard.consult.drafts': 'My draft consultations',
  'dashboard.consult.responses': 'Consultations with communities',
  'dashboard.consult.noResponses': 'No responses yet: distribute a consultation to communities from its screen.',
  'dashboard.consult.noOverdue': 'Nothing overdue: every pending response is still within its anticipated date.',
  'dashboard.consult.noDrafts': 'No drafts. Start a consultation with New consultation under Projects.',
  'dashboard.consult.noAnswers': 'None of your consultations has gone to communities yet.',
};
