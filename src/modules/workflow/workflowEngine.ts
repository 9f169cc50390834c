/**
 * The workflow engine (server): every operation on an item's running workflow goes through `change`,
 * which locks the item, lets the operation move its steps, runs the step kinds' behaviours, writes
 * the `_wf` properties as the server (one new version of the item) and appends the module's events,
 * all in one transaction. machines/workflow/stepStates.ts is the authority on each move.
 */
import type { AnyStateMachine } from 'xstate';
import { forceEvent, stepStates } from '../../../machines/workflow/stepStates';
import { runsWorkflow, worksStep, type StepCaller, type StepChartEvent } from '../../../machines/workflow/stepGuards';
import { OpError } from '../../server/OpError';
import type { Queryable } from '../../server/db/Database';
import type { OpContext } from '../../server/ops/OpContext';
import { readableRecord, unreadable } from '../../server/ops/itemOps';
import { canRead } from '../../server/policy/policy';
import type { Principal } from '../../server/policy/Principal';
import type { DomainEventInput } from '../../server/store/eventRecorder';
import { ITEM_COLUMNS, toRecord, type ItemRecord, type ItemRow } from '../../server/store/ItemRecord';
import type { Author } from '../../server/store/ItemStore';
import { stepBehaviour, registeredStepKind } from '../../server/workflow/stepBehaviours';
import type { StepEffect } from '../../server/workflow/StepBehaviour';
import { itemTypes } from '../../shared/itemTypes';
import { applyTransition, type StateChartEvent } from '../../shared/items/stateCharts';
import type { ItemData } from '../../shared/items/types';
import type { StepInstance, StepState } from '../../shared/workflow/StepKindDef';
import type { WorkflowReply } from './operations';
import { dayAfter, nextBlank, stepForcedKind, stepSetKind, stepsOf, summaryOf, WF, WF_EVENTS } from './workflowRules';

export const SYSTEM: Author = { userId: null, masquerader: null };

/** A refusal the person reads beside `field`: `errors.workflow.{key}` (validationFailed). */
export const refuse = (field: string, key: string, why: string): OpError =>
  new OpError('validationFailed', why, { [field]: `errors.workflow.${key}` });

/** The step chart's caller for a principal (null: the system). */
export const stepCaller = (p: Principal | null): StepCaller | null =>
  p ? { userId: p.userId, admin: p.admin, capabilities: p.capabilities, organizations: p.orgs, contactId: p.contactId ?? null } : null;

/** An operation's work on one item, its steps and `_wf` properties in hand. */
export interface Working {
  tx: Queryable;
  ctx: OpContext;
  caller: Principal | null;
  author: Author;
  now: Date;
  /** The item as locked, before the change. */
  record: ItemRecord;
  /** The `_wf` properties (and any others the steps' behaviours change) to write: null removes one. */
  patch: ItemData;
  steps: StepInstance[];
  /** Events to append once the item is written, in order (`system`: the system's own, not the caller's). */
  events: (DomainEventInput & { system?: boolean })[];
  /** Contacts newly assigned a step: told of it by their preferences. */
  assigned: Set<string>;
  /** Transitions of the item's chart to take once the change is written (StepEffect.transition). */
  transitions: string[];
}

/** The chart's event for a move of `step` by `caller`. */
function chartEvent(w: Working, type: string, step: StepInstance, caller: Principal | null): StepChartEvent {
  return {
    type,
    caller: stepCaller(caller),
    item: { createdBy: w.record.createdBy, ownerOrg: w.record.ownerOrg, data: w.record.data },
    step: { kind: step.kind, assignee: step.assignee?.id ?? null, passThrough: registeredStepKind(step.kind)?.def.passThrough === true },
  };
}

/** Whether the caller runs workflows on this item (machines/workflow/stepGuards.ts). */
export const runsHere = (w: Working): boolean =>
  runsWorkflow(chartEvent(w, 'runs', { id: 's1', kind: 'RWF_SIMPLE', label: '', state: 'BLANK' }, w.caller));

/** Whether the caller does `step`: its assignee, or one who runs workflows here. */
export const worksHere = (w: Working, step: StepInstance): boolean => worksStep(chartEvent(w, 'works', step, w.caller));

/** Whether `caller` may take `type` on `step` now (the chart's guard), without taking it. */
export function mayMove(w: Working, step: StepInstance, type: string, caller: Principal | null): boolean {
  return applyTransition(stepStates as AnyStateMachine, step.state, chartEvent(w, type, step, caller) as unknown as StateChartEvent).ok;
}

