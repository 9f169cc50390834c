/**
 * The workflow module's rules both sides use: the names of what it adds to a workflow-capable item,
 * how a template's steps become a running workflow, and what the item shows of it (the current
 * step, who is assigned, when it is due).
 */
import type { ItemData } from '../../shared/items/types';
import type { StepInstance, StepState } from '../../shared/workflow/StepKindDef';

/** Spec 001 §9's response-workflow constant 300: the longest title of a template or a step (docs/decisions.md). */
export const WORKFLOW_TITLE_MAX = 300;

/** The lists the module owns (spec 001 §3): a workflow's states, a response's outcomes, fieldwork states. */
export const WORKFLOW_LISTS = { states: 'RWF_STATES', outcomes: 'RWF_OUTCOMES', fieldworkStates: 'GKF_STATES' } as const;

/** The properties the module adds to every workflow-capable type. */
export const WF = {
  /** The template the running workflow came from (none for one begun by hand). */
  workflow: '_wf',
  /** Where the item stands in its community's process (RWF_STATES). */
  state: '_wf.state',
  /** Who does the current step. */
  assigned: '_wf.$assigned',
  /** When the current step is due. */
  assignedDue: '_wf.$assignedDue',
  /** The running steps, in order. */
  steps: '_wf.steps',
} as const;

/** The event kinds the module writes (spec 001 §4 "Events"). */
export const WF_EVENTS = {
  set: 'workflow.set',
  manualInit: 'workflow.manualInit',
  stateForced: 'workflow.stateForced',
  stepAssigned: 'workflow.stepAssigned',
  stepUnassigned: 'workflow.stepUnassigned',
  dueReminded: 'workflow.dueReminded',
  cleared: 'workflow.cleared',
  stepsApplied: 'workflow.stepsApplied',
} as const;

/** The event of a step set to `state` by a move its chart allows. */
export const stepSetKind = (state: StepState): string => `workflow.step.${state}`;
/** The event of a step forced to `state` by an administrator. */
export const stepForcedKind = (state: StepState): string => `workflow.stepForced.${state}`;

/** A step of a template (the Workflow item's `steps`). */
export interface TemplateStep {
  kind: string;
  label: string;
  assignee?: { id: string } | null;
  /** Days from the step opening (PENDING) to its due date. */
  dueDays?: number | null;
  /** The workflow state (RWF_STATES) the item takes when the step opens. */
  wfState?: string | null;
  props?: ItemData | null;
}

/** The calendar day `days` after `now` (YYYY-MM-DD, UTC), as DT values are written. */
export function dayAfter(now: Date, days: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/** A step as the running workflow holds it, from a template's or an ad hoc one; `id` numbers it. */
export function instanceOf(step: TemplateStep, id: string, adHoc = false): StepInstance {
  return {
    id,
    kind: step.kind,
    label: step.label,
    state: 'BLANK',
    ...(step.assignee?.id ? { assignee: { id: step.assignee.id } } : {}),
    ...(typeof step.dueDays === 'number' ? { dueDays: step.dueDays } : {}),
    ...(step.wfState ? { wfState: step.wfState } : {}),
    ...(step.props && Object.keys(step.props).length > 0 ? { props: { ...step.props } } : {}),
    ...(adHoc ? { adHoc: true } : {}),
  };
}

/** The next unused step id of `steps` (`s1`, `s2`...). */
export function nextStepId(steps: readonly StepInstance[]): string {
  const used = steps.map((s) => Number(/^s(\d+)$/.exec(s.id)?.[1] ?? 0));
  return `s${Math.max(0, ...used) + 1}`;
}

/** The running steps of an item (none when no workflow runs). */
export function stepsOf(data: ItemData): StepInstance[] {
  const steps = data[WF.steps];
  return Array.isArray(steps) ? (steps as StepInstance[]) : [];
}

const OPEN: ReadonlySet<StepState> = new Set(['PENDING', 'ACTIVE']);

/** The step being worked on: the first ACTIVE or PENDING one, or undefined when none is. */
export function currentStep(steps: readonly StepInstance[]): StepInstance | undefined {
  return steps.find((s) => s.state === 'ACTIVE') ?? steps.find((s) => OPEN.has(s.state));
}

/** The step after `id` that has not begun (BLANK), the one to open once `id` is done. */
export function nextBlank(steps: readonly StepInstance[], id: string): StepInstance | undefined {
  const at = steps.findIndex((s) => s.id === id);
  return steps.slice(at + 1).find((s) => s.state === 'BLANK');
}

/** What the item shows of its workflow: who does the current step and when it is due (nulls clear them). */
export function summaryOf(steps: readonly StepInstance[]): ItemData {
  const current = currentStep(steps);
  return {
    [WF.assigned]: current?.assignee ? [{ id: current.assignee.id }] : null,
    [WF.assignedDue]: current?.due ?? null,
  };
}
