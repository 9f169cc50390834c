/**
 * The workflow module's cards on the dashboard (spec 001 §2 "Dashboard default cards"): a responder
 * with the workflow capability gets, beside the consultation's calendar, the responses waiting to
 * start (initial), the overdue ones (overdue) and those whose current step is theirs (mine). Each row
 * names the response and, under it, its current step and due day.
 */
import type { CardDef, CardLine, CardUser } from '../../shared/dashboard/CardDef';
import type { ItemData } from '../../shared/items/types';
import { currentStep, stepsOf, WF } from './workflowRules';

/** The capability whose holders run their community's response workflows (src/shared/capabilities.ts). */
const RESPONDER_WORKFLOW = 'ResponderWorkflow';
/** The item type the cards list: the workflow-capable type of the consultation module. */
const RESPONSE = 'ConsultResponse';
/** A response still to be answered: received and undecided (the chart's initial DRAFT), or being answered. */
const OPEN_STATES = ['DRAFT', 'PENDING'];

/** Whether `user` holds ResponderWorkflow on the site or in one of their organisations. */
export const runsResponseWorkflows = (user: CardUser): boolean =>
  user.capabilities[RESPONDER_WORKFLOW] === true || Object.values(user.organizations).some((rights) => rights[RESPONDER_WORKFLOW] === true);

/**
 * Today in the reader's zone (YYYY-MM-DD), the day the cards reckon "past due" from. Written out: the
 * cards are registered in the first download, which date-fns's `format` would add 20 KB to.
 */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The current step and its due day: "Read the proposal · due 30-Nov-2026", "… · was due …" once it
 * has passed; "No workflow yet" for a response none runs on; null once every step is done.
 */
export function stepLine(item: ItemData): CardLine | null {
  const steps = stepsOf(item);
  if (steps.length === 0) return { t: 'dashboard.workflow.noWorkflow' };
  const step = currentStep(steps);
  if (!step) return null;
  const due = typeof item[WF.assignedDue] === 'string' ? (item[WF.assignedDue] as string) : step.due;
  if (!due) return { t: 'dashboard.workflow.step', values: { step: step.label } };
  const late = due < today();
  return { t: late ? 'dashboard.workflow.stepLate' : 'dashboard.workflow.stepDue', values: { step: step.label }, dates: { due } };
}

/** An overdue response's line: its late step when that is what is late, else the answer's passed anticipated date. */
export function overdueLine(item: ItemData): CardLine | null {
  const due = item[WF.assignedDue];
  const step = stepLine(item);
  if (typeof due === 'string' && due < today() && step) return step;
  const anticipated = item.anticipatedResponse;
  if (typeof anticipated === 'string') return { t: 'dashboard.workflow.answerLate', dates: { due: anticipated } };
  return step;
}

export const workflowCards: readonly CardDef[] = [
  // Open responses no one has taken past the first step: no workflow yet, or nothing done or skipped.
  {
    key: 'workflow.initial',
    title: 'dashboard.workflow.initial',
    size: 'THIRD',
    kind: 'list',
    type: RESPONSE,
    must: { 't-state': OPEN_STATES },
    mustNot: { [`fs-${WF.steps}.state`]: ['COMPLETE', 'SKIP'] },
    sort: [{ key: 'created', order: 'asc' }],
    max: 10,
    line: stepLine,
    empty: 'dashboard.workflow.noInitial',
    show: runsResponseWorkflows,
  },
  // Late: a current step past its due day, or a pending answer past its anticipated date (spec 001 §4), oldest first.
  {
    key: 'workflow.overdue',
    title: 'dashboard.workflow.overdue',
    size: 'THIRD',
    kind: 'list',
    type: RESPONSE,
    anyOf: [{ pastDue: WF.assignedDue }, { must: { 't-state': 'PENDING' }, pastDue: 'anticipatedResponse' }],
    sort: [
      { key: WF.assignedDue, order: 'asc' },
      { key: 'anticipatedResponse', order: 'asc' },
    ],
    max: 10,
    line: overdueLine,
    empty: 'dashboard.workflow.noOverdue',
    show: runsResponseWorkflows,
  },
  // The responses whose current step is the reader's, the soonest due first.
  {
    key: 'workflow.mine',
    title: 'dashboard.workflow.mine',
    size: 'THIRD',
    kind: 'list',
    type: RESPONSE,
    mine: WF.assigned,
    sort: [{ key: WF.assignedDue, order: 'asc' }],
    max: 10,
    line: stepLine,
    empty: 'dashboard.workflow.noMine',
    show: runsResponseWorkflows,
  },
];

/** The English labels of the cards (the module's labels, shown by the core before its screens load). */
export const workflowCardLabels: Readonly<Record<string, string>> = {
  'dashboard.workflow.initial': 'Responses waiting to start',
  'dashboard.workflow.overdue': 'Overdue responses and steps',
  'dashboard.workflow.mine': 'My workflow steps',
  'dashboard.workflow.noInitial': 'Nothing waiting: every open response has its workflow under way.',
  'dashboard.workflow.noOverdue': 'Nothing overdue: every step and every pending answer is within its date.',
  'dashboard.workflow.noMine': 'No step is assigned to you right now.',
  'dashboard.workflow.noWorkflow': 'No workflow yet',
  'dashboard.workflow.step': '{step}',
  'dashboard.workflow.stepDue': '{step} · due {due}',
  'dashboard.workflow.stepLate': '{step} · was due {due}',
  'dashboard.workflow.answerLate': 'Answer expected {due}',
};
