/**
 * The workflow module's server part: its operations on a running workflow (through the engine), who
 * keeps templates, the check of a template's steps against the registered kinds, its own step kinds'
 * behaviour, the due-date reminder (a scheduled job, once per step and due date however many
 * processes run) and its lists' starting values.
 */
import { OpError } from '../../server/OpError';
import type { JobKind } from '../../server/jobs/JobKind';
import type { ModuleServer } from '../../server/modules/ModuleServer';
import { bindOperation } from '../../server/ops/bindOperation';
import { readableRecord } from '../../server/ops/itemOps';
import type { ItemValidator } from '../../server/store/ItemStore';
import { registeredStepKind } from '../../server/workflow/stepBehaviours';
import { validateItemData } from '../../shared/items/itemSchema';
import type { ItemData, ItemTypeDef } from '../../shared/items/types';
import type { StepInstance } from '../../shared/workflow/StepKindDef';
import { forceEvent } from '../../../machines/workflow/stepStates';
import {
  assignStep,
  change,
  inspect,
  mayMove,
  moveStep,
  refuse,
  runsHere,
  stepNamed,
  SYSTEM,
  worksHere,
  type Working,
} from './workflowEngine';
import { STEP_MOVES, workflowOperations } from './operations';
import { workflowPermissions } from './workflowPermissions';
import { workflowStepBehaviours } from './workflowSteps';
import { workflowDefaultLists, workflowRunningIndex } from './workflowMigrations';
import { workflowDemo } from './workflowDemo';
import { instanceOf, nextStepId, WF, WF_EVENTS, type TemplateStep } from './workflowRules';

/** Why a step's kind or values are refused (a message key), or null: registered, ad hoc where it must be, values valid. */
export function stepRefusal(step: TemplateStep, adHoc: boolean): string | null {
  const registered = registeredStepKind(step.kind);
  if (!registered) return 'errors.workflow.stepKindUnavailable';
  if (adHoc && !registered.def.adHoc) return 'errors.workflow.notAdHoc';
  const props = step.props ?? {};
  const defs = registered.def.properties ?? {};
  if (Object.keys(props).some((k) => !Object.hasOwn(defs, k) || defs[k]!.readOnly)) return 'errors.unknownProperty';
  const asType: ItemTypeDef = {
    name: `step ${step.kind}`,
    defaultIcon: 'list',
    defaultAccess: 'PROTECTED',
    properties: { ...defs },
    label: () => '',
  };
  const errors = validateItemData(asType, props, { admin: false });
  return Object.values(errors)[0] ?? null;
}

/** A template's steps must be of registered kinds, with their kinds' values. */
const templateSteps: ItemValidator = async (_tx, input): Promise<Record<string, string>> => {
  if (input.type.name !== 'Workflow' || (input.changed && !input.changed.has('steps'))) return {};
  const steps = Array.isArray(input.data.steps) ? (input.data.steps as TemplateStep[]) : [];
  for (const step of steps) {
    const refusal = stepRefusal(step, false);
    if (refusal) return { steps: refusal };
  }
  return {};
};

/** Refuses unless the caller runs workflows on this item. */
function mustRun(w: Working): void {
  if (!runsHere(w)) throw new OpError('notAllowed', `Not allowed to run the workflow of ${w.record.id}`);
}

/** New steps from a body (a template's or typed by hand), checked; `s1`... numbered after `existing`. */
function newSteps(w: Working, given: readonly TemplateStep[], adHoc: boolean, field: string): StepInstance[] {
  const made: StepInstance[] = [];
  for (const step of given) {
    const refusal = stepRefusal(step, adHoc);
    if (refusal) throw new OpError('validationFailed', `Step kind ${step.kind} refused: ${refusal}`, { [field]: refusal });
    const instance = instanceOf({ ...step, assignee: null }, nextStepId([...w.steps, ...made]), adHoc);
    made.push(instance);
  }
  return made;
}

/** Starts `steps` as the item's workflow: assignees given, the first step opened. */
async function start(w: Working, steps: StepInstance[], given: readonly TemplateStep[]): Promise<void> {
  w.steps = steps;
  steps.forEach((step, i) => assignStep(w, step, given[i]?.assignee?.id ?? null));
  await moveStep(w, steps[0]!, 'step.open', null);
}

const bodyStep = (s: {
  kind: string;
  label: string;
  assignee?: string | null;
  dueDays?: number | null;
  wfState?: string | null;
  props?: object | null;
}): TemplateStep => ({
  kind: s.kind,
  label: s.label,
  assignee: s.assignee ? { id: s.assignee } : null,
  dueDays: s.dueDays ?? null,
  wfState: s.wfState ?? null,
  props: (s.props as ItemData | null) ?? null,
});

