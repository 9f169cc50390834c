/**
 * A workflow template's steps in the item form (admin.workflows, issue 15): an ordered list of cards,
 * each with its number, kind and title, who does it, the days to do it and the workflow state it
 * sets; moved up and down by buttons, removed, and added by choosing a kind. The spec's kinds no
 * installed module registers are offered as not available (the server refuses them with
 * `errors.workflow.stepKindUnavailable`). Drawn in place of the generic list (ModuleClient.fieldEditors).
 */
import { useEffect, useRef, useState } from 'react';
import type { FieldEditProps } from '../../../client/items/fields/FieldKind';
import { FIELD_KINDS } from '../../../client/items/fields/fieldKinds';
import { inputClass } from '../../../client/items/fields/fieldStyles';
import { newRowKey, RowButton, useRowKeys } from '../../../client/items/fields/rowControls';
import { useT } from '../../../client/i18n/useT';
import { Button } from '../../../client/shell/Button';
import type { ItemData, PropertyDef } from '../../../shared/items/types';
import { SPEC_STEP_KINDS, STEP_KIND_UNAVAILABLE } from '../../../shared/workflow/StepKindDef';
import { stepKinds } from '../../../shared/workflow/stepKinds';
import { TEMPLATE_STEP } from '../model';

const rowsOf = (v: unknown): ItemData[] => (Array.isArray(v) ? v.map((r) => (r && typeof r === 'object' ? (r as ItemData) : {})) : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The spec's kinds, those some module registers first; the others are shown but cannot be chosen. */
function kindChoices(): { available: string[]; unavailable: string[] } {
  const registered = stepKinds();
  return {
    available: SPEC_STEP_KINDS.filter((k) => registered.has(k)),
    unavailable: SPEC_STEP_KINDS.filter((k) => !registered.has(k)),
  };
}

/** The fields of a card beside its kind, drawn by the form's own editors. */
const CARD_FIELDS = ['label', 'assignee', 'dueDays', 'wfState'] as const;

/** A select of step kinds: the registered ones, then the others under "Not available on this site yet" (disabled). */
function KindSelect({
  id,
  value,
  required,
  invalid,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
}: {
  id: string;
  value: string;
  required?: boolean;
  invalid?: boolean;
  onChange(kind: string): void;
  onBlur?(): void;
  labelledBy?: string;
  describedBy?: string;
}) {
  const t = useT();
  const { available, unavailable } = kindChoices();
  return (
    <select
      id={id}
      value={value}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={inputClass(!!invalid, false)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
    >
      <option value="">{t('app.field.choose')}</option>
      {available.map((kind) => (
        <option key={kind} value={kind}>
          {t(`workflow.steps.${kind}`)}
        </option>
      ))}
      {unavailable.length > 0 ? (
        <optgroup label={t('workflow.editor.unavailableGroup')}>
          {unavailable.map((kind) => (
            <option key={kind} value={kind} disabled>
              {t('workflow.editor.unavailableKind', { label: t(`workflow.steps.${kind}`) })}
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}

/** A step given another kind: the old kind's own values go (they belonged to it). */
function withKind(step: ItemData, kind: string): ItemData {
  const { props: _old, ...rest } = step;
  return { ...rest, kind };
}

/** Where the focus lands after a change: a moved step's button, the next remove button, a new step's title, or the kind chooser. */
type FocusTarget = { key: string; button: 'up' | 'down' | 'remove' | 'title' } | { key: null; button: 'add' };

/** The steps of a Workflow template (the `steps` ARR, TEMPLATE_STEP rows). */
export function StepsEditor({ name, def, value, item, type, inputId, errorId, error, shake, onChange, onBlur }: FieldEditProps) {
  const t = useT();
  const steps = rowsOf(value);
  // Stable keys per card, moved with their step, so each card's inputs (and their choosers) stay with it.
  const [shownKeys, setKeys] = useRowKeys(steps.length);
  const [newKind, setNewKind] = useState('');
  const [said, setSaid] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  useEffect(() => {
    if (!focus) return;
    const el =
      focus.key === null
        ? document.getElementById(`${inputId}-new`)
        : focus.button === 'title'
          ? document.getElementById(`${inputId}-${focus.key}-label`)
          : buttons.current.get(`${focus.key}:${focus.button}`);
    // A disabled button (the first step's "up") cannot take focus: the step's other move takes it.
    const fallback = focus.key === null ? null : buttons.current.get(`${focus.key}:${focus.button === 'up' ? 'down' : 'up'}`);
    if (el && !(el as HTMLButtonElement).disabled) el.focus();
    else fallback?.focus();
    // A new step's title is its kind's name until retyped: selected, so typing replaces it.
    if (el instanceof HTMLInputElement) el.select();
    setFocus(null);
  }, [focus, inputId]);
  const refFor = (at: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(at, el);
    else buttons.current.delete(at);
  };

  const max = def.maxItems;
  const full = max !== undefined && steps.length >= max;
  const stepDefs: Record<string, PropertyDef> = def.of ?? TEMPLATE_STEP;
  const kindName = (kind: string): string => (kind ? t(`workflow.steps.${kind}`) : t('workflow.editor.noKind'));
  const registered = stepKinds();

  const commit = (next: ItemData[], nextKeys: string[]): void => {
    setKeys(nextKeys);
    onChange(next);
  };
  const setStep = (i: number, step: ItemData): void => onChange(steps.map((s, j) => (j === i ? step : s)));
  const move = (i: number, by: -1 | 1): void => {
    const j = i + by;
    if (j < 0 || j >= steps.length) return;
    const next = [...steps];
    const nextKeys = [...shownKeys];
    [next[i], next[j]] = [next[j]!, next[i]!];
    [nextKeys[i], nextKeys[j]] = [nextKeys[j]!, nextKeys[i]!];
    commit(next, nextKeys);
    setSaid(t('workflow.editor.moved', { from: i + 1, to: j + 1, title: text(steps[i]!.label) || kindName(text(steps[i]!.kind)) }));
    setFocus({ key: shownKeys[i]!, button: by < 0 ? 'up' : 'down' });
  };
  const remove = (i: number): void => {
    const title = text(steps[i]!.label) || kindName(text(steps[i]!.kind));
    commit(
      steps.filter((_, j) => j !== i),
      shownKeys.filter((_, j) => j !== i),
    );
    setSaid(t('workflow.editor.removed', { n: i + 1, title }));
    const after = shownKeys[i + 1] ?? shownKeys[i - 1];
    setFocus(after ? { key: after, button: 'remove' } : { key: null, button: 'add' });
  };
  const add = (): void => {
    if (!newKind || full) return;
    const step: ItemData = { kind: newKind, label: t(`workflow.steps.${newKind}`) };
    const key = newRowKey();
    commit([...steps, step], [...shownKeys, key]);
    setSaid(t('workflow.editor.added', { n: steps.length + 1, title: step.label as string }));
    setNewKind('');
    setFocus({ key, button: 'title' });
  };

  return (
    <div
      id={inputId}
      role="group"
      tabIndex={-1}
      aria-labelledby={`${inputId}-label`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={`rounded ${error && shake ? 'kk-shake' : ''}`}
    >
      {steps.length === 0 ? <p className="mb-3 text-sm text-muted">{t('workflow.editor.empty')}</p> : null}
      <ol className="space-y-3">
        {steps.map((step, i) => {
          const key = shownKeys[i]!;
          const id = `${inputId}-${key}`;
          const kind = text(step.kind);
          const title = text(step.label);
          const n = i + 1;
          const unavailable = kind !== '' && !registered.has(kind);
          return (
            <li
              key={key}
              aria-labelledby={`${id}-heading`}
              className={`rounded-lg border bg-panel p-3 ${unavailable ? 'border-red-600 dark:border-red-400' : 'border-line'}`}
            >
              <div className="flex flex-wrap items-start gap-2">
                <span
                  aria-hidden="true"
                  className="mt-1 inline-flex h-7 min-w-7 items-center justify-center rounded-full bg-primary px-2 text-sm font-semibold text-white"
                >
                  {n}
                </span>
                <h4 id={`${id}-heading`} className="min-w-0 flex-1 basis-40 break-words">
                  <span className="sr-only">{t('workflow.editor.stepN', { n })}: </span>
                  <span className="block font-medium text-ink">{title || t('workflow.editor.untitled')}</span>
                  {/* The kind, unless the title already says it. */}
                  {title !== kindName(kind) ? <span className="block text-sm text-muted">{kindName(kind)}</span> : null}
                </h4>
                <div className="flex shrink-0 gap-1">
                  <RowButton
                    large
                    icon="up"
                    label={t('workflow.editor.moveUp', { n })}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    buttonRef={refFor(`${key}:up`)}
                  />
                  <RowButton
                    large
                    icon="down"
                    label={t('workflow.editor.moveDown', { n })}
                    disabled={i === steps.length - 1}
                    onClick={() => move(i, 1)}
                    buttonRef={refFor(`${key}:down`)}
                  />
                  <RowButton
                    large
                    icon="remove"
                    label={t('workflow.editor.remove', { n })}
                    onClick={() => remove(i)}
                    buttonRef={refFor(`${key}:remove`)}
                  />
                </div>
              </div>
              <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
                <div>
                  <label id={`${id}-kind-label`} htmlFor={`${id}-kind`} className="mb-1 block text-xs text-muted">
                    {t(`types.${type.name}.${name}.kind`)}
                  </label>
                  <KindSelect
                    id={`${id}-kind`}
                    value={kind}
                    required
                    invalid={unavailable}
                    describedBy={unavailable ? `${id}-kind-error` : undefined}
                    onChange={(k) => setStep(i, withKind(step, k))}
                    onBlur={onBlur}
                  />
                  {unavailable ? (
                    <p id={`${id}-kind-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
                      {t(STEP_KIND_UNAVAILABLE)}
                    </p>
                  ) : null}
                </div>
                {CARD_FIELDS.map((sub) => {
                  const subDef = stepDefs[sub];
                  const kindOf = subDef ? FIELD_KINDS[subDef.kind] : undefined;
                  if (!subDef || !kindOf) return null;
                  const subId = `${id}-${sub}`;
                  return (
                    <div key={sub}>
                      <label id={`${subId}-label`} htmlFor={subId} className="mb-1 block text-xs text-muted">
                        {t(`types.${type.name}.${name}.${sub}`)}
                      </label>
                      <kindOf.Edit
                        name={sub}
                        def={subDef}
                        value={step[sub]}
                        item={item}
                        type={type}
                        inputId={subId}
                        errorId={errorId}
                        error={null}
                        shake={false}
                        onChange={(v) => setStep(i, { ...step, [sub]: v })}
                        onBlur={onBlur}
                      />
                    </div>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-end gap-2 rounded-lg border border-dashed border-line p-3">
        <div className="w-full min-w-0 sm:w-auto sm:flex-1">
          <label id={`${inputId}-new-label`} htmlFor={`${inputId}-new`} className="mb-1 block text-xs text-muted">
            {t('workflow.editor.newKind')}
          </label>
          <KindSelect id={`${inputId}-new`} value={newKind} describedBy={`${inputId}-new-hint`} onChange={setNewKind} />
        </div>
        <Button id={`${inputId}-add`} variant="plain" disabled={!newKind || full} onClick={add} className="border border-line">
          {t('workflow.editor.add')}
        </Button>
        <p id={`${inputId}-new-hint`} className="w-full text-xs text-muted">
          {full ? t('workflow.editor.full', { max: max ?? 0 }) : t('workflow.editor.unavailableHint')}
        </p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
    </div>
  );
}
