/** The English labels of the workflow module's types, properties, lists, step kinds and events (both sides). */
import { SPEC_STEP_KINDS } from '../../shared/workflow/StepKindDef';

/** The spec's step kinds by name: the step kinds' own labels, and the options of a template step's kind. */
const KIND_NAMES: Readonly<Record<(typeof SPEC_STEP_KINDS)[number], string>> = {
  RWF_ASSIGN: 'Assign a responder',
  RWF_SIMPLE: 'Task',
  RWF_SPATIAL: 'Check the area against protected places',
  RWF_RESEARCH: 'Research',
  RWF_LETTER_SEND: 'Send the letter',
  RWF_LETTER_PROPOSE: 'Propose a letter',
  RWF_LETTER_APPROVE: 'Approve the letter',
  RWF_SNAPSHOT: 'Keep a snapshot',
  RWF_OUTCOME: 'Decide the outcome',
  RWF_THREAD: 'Talk with the proponent',
  RWF_MEETING: 'Meet',
  RWF_FIELDWORK: 'Fieldwork',
  GKF_CONFIRM: 'Confirm the fieldwork',
  GKF_WORK_ITEMS: 'Fieldwork items',
  GKF_REPORT: 'Fieldwork report',
  GKF_INVOICE: 'Fieldwork invoice',
  WKF_CONFIRM: 'Confirm',
};

export const workflowLabels: Readonly<Record<string, string>> = {
  'views.v-admin.workflows': 'Workflows',
  'types.Workflow': 'workflow',
  'types.Workflow.label': 'Name',
  'types.Workflow.description': 'Description',
  'types.Workflow.owner': 'Organisation',
  'types.Workflow.steps': 'Steps',
  'types.Workflow.steps.kind': 'Kind of step',
  'types.Workflow.steps.label': 'Title',
  'types.Workflow.steps.assignee': 'Assigned to',
  'types.Workflow.steps.dueDays': 'Days to do it',
  'types.Workflow.steps.wfState': 'Workflow state when it opens',
  'types.Workflow.related.owner': 'Workflows',
  // The properties every workflow-capable type gets (PropertyDef.t).
  'workflow.wf': 'Workflow',
  'workflow.wf.state': 'Workflow state',
  'workflow.wf.assigned': 'Assigned to',
  'workflow.wf.assignedDue': 'Step due',
  'workflow.wf.steps': 'Workflow steps',
  // The step kinds' own properties (StepKindDef.properties).
  'workflow.stepProps.assignTo': 'Responder',
  'workflow.stepProps.outcome': 'Outcome',
  'workflow.stepProps.meetingDate': 'Meeting date',
  'workflow.stepProps.snapshotAt': 'Snapshot taken',
  'workflow.stepProps.snapshot': 'Snapshot',
  'workflow.stepProps.notes': 'Notes',
  ...Object.fromEntries(SPEC_STEP_KINDS.map((kind) => [`workflow.steps.${kind}`, KIND_NAMES[kind]])),
  ...Object.fromEntries(SPEC_STEP_KINDS.map((kind) => [`options.${kind}`, KIND_NAMES[kind]])),
  // Step states (options of a step's state; PENDING, ACTIVE and COMPLETE are said by the core and other modules too).
  'options.BLANK': 'Not started',
  'options.SKIP': 'Skipped',
  // Events (spec 001 §4 "Events").
  'events.workflow.set': '{by} started the workflow {also} on {context} on {date}',
  'events.workflow.manualInit': '{by} started a workflow by hand on {context} on {date}',
  'events.workflow.stateForced': '{by} forced the workflow state of {context} on {date}',
  'events.workflow.step.BLANK': '{by} set a step of {context} back to not started on {date}',
  'events.workflow.step.PENDING': '{by} opened the next step of {context} on {date}',
  'events.workflow.step.ACTIVE': '{by} started a step of {context} on {date}',
  'events.workflow.step.COMPLETE': '{by} completed a step of {context} on {date}',
  'events.workflow.step.SKIP': '{by} skipped a step of {context} on {date}',
  'events.workflow.stepForced.BLANK': '{by} forced a step of {context} back to not started on {date}',
  'events.workflow.stepForced.PENDING': '{by} forced a step of {context} to pending on {date}',
  'events.workflow.stepForced.ACTIVE': '{by} forced a step of {context} to active on {date}',
  'events.workflow.stepForced.COMPLETE': '{by} forced a step of {context} to complete on {date}',
  'events.workflow.stepForced.SKIP': '{by} forced a step of {context} to skipped on {date}',
  'events.workflow.stepAssigned': '{by} assigned a step of {context} to {also} on {date}',
  'events.workflow.stepUnassigned': '{by} took a step of {context} away from {also} on {date}',
  'events.workflow.dueReminded': 'A step of {context} assigned to {also} is past its due date ({date})',
  'events.workflow.cleared': '{by} cleared the workflow of {context} on {date}',
  'events.workflow.stepsApplied': '{by} changed the steps of the workflow on {context} on {date}',
};

/** The refusals its server answers (`errors.{userMessage}` and field messages). */
export const workflowErrorLabels: Readonly<Record<string, string>> = {
  'errors.workflow.stepKindUnavailable': 'This kind of step is not available on this site yet.',
  'errors.workflow.notAdHoc': 'This kind of step cannot be added to a running workflow.',
  'errors.workflow.notCapable': 'This kind of record does not run workflows.',
  'errors.workflow.alreadyRunning': 'A workflow already runs here: clear it first.',
  'errors.workflow.noWorkflow': 'No workflow runs here.',
  'errors.workflow.noStep': 'This step is no longer in the workflow.',
  'errors.workflow.stepStarted': 'A step that has begun stays in the workflow.',
  'errors.workflow.outcomeMissing': 'Choose the outcome first.',
  'errors.workflow.meetingDateMissing': 'Give the date of the meeting first.',
  'errors.workflow.assigneeMissing': 'Choose the responder first.',
};