/** The one-off job that reminds of one step past its due date, keyed `{item}|{step}|{due}`. */
export const DUE_REMINDER_JOB = 'workflow.dueReminder';
/** The recurring look for steps past their due date. */
export const DUE_CHECK_JOB = 'workflow.dueCheck';

const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

const reminderJobs: JobKind[] = [
  {
    name: DUE_CHECK_JOB,
    schedule: { everyMinutes: 15 },
    // An open step (PENDING or ACTIVE) whose due day is before today reminds once for that day.
    async handler(ctx, tx) {
      const due = await tx!.query<{ id: string; step: string; due: string }>(
        `SELECT i.id, s->>'id' AS step, s->>'due' AS due
           FROM items i CROSS JOIN LATERAL jsonb_array_elements(i.data->'_wf.steps') AS s
          WHERE i.data ? '_wf.steps' AND i.deleted_at IS NULL AND jsonb_typeof(i.data->'_wf.steps') = 'array'
            AND s->>'state' IN ('PENDING', 'ACTIVE') AND s->>'due' < $1
            AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = $2 AND j.key = i.id || '|' || (s->>'id') || '|' || (s->>'due'))`,
        [dayOf(ctx.now), DUE_REMINDER_JOB],
      );
      for (const { id, step, due: day } of due.rows) await ctx.jobs.schedule({ kind: DUE_REMINDER_JOB, key: `${id}|${step}|${day}` }, tx!);
    },
  },
  {
    name: DUE_REMINDER_JOB,
    async handler(ctx, tx) {
      const [id, stepId, day] = ctx.key.split('|');
      // Still open and still due that day when its turn comes: one done or moved since needs no reminder.
      const still = await tx!.query(
        `SELECT 1 FROM items i CROSS JOIN LATERAL jsonb_array_elements(i.data->'_wf.steps') AS s
          WHERE i.id = $1 AND i.deleted_at IS NULL AND jsonb_typeof(i.data->'_wf.steps') = 'array'
            AND s->>'id' = $2 AND s->>'due' = $3 AND s->>'state' IN ('PENDING', 'ACTIVE')`,
        [id, stepId, day],
      );
      if (still.rowCount === 0) return;
      await ctx.services.items.appendEvent(tx!, SYSTEM, { kind: WF_EVENTS.dueReminded, context: id! });
    },
  },
];

