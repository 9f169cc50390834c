/**
 * The stepper of a workflow-capable item's read screen (issue 15): the running workflow's steps in
 * order, the current one marked, each with who does it and when it is due, what comes next, and the
 * moves the server says the signed-in user may take now (act/wfAllowed). The current step's own
 * values (a responder, an outcome, a meeting date) are edited here. Without a workflow, those who
 * run workflows choose a template and start it. The server decides every move again.
 */
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { resourceMachine, selectResourceBusy, selectResourceData, selectResourceError } from '../../../../machines/session/resourceMachine';
import { AdminError } from '../../../client/admin/AdminError';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import { FIELD_KINDS } from '../../../client/items/fields/fieldKinds';
import { formatDate } from '../../../client/items/fields/formatDate';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { Button } from '../../../client/shell/Button';
import { itemTypes } from '../../../shared/itemTypes';
import type { Item, ItemData, ItemTypeDef } from '../../../shared/items/types';
import { callOf } from '../../../shared/protocol/operationCall';
import { operations } from '../../../shared/protocol/operations';
import { STEP_STATES, type StepInstance, type StepState } from '../../../shared/workflow/StepKindDef';
import { stepKinds } from '../../../shared/workflow/stepKinds';
import { workflowOperations } from '../operations';
import { currentStep, nextBlank, stepsOf } from '../workflowRules';

