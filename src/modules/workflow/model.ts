/**
 * The workflow module (spec 001 §3-§4, issue 15): communities run each response through their own
 * steps. Its Workflow template type, the `_wf` properties it gives every workflow-capable type, its
 * lists, the step kinds it runs itself, its event kinds and labels (both sides).
 */
import type { EventKindDef } from '../../shared/events/EventKindDef';
import type { ItemData, ItemTypeDef, PropertyDef } from '../../shared/items/types';
import type { ModuleModel, NavUser } from '../../shared/modules/ModuleModel';
import { SPEC_STEP_KINDS, STEP_STATES, type StepKindDef } from '../../shared/workflow/StepKindDef';
import { workflowCardLabels, workflowCards } from './cards';
import { workflowErrorLabels, workflowLabels } from './labels';
import { workflowOperations } from './operations';
import { stepForcedKind, stepSetKind, WF, WF_EVENTS, WORKFLOW_LISTS, WORKFLOW_TITLE_MAX } from './workflowRules';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The most steps a workflow holds. */
export const MAX_STEPS = 50;

/** A template step as the Workflow item holds it (and `act/wfApplySteps` takes it). */
export const TEMPLATE_STEP: Record<string, PropertyDef> = {
  kind: { kind: 'SEL', options: SPEC_STEP_KINDS, required: true },
  label: { kind: 'textField', required: true, notBlank: true, maxLength: WORKFLOW_TITLE_MAX },
  assignee: { kind: 'REL', relTypes: ['Contact'] },
  dueDays: { kind: 'NUM', number: 'INTEGER' },
  /** The workflow state (RWF_STATES) the item takes when this step opens. */
  wfState: { kind: 'LOV', list: WORKFLOW_LISTS.states },
  // A step's own values (StepKindDef.properties) come as `props`, checked by the server against its kind
  // (not drawn in the template's form: they are given on the running step, where the kind is known).
};

/** A community's process for its responses: ordered steps of the registered kinds (spec 001 "Workflow: label, description, owner"). */
export const WorkflowType: ItemTypeDef = {
  name: 'Workflow',
  defaultIcon: 'account_tree',
  defaultAccess: 'PROTECTED',
  properties: {
    label: { kind: 'textField', required: true, notBlank: true, maxLength: WORKFLOW_TITLE_MAX, sortable: true },
    description: { kind: 'HTM', maxLength: 20_000 },
    owner: { kind: 'REL', relTypes: ['Organization'], required: true, facet: { kind: 'terms' } },
    steps: { kind: 'ARR', of: TEMPLATE_STEP, minItems: 1, maxItems: MAX_STEPS, required: true },
  },
  label: (item: ItemData) => text(item.label),
  listItem: { title: 'label', icon: 'account_tree' },
  defaultHeaders: ['label', 'owner'],
  // The steps take the whole width: each row holds a kind, a title, an assignee, days and a state.
  layout: {
    sections: [
      { key: 'details', properties: ['label', 'description'] },
      { key: 'steps', t: 'types.Workflow.steps', properties: ['steps'], wide: true },
    ],
    side: ['owner'],
  },
};

/** What every workflow-capable type gets: kept by the server, shown to administrators alone in results and exports (spec 001 §6). */
const WF_PROPERTIES: Record<string, PropertyDef> = {
  [WF.workflow]: { kind: 'REL', relTypes: ['Workflow'], readOnly: true, adminOnly: true, related: false, t: 'workflow.wf' },
  [WF.state]: {
    kind: 'LOV',
    list: WORKFLOW_LISTS.states,
    readOnly: true,
    adminOnly: true,
    facet: { kind: 'terms' },
    t: 'workflow.wf.state',
  },
  [WF.assigned]: {
    kind: 'REL',
    relTypes: ['Contact'],
    multiple: true,
    readOnly: true,
    adminOnly: true,
    related: false,
    facet: { kind: 'terms' },
    t: 'workflow.wf.assigned',
  },
  [WF.assignedDue]: {
    kind: 'DT',
    readOnly: true,
    adminOnly: true,
    sortable: true,
    facet: { kind: 'dateRanges' },
    t: 'workflow.wf.assignedDue',
  },
  // The stepper draws them; never a column, a facet or a form field.
  [WF.steps]: { kind: 'ARR', readOnly: true, internal: true, adminOnly: true, maxItems: MAX_STEPS, t: 'workflow.wf.steps' },
};

