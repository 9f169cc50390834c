/**
 * Who may move a workflow step, as the guards of machines/workflow/stepStates.ts read the event: the
 * caller, the workflow-capable item (a response) and the step. One definition for the server's
 * authority and the browser's buttons.
 */
import { holdsCapability, holdsInOwner, isAdmin, type StateCaller, type StateSubject } from '../../src/shared/items/stateCharts';

/** The capability of those who run workflows on responses (spec 001 §6 "responder workflow"). */
export const RESPONDER_WORKFLOW = 'ResponderWorkflow';
/** The capability of those who keep the workflow templates (spec 001 §6 "workflow admin"). */
export const WORKFLOW_ADMIN = 'WorkflowAdmin';

/** The step as its guards see it. */
export interface StepSubject {
  kind: string;
  /** The contact who does it, if any. */
  assignee: string | null;
  /** Its kind passes ACTIVE straight on to COMPLETE (a snapshot). */
  passThrough: boolean;
}

/** A step's caller: as a state chart's, plus the person record (Contact) their User names. */
export interface StepCaller extends StateCaller {
  contactId: string | null;
}

/** What the step chart is sent: the move, who asks (null: the system), the item and the step. */
export interface StepChartEvent {
  type: string;
  caller: StepCaller | null;
  item: StateSubject;
  step: StepSubject;
}

const asStateEvent = (e: StepChartEvent) => ({ type: e.type, caller: e.caller, item: e.item });

/** The system itself: the step before it finished, so this one opens. */
export const isSystem = (e: StepChartEvent): boolean => e.caller === null;

/** Runs workflows: an administrator, a holder of responder workflow or workflow admin on the site or in the item's organisation. */
export const runsWorkflow = (e: StepChartEvent): boolean => {
  const s = asStateEvent(e);
  return (
    holdsCapability(s, RESPONDER_WORKFLOW) ||
    holdsCapability(s, WORKFLOW_ADMIN) ||
    holdsInOwner(s, RESPONDER_WORKFLOW) ||
    holdsInOwner(s, WORKFLOW_ADMIN)
  );
};

/** Does the step: its assignee, or whoever runs workflows. */
export const worksStep = (e: StepChartEvent): boolean =>
  (!!e.caller && !!e.step.assignee && e.caller.contactId === e.step.assignee) || runsWorkflow(e);

/** An administrator: the one who forces a step into any state (recorded as forced). */
export const forces = (e: StepChartEvent): boolean => isAdmin(asStateEvent(e));