/** The stepper, on every workflow-capable type's read screen. */
export function WorkflowPanel({ item, cell }: ItemPanelProps) {
  const t = useT();
  const base = useId();
  const load = useMemo(() => callOf(workflowOperations.allowed, { itemId: item.$id }), [item.$id]);
  // One answer per version of the item: a change anyone makes brings its own allowed moves.
  const actor = useCellViewActor(cell, `workflow:${item.$id}@${item._u}`, resourceMachine, { load });
  const allowed = useSelector(actor ?? undefined, (s) => (s ? selectResourceData(load)(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectResourceError(s) : null));
  const busy = useSelector(actor ?? undefined, (s) => (s ? selectResourceBusy(s) : true));
  const steps = stepsOf(item);
  const current = currentStep(steps);
  const next = current ? nextBlank(steps, current.id) : undefined;
  const save = (call: ReturnType<typeof callOf>) => actor?.send({ type: 'resource.saveRequested', call });
  if (item.$deleted) return null;
  return (
    <section
      aria-labelledby={`${base}-title`}
      className="mx-4 mb-4 flex flex-col gap-3 rounded border border-line p-3"
      data-testid="workflow-panel"
    >
      <h4 id={`${base}-title`} className="m-0 font-semibold">
        {t('workflow.panel.title')}
      </h4>
      <AdminError error={error} />
      {steps.length === 0 ? (
        <>
          <p className="m-0 text-sm text-muted">{t('workflow.panel.none')}</p>
          {allowed?.runs ? (
            <StartWorkflow
              item={item}
              cell={cell}
              busy={busy}
              onStart={(workflowId) => save(callOf(workflowOperations.set, { itemId: item.$id, _u: item._u, workflowId }))}
            />
          ) : null}
        </>
      ) : (
        <>
          {current ? (
            <p className="m-0 text-sm text-muted sm:hidden">
              {t('workflow.panel.stepOf', { n: steps.indexOf(current) + 1, count: steps.length })}
            </p>
          ) : null}
          <ol aria-label={t('workflow.panel.steps')} className="m-0 flex list-none flex-col gap-2 p-0">
            {steps.map((step, i) => (
              <StepRow
                key={step.id}
                item={item}
                n={i + 1}
                step={step}
                current={step === current}
                names={allowed?.labels ?? {}}
                moves={offered(step, steps, current, allowed?.moves[step.id] ?? [])}
                busy={busy}
                forces={allowed?.forces === true}
                onForce={(state) => save(callOf(workflowOperations.forceStep, { itemId: item.$id, _u: item._u, stepId: step.id, state }))}
                onMove={(event) =>
                  save(
                    callOf(workflowOperations.stepState, { itemId: item.$id, _u: item._u, stepId: step.id, event: event as 'step.start' }),
                  )
                }
              />
            ))}
          </ol>
          <p className="m-0 text-sm text-muted">
            {next ? t('workflow.panel.next', { label: next.label }) : current ? null : t('workflow.panel.finished')}
          </p>
          {current && (allowed?.moves[current.id]?.length ?? 0) > 0 ? (
            <StepValues
              key={`${current.id}@${item._u}`}
              item={item}
              step={current}
              busy={busy}
              onSave={(props) => save(callOf(workflowOperations.stepProps, { itemId: item.$id, _u: item._u, stepId: current.id, props }))}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The moves a step's row offers: the current step's (opening is the system's), and once every step is
 * done, reopening the last; the others' stay off the screen, so one step at a time asks for action.
 */
function offered(
  step: StepInstance,
  steps: readonly StepInstance[],
  current: StepInstance | undefined,
  moves: readonly string[],
): string[] {
  if (step === current) return moves.filter((m) => m !== 'step.open');
  const last = [...steps].reverse().find((s) => s.state === 'COMPLETE' || s.state === 'SKIP');
  return !current && step === last ? moves.filter((m) => m === 'step.reopen') : [];
}

/** One step: its number, title, kind, state, who does it and when, and the moves offered. */
function StepRow(props: {
  item: Item;
  n: number;
  step: StepInstance;
  current: boolean;
  names: Record<string, string>;
  moves: readonly string[];
  busy: boolean;
  forces: boolean;
  onForce: (state: StepState) => void;
  onMove: (event: string) => void;
}) {
  const t = useT();
  const { item, n, step, current, names, moves, busy, forces, onForce, onMove } = props;
  const done = step.state === 'COMPLETE' || step.state === 'SKIP';
  const who = step.assignee ? names[step.assignee.id] : undefined;
  return (
    <li
      aria-current={current ? 'step' : undefined}
      className={`flex flex-col gap-1 rounded border p-2 ${current ? 'border-primary bg-primary/5' : 'border-line'} ${done ? 'text-muted' : ''}`}
    >
      <div className="flex flex-wrap items-baseline gap-2">
        <span aria-hidden="true" className="inline-flex h-6 w-6 items-center justify-center rounded-full border border-line text-xs">
          {n}
        </span>
        <strong className="text-ink">{step.label}</strong>
        {t(`workflow.steps.${step.kind}`) !== step.label ? (
          <span className="text-xs text-muted">{t(`workflow.steps.${step.kind}`)}</span>
        ) : null}
        <span className="ml-auto text-sm" data-testid="step-state">
          {t(`options.${step.state}`)}
          {step.forced ? ` (${t('workflow.panel.forced')})` : ''}
        </span>
      </div>
      <div className="flex flex-wrap gap-x-4 text-sm text-muted">
        <span>{who ? t('workflow.panel.assignee', { name: who }) : t('workflow.panel.unassigned')}</span>
        {step.due ? <span>{t('workflow.panel.due', { date: formatDate(step.due) })}</span> : null}
      </div>
      <StepShown item={item} step={step} names={names} editing={current && moves.length > 0} />
      {forces ? <ForceStep step={step} busy={busy} onForce={onForce} /> : null}
      {moves.length > 0 ? (
        <div role="group" aria-label={step.label} className="flex flex-wrap gap-2">
          {moves.map((move) => (
            <Button key={move} disabled={busy} onClick={() => onMove(move)}>
              {t(`workflow.move.${move}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The step's own values as a person reads them: what it made (the conversation, the letter, the
 * snapshot, as links) and what was chosen (the responder, the outcome, the meeting day). The values
 * being edited in the current step's form below are not repeated; a related item the reader may not
 * read is left out.
 */
function StepShown({ item, step, names, editing }: { item: Item; step: StepInstance; names: Record<string, string>; editing: boolean }) {
  const t = useT();
  const type = itemTypes.get(item._t);
  if (!type) return null;
  const shown = Object.entries(stepKinds().get(step.kind)?.def.properties ?? {}).filter(([name, def]) => {
    const value = step.props?.[name];
    if (value === undefined || value === null || value === '' || (editing && !def.readOnly)) return false;
    if (def.kind !== 'REL') return true;
    const ids = (Array.isArray(value) ? value : [value]).map((v) => (v as { id?: unknown } | null)?.id);
    return ids.length > 0 && ids.every((id) => typeof id === 'string' && names[id] !== undefined);
  });
  if (shown.length === 0) return null;
  const withNames: Item = { ...item, $labels: { ...item.$labels, ...names } };
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      {shown.map(([name, def]) => {
        const Show = FIELD_KINDS[def.kind]?.Show;
        return Show ? (
          <span key={name} className="inline-flex flex-wrap items-center gap-1">
            <span className="text-muted">{t(def.t ?? `workflow.stepProps.${name}`)}:</span>
            <Show name={name} def={def} value={step.props?.[name]} item={withNames} type={type} />
          </span>
        ) : null;
      })}
    </div>
  );
}

/** An administrator forces a step into another state (recorded as forced). */
function ForceStep({ step, busy, onForce }: { step: StepInstance; busy: boolean; onForce: (state: StepState) => void }) {
  const t = useT();
  const id = useId();
  const [to, setTo] = useState<StepState | ''>('');
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted">
        {t('workflow.panel.forceTo', { label: step.label })}
      </label>
      <select
        id={id}
        value={to}
        onChange={(e) => setTo(e.target.value as StepState)}
        className="rounded border border-line bg-surface p-1 text-ink"
      >
        <option value="">{t('app.field.choose')}</option>
        {STEP_STATES.filter((s) => s !== step.state).map((s) => (
          <option key={s} value={s}>
            {t(`options.${s}`)}
          </option>
        ))}
      </select>
      <Button variant="plain" disabled={busy || !to} onClick={() => to && onForce(to)}>
        {t('workflow.panel.force')}
      </Button>
    </div>
  );
}

/** The current step's own values (its kind's properties), edited as a form's fields and saved together. */
function StepValues({
  item,
  step,
  busy,
  onSave,
}: {
  item: ItemPanelProps['item'];
  step: StepInstance;
  busy: boolean;
  onSave: (props: ItemData) => void;
}) {
  const t = useT();
  const base = useId();
  const defs = Object.entries(stepKinds().get(step.kind)?.def.properties ?? {}).filter(([, def]) => !def.readOnly);
  const [values, setValues] = useState<ItemData>(() => ({ ...(step.props ?? {}) }));
  if (defs.length === 0) return null;
  const type: ItemTypeDef = itemTypes.get(item._t)!;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(Object.fromEntries(defs.map(([name]) => [name, values[name] ?? null])));
      }}
    >
      {defs.map(([name, def]) => {
        const Edit = FIELD_KINDS[def.kind]!.Edit;
        const inputId = `${base}-${name}`;
        return (
          <div key={name} className="flex flex-col gap-1">
            <label id={`${inputId}-label`} htmlFor={inputId} className="text-sm font-medium text-muted">
              {t(def.t ?? `workflow.stepProps.${name}`)}
            </label>
            <Edit
              name={name}
              def={def}
              value={values[name] ?? null}
              item={item}
              type={type}
              inputId={inputId}
              errorId={`${inputId}-error`}
              error={null}
              shake={false}
              onChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
              onBlur={() => undefined}
            />
          </div>
        );
      })}
      <div>
        <Button type="submit" disabled={busy}>
          {t('workflow.panel.save')}
        </Button>
      </div>
    </form>
  );
}

/** Those who run workflows choose one of the templates they read and start it. */
function StartWorkflow({
  item,
  cell,
  busy,
  onStart,
}: Pick<ItemPanelProps, 'item' | 'cell'> & { busy: boolean; onStart: (workflowId: string) => void }) {
  const t = useT();
  const base = useId();
  const owner = (item.owner as { id?: string } | undefined)?.id;
  const load = useMemo(
    () =>
      callOf(operations.search, {
        must: { _: 'Workflow', ...(owner ? { 'ft-owner': owner } : {}) },
        sort: [{ key: 'label', order: 'asc' }],
        labels: true,
        max: 100,
      }),
    [owner],
  );
  const [chosen, setChosen] = useState('');
  const actor = useCellViewActor(cell, `workflow-templates:${owner ?? ''}`, resourceMachine, { load });
  const found = useSelector(actor ?? undefined, (s) => (s ? selectResourceData(load)(s) : null));
  const ids = found?.ids ?? [];
  if (found && ids.length === 0) return <p className="m-0 text-sm text-muted">{t('workflow.panel.noTemplates')}</p>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${base}-template`} className="text-sm font-medium text-muted">
          {t('workflow.panel.template')}
        </label>
        <select
          id={`${base}-template`}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          className="rounded border border-line bg-surface p-1 text-ink"
        >
          <option value="">{t('app.field.choose')}</option>
          {ids.map((id) => (
            <option key={id} value={id}>
              {found?.labels[id] ?? ''}
            </option>
          ))}
        </select>
      </div>
      <Button disabled={busy || !chosen} onClick={() => onStart(chosen)}>
        {t('workflow.panel.start')}
      </Button>
    </div>
  );
}