/** The step kinds this module runs itself (the others come with their modules). */
export const WORKFLOW_STEP_KINDS: readonly StepKindDef[] = [
  {
    kind: 'RWF_ASSIGN',
    label: 'workflow.steps.RWF_ASSIGN',
    properties: { assignTo: { kind: 'REL', relTypes: ['Contact'], t: 'workflow.stepProps.assignTo' } },
  },
  {
    kind: 'RWF_SIMPLE',
    label: 'workflow.steps.RWF_SIMPLE',
    adHoc: true,
    properties: { notes: { kind: 'textField', maxLength: 2000, t: 'workflow.stepProps.notes' } },
  },
  {
    kind: 'RWF_OUTCOME',
    label: 'workflow.steps.RWF_OUTCOME',
    properties: { outcome: { kind: 'LOV', list: WORKFLOW_LISTS.outcomes, t: 'workflow.stepProps.outcome' } },
  },
  {
    kind: 'RWF_MEETING',
    label: 'workflow.steps.RWF_MEETING',
    adHoc: true,
    properties: { meetingDate: { kind: 'DT', t: 'workflow.stepProps.meetingDate' } },
  },
  {
    kind: 'RWF_SNAPSHOT',
    label: 'workflow.steps.RWF_SNAPSHOT',
    passThrough: true,
    properties: {
      snapshotAt: { kind: 'DTM', readOnly: true, t: 'workflow.stepProps.snapshotAt' },
      snapshot: { kind: 'REL', relTypes: ['Attachment'], readOnly: true, t: 'workflow.stepProps.snapshot' },
    },
  },
  { kind: 'WKF_CONFIRM', label: 'workflow.steps.WKF_CONFIRM' },
];

/** Whether `user` holds `capability` on the site or in one of their organisations. */
const holds = (user: NavUser, capability: string): boolean =>
  user.capabilities[capability] === true || Object.values(user.organizations).some((rights) => rights[capability] === true);

/**
 * admin.workflows (spec 001 §2): workflow admins, and holders of a capability that has workflow-capable
 * types (responder workflow for responses, GeoKeeper fieldwork for fieldwork); administrators always.
 */
export const seesWorkflows = (user: NavUser): boolean =>
  holds(user, 'WorkflowAdmin') || holds(user, 'ResponderWorkflow') || holds(user, 'GeoKeeperFieldwork');

const event = (kind: string, description: string, also = false): EventKindDef => ({
  kind,
  description,
  ...(also ? { uses: ['also'] } : {}),
});

/** The module's declaration (docs/modules.md §15). */
export const workflowModule: ModuleModel = {
  name: 'workflow',
  itemTypes: [WorkflowType],
  // Spec 001 §6: workflow states, outcomes and fieldwork states need update on Workflow.
  lists: [
    { name: WORKFLOW_LISTS.states, editRight: { action: 'update', type: 'Workflow' } },
    { name: WORKFLOW_LISTS.outcomes, editRight: { action: 'update', type: 'Workflow' } },
    { name: WORKFLOW_LISTS.fieldworkStates, editRight: { action: 'update', type: 'Workflow' } },
  ],
  menu: [{ path: 'admin.workflows', title: 'views.v-admin.workflows', icon: 'account_tree', show: seesWorkflows }],
  views: { 'v-admin.workflows': {} },
  operations: workflowOperations,
  typeExtensions: [{ applies: (type) => type.workflow === true, properties: WF_PROPERTIES }],
  stepKinds: WORKFLOW_STEP_KINDS,
  eventKinds: [
    event(WF_EVENTS.set, 'events.workflow.set', true),
    event(WF_EVENTS.manualInit, 'events.workflow.manualInit'),
    event(WF_EVENTS.stateForced, 'events.workflow.stateForced'),
    ...STEP_STATES.map((s) => event(stepSetKind(s), `events.${stepSetKind(s)}`)),
    ...STEP_STATES.map((s) => event(stepForcedKind(s), `events.${stepForcedKind(s)}`)),
    event(WF_EVENTS.stepAssigned, 'events.workflow.stepAssigned', true),
    event(WF_EVENTS.stepUnassigned, 'events.workflow.stepUnassigned', true),
    event(WF_EVENTS.dueReminded, 'events.workflow.dueReminded', true),
    event(WF_EVENTS.cleared, 'events.workflow.cleared'),
    event(WF_EVENTS.stepsApplied, 'events.workflow.stepsApplied'),
  ],
  cards: workflowCards,
  labels: { ...workflowLabels, ...workflowErrorLabels, ...workflowCardLabels },
  icons: {
    account_tree: 'M22 11V3h-7v3H9V3H2v8h7V8h2v10h4v3h7v-8h-7v3h-2V8h2v3z',
  },
};