export const workflowServer: ModuleServer = {
  name: 'workflow',
  migrations: [workflowDefaultLists, workflowRunningIndex],
  permissions: workflowPermissions,
  validators: [templateSteps],
  stepKinds: workflowStepBehaviours,
  jobs: reminderJobs,
  demo: workflowDemo,
  ops: [
    bindOperation(workflowOperations.allowed, async (ctx, _p, { itemId }) =>
      inspect(ctx, itemId, async (w) => {
        const moves: Record<string, string[]> = {};
        for (const step of w.steps) moves[step.id] = STEP_MOVES.filter((m) => mayMove(w, step, m, w.caller));
        // The assignees, and what the steps name (a responder, the thread or letter a step made), labelled as the caller may read them.
        const named = (value: unknown): unknown[] =>
          (Array.isArray(value) ? value : [value]).map((v) => (v as { id?: unknown } | null)?.id);
        const people = [...new Set(w.steps.flatMap((s) => [s.assignee?.id, ...Object.values(s.props ?? {}).flatMap(named)]))];
        const labels = await ctx.services.items.labels(
          ctx.caller,
          people.filter((id): id is string => typeof id === 'string'),
        );
        return { moves, runs: runsHere(w), forces: w.caller?.admin === true, labels };
      }),
    ),
    bindOperation(workflowOperations.set, async (ctx, _p, { itemId, _u, workflowId }) => {
      const template = await readableRecord(ctx, workflowId);
      const given = (Array.isArray(template.data.steps) ? template.data.steps : []) as TemplateStep[];
      return change(ctx, itemId, _u, async (w) => {
        mustRun(w);
        if (w.steps.length > 0) throw refuse('itemId', 'alreadyRunning', `${itemId} runs a workflow already`);
        const steps = newSteps(w, given, false, 'workflowId');
        if (steps.length === 0) throw refuse('workflowId', 'noStep', `${workflowId} has no steps`);
        w.patch[WF.workflow] = { id: workflowId };
        w.events.push({ kind: WF_EVENTS.set, context: itemId, also: [workflowId] });
        await start(w, steps, given);
      });
    }),
    bindOperation(workflowOperations.initManual, async (ctx, _p, { itemId, _u, steps: body }) =>
      change(ctx, itemId, _u, async (w) => {
        mustRun(w);
        if (w.steps.length > 0) throw refuse('itemId', 'alreadyRunning', `${itemId} runs a workflow already`);
        const given = body.map(bodyStep);
        w.events.push({ kind: WF_EVENTS.manualInit, context: itemId });
        await start(w, newSteps(w, given, true, 'steps'), given);
      }),
    ),
    bindOperation(workflowOperations.stepState, async (ctx, _p, { itemId, _u, stepId, event }) =>
      change(ctx, itemId, _u, async (w) => moveStep(w, stepNamed(w, stepId), event, w.caller)),
    ),
    bindOperation(workflowOperations.forceStep, async (ctx, _p, { itemId, _u, stepId, state }) =>
      change(ctx, itemId, _u, async (w) => moveStep(w, stepNamed(w, stepId), forceEvent(state), w.caller, true)),
    ),
    bindOperation(workflowOperations.stepProps, async (ctx, _p, { itemId, _u, stepId, label, assignee, due, props }) =>
      change(ctx, itemId, _u, async (w) => {
        const step = stepNamed(w, stepId);
        const managing = label !== undefined || assignee !== undefined || due !== undefined;
        if (managing ? !runsHere(w) : !worksHere(w, step)) throw new OpError('notAllowed', `Not allowed to change ${itemId} ${stepId}`);
        if (label !== undefined) step.label = label;
        if (assignee !== undefined) assignStep(w, step, assignee);
        if (due === null) delete step.due;
        else if (due !== undefined) step.due = due;
        if (props) {
          const merged: ItemData = { ...(step.props ?? {}) };
          for (const [k, v] of Object.entries(props)) {
            if (v === null) delete merged[k];
            else merged[k] = v;
          }
          const kept = Object.fromEntries(
            Object.entries(merged).filter(([k]) => !registeredStepKind(step.kind)?.def.properties?.[k]?.readOnly),
          );
          const refusal = stepRefusal({ kind: step.kind, label: step.label, props: kept }, false);
          if (refusal) throw new OpError('validationFailed', `${itemId} ${stepId}: ${refusal}`, { props: refusal });
          step.props = merged;
        }
      }),
    ),
    bindOperation(workflowOperations.applySteps, async (ctx, _p, { itemId, _u, steps: body }) =>
      change(ctx, itemId, _u, async (w) => {
        mustRun(w);
        if (w.steps.length === 0) throw refuse('itemId', 'noWorkflow', `${itemId} runs no workflow`);
        const next: StepInstance[] = [];
        const given = body.map((s) => ({ id: s.id, step: bodyStep(s) }));
        for (const { id, step } of given) {
          if (id) {
            const kept = stepNamed(w, id);
            const refusal = stepRefusal({ ...step, kind: kept.kind }, false);
            if (refusal) throw new OpError('validationFailed', `${itemId} ${id}: ${refusal}`, { steps: refusal });
            kept.label = step.label;
            if (typeof step.dueDays === 'number') kept.dueDays = step.dueDays;
            else delete kept.dueDays;
            if (step.wfState) kept.wfState = step.wfState;
            else delete kept.wfState;
            if (step.props) kept.props = { ...(kept.props ?? {}), ...step.props };
            assignStep(w, kept, step.assignee?.id ?? null);
            next.push(kept);
          } else {
            const [made] = newSteps({ ...w, steps: [...w.steps, ...next] }, [step], true, 'steps');
            assignStep(w, made!, step.assignee?.id ?? null);
            next.push(made!);
          }
        }
        const dropped = w.steps.filter((s) => !next.includes(s));
        if (dropped.some((s) => s.state !== 'BLANK' && s.state !== 'PENDING'))
          throw refuse('steps', 'stepStarted', `${itemId}: a step that has begun cannot be removed`);
        w.steps = next;
        w.events.push({ kind: WF_EVENTS.stepsApplied, context: itemId });
        if (!next.some((s) => s.state === 'PENDING' || s.state === 'ACTIVE')) {
          const blank = next.find((s) => s.state === 'BLANK');
          if (blank) await moveStep(w, blank, 'step.open', null);
        }
      }),
    ),
    bindOperation(workflowOperations.forceState, async (ctx, _p, { itemId, _u, state }) =>
      change(ctx, itemId, _u, async (w) => {
        if (!w.caller?.admin) throw new OpError('notAllowed', `Only administrators force the workflow state of ${itemId}`);
        w.patch[WF.state] = state ?? null;
        w.events.push({ kind: WF_EVENTS.stateForced, context: itemId });
      }),
    ),
    bindOperation(workflowOperations.clear, async (ctx, _p, { itemId, _u }) =>
      change(ctx, itemId, _u, async (w) => {
        mustRun(w);
        if (w.steps.length === 0 && !w.record.data[WF.workflow]) throw refuse('itemId', 'noWorkflow', `${itemId} runs no workflow`);
        for (const name of Object.values(WF)) w.patch[name] = null;
        w.events.push({ kind: WF_EVENTS.cleared, context: itemId });
      }),
    ),
  ],
};