/** The step `id` of the running workflow, or the refusal. */
export function stepNamed(w: Working, id: string): StepInstance {
  const step = w.steps.find((s) => s.id === id);
  if (!step) throw refuse('stepId', 'noStep', `${w.record.id} has no step ${id}`);
  return step;
}

/** Applies what a behaviour answered: values kept on the step, properties of the item. */
function applyEffect(w: Working, step: StepInstance, effect: StepEffect | void): void {
  if (!effect) return;
  if (effect.props) step.props = { ...(step.props ?? {}), ...effect.props };
  if (effect.item) Object.assign(w.patch, effect.item);
  if (effect.transition) w.transitions.push(effect.transition);
}

/** Assigns `step` to `contactId` (or takes it away), with its events. */
export function assignStep(w: Working, step: StepInstance, contactId: string | null): void {
  const before = step.assignee?.id ?? null;
  if (before === contactId) return;
  if (before) w.events.push({ kind: WF_EVENTS.stepUnassigned, context: w.record.id, also: [before] });
  if (contactId) {
    step.assignee = { id: contactId };
    w.events.push({ kind: WF_EVENTS.stepAssigned, context: w.record.id, also: [contactId] });
    w.assigned.add(contactId);
  } else delete step.assignee;
}

/**
 * Moves `step` by the chart's `type` for `caller` (a forced move when `forced`): refused when the chart
 * does not allow it, or, unforced, while the kind says it may not be COMPLETE yet. Runs the kind's
 * behaviour, stamps the move, records its event, and once it is done opens the next step.
 */
export async function moveStep(w: Working, step: StepInstance, type: string, caller: Principal | null, forced = false): Promise<void> {
  const from = step.state;
  const outcome = applyTransition(stepStates as AnyStateMachine, from, chartEvent(w, type, step, caller) as unknown as StateChartEvent);
  if (!outcome.ok) throw new OpError('transitionNotAllowed', `${type} is not allowed from ${from} on ${w.record.id} ${step.id}`);
  const to = outcome.to as StepState;
  const kind = registeredStepKind(step.kind);
  if (!kind) throw refuse('stepId', 'stepKindUnavailable', `Step kind ${step.kind} is not registered`);
  const behaviour = stepBehaviour(step.kind);
  const sctx = { tx: w.tx, services: w.ctx.services, author: w.author, caller, item: w.record, step, now: w.now };
  // The snapshot rule: a kind that passes through is ACTIVE on its way to COMPLETE.
  const enteredActive =
    to === 'ACTIVE' || (to === 'COMPLETE' && kind.def.passThrough === true && from !== 'ACTIVE' && type !== forceEvent('COMPLETE'));
  if (enteredActive) applyEffect(w, step, await behaviour?.onActive?.(sctx));
  if (to === 'COMPLETE') {
    const refusal = forced ? null : await behaviour?.completeRefusal?.(sctx);
    if (refusal) throw new OpError('validationFailed', `${w.record.id} ${step.id} may not be complete yet`, { stepId: refusal });
    applyEffect(w, step, await behaviour?.onComplete?.(sctx));
    if (step.kind === 'RWF_ASSIGN') assignFollowing(w, step);
  }
  if (to === 'PENDING' && typeof step.dueDays === 'number' && !step.due) step.due = dayAfter(w.now, step.dueDays);
  if ((to === 'PENDING' || to === 'ACTIVE') && step.wfState) w.patch[WF.state] = step.wfState;
  step.state = to;
  step.at = w.now.toISOString();
  step.by = caller?.userId ?? null;
  if (forced) step.forced = true;
  else delete step.forced;
  w.events.push({ kind: forced ? stepForcedKind(to) : stepSetKind(to), context: w.record.id, ...(caller ? {} : { system: true }) });
  if (to === 'COMPLETE' || to === 'SKIP') await openNext(w, step);
}

/** Once `done` is finished and nothing else is open, the next step not yet begun opens (the system's move). */
async function openNext(w: Working, done: StepInstance): Promise<void> {
  if (w.steps.some((s) => s.state === 'PENDING' || s.state === 'ACTIVE')) return;
  const next = nextBlank(w.steps, done.id);
  if (next) await moveStep(w, next, 'step.open', null);
}

/** The assign step's responder is given every later step that has no one. */
function assignFollowing(w: Working, step: StepInstance): void {
  const contact = (step.props?.assignTo as { id?: unknown } | undefined)?.id;
  if (typeof contact !== 'string') return;
  const at = w.steps.indexOf(step);
  for (const later of w.steps.slice(at + 1))
    if (!later.assignee && later.state !== 'COMPLETE' && later.state !== 'SKIP') assignStep(w, later, contact);
}

/** The users whose person record is `contactId`. */
async function usersOf(tx: Queryable, contactIds: readonly string[]): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const res = await tx.query<{ user_id: string }>(
    `SELECT a.user_id FROM accounts a JOIN items u ON u.id = a.user_id
      WHERE NOT a.blocked AND u.deleted_at IS NULL AND (u.data->'contact'->>'id') = ANY($1::text[])`,
    [contactIds],
  );
  return res.rows.map((r) => r.user_id);
}

/** A look at the item's workflow without changing it: `look` is given the working state, nothing is written. */
export async function inspect<T>(ctx: OpContext, itemId: string, look: (w: Working) => Promise<T>): Promise<T> {
  const record = await readableRecord(ctx, itemId);
  if (!itemTypes.get(record.type)?.workflow) throw refuse('itemId', 'notCapable', `${record.type} is not workflow-capable`);
  const caller = ctx.caller;
  const w: Working = {
    tx: ctx.services.db,
    ctx,
    caller,
    author: caller ? { userId: caller.userId, masquerader: caller.masquerader } : SYSTEM,
    now: new Date(),
    record,
    patch: {},
    steps: stepsOf(record.data),
    events: [],
    assigned: new Set(),
    transitions: [],
  };
  return look(w);
}

/**
 * Locks `itemId` (readable by the caller, workflow-capable, at `_u`), lets `work` change its steps and
 * `_wf` properties, writes them as one new version with the module's events, and answers the new `_u`.
 */
export async function change(ctx: OpContext, itemId: string, u: number, work: (w: Working) => Promise<void>): Promise<WorkflowReply> {
  const caller = ctx.caller;
  const first = await readableRecord(ctx, itemId);
  if (!itemTypes.get(first.type)?.workflow) throw refuse('itemId', 'notCapable', `${first.type} is not workflow-capable`);
  const { items, db } = ctx.services;
  const author: Author = caller ? { userId: caller.userId, masquerader: caller.masquerader } : SYSTEM;
  const result = await db.transaction(async (tx) => {
    const locked = await tx.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = $1 FOR UPDATE`, [itemId]);
    const row = locked.rows[0];
    if (!row) throw unreadable(caller, itemId);
    const record = toRecord(row);
    if (!canRead(caller, record)) throw unreadable(caller, itemId);
    if (record.deletedAt) throw new OpError('itemDeleted', `${itemId} was deleted`);
    if (record.u !== u) throw new OpError('staleUpdate', `${itemId} is at _u ${record.u}, the change was made from _u ${u}`);
    const w: Working = {
      tx,
      ctx,
      caller,
      author,
      now: new Date(),
      record,
      patch: {},
      steps: stepsOf(record.data).map((s) => ({ ...s, ...(s.props ? { props: { ...s.props } } : {}) })),
      events: [],
      assigned: new Set(),
      transitions: [],
    };
    await work(w);
    const running = w.patch[WF.steps] !== null;
    const body: ItemData = { ...(running ? { [WF.steps]: w.steps, ...summaryOf(w.steps) } : {}), ...w.patch };
    const changed = Object.fromEntries(
      Object.entries(body).filter(([k, v]) => JSON.stringify(record.data[k] ?? null) !== JSON.stringify(v ?? null)),
    );
    const written =
      Object.keys(changed).length > 0
        ? await items.update(author, { $id: itemId, _u: record.u, ...changed }, () => undefined, { admin: true, tx })
        : record;
    // An assignee follows the item by their own preferences from now on (unless they chose otherwise): so they are told.
    for (const userId of await usersOf(tx, [...w.assigned]))
      await tx.query(
        `INSERT INTO notify_prefs (user_id, item_id, pref) VALUES ($1, $2, 'PREFS') ON CONFLICT (user_id, item_id) DO NOTHING`,
        [userId, itemId],
      );
    for (const { system, ...event } of w.events) await items.appendEvent(tx, system ? SYSTEM : author, event);
    return { written, transitions: w.transitions };
  });
  let at = result.written.u;
  // A chart's transition runs in a transaction of its own, once the change is written; one its chart refuses now is not taken.
  for (const event of result.transitions) {
    const stateCaller = caller
      ? { userId: caller.userId, admin: caller.admin, capabilities: caller.capabilities, organizations: caller.orgs }
      : null;
    try {
      at = (
        await items.transition(author, itemId, { event, u: at, caller: stateCaller }, (current) => {
          if (!canRead(caller, current)) throw unreadable(caller, itemId);
        })
      ).u;
    } catch (e) {
      if (!(e instanceof OpError) || e.userMessage !== 'transitionNotAllowed') throw e;
    }
  }
  return { id: itemId, u: at };
}
