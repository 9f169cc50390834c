/**
 * A type's create and edit screens as a step wizard (docs/modules.md "Step wizards"): the stepper
 * header, the current step's properties drawn as the edit form draws them, Back, Save draft and Next
 * or Finish. The wizard actor (machines/wizard/wizardMachine.ts) keeps the position, the column's
 * item form keeps the values and saves them.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import {
  selectDraft,
  selectFormError,
  selectFormErrors,
  selectFormItem,
  selectRelPicker,
  selectShaking,
  type ItemFormActorRef,
} from '../../../machines/item/itemFormMachine';
import { formType } from '../../../machines/item/itemFormData';
import { selectDirty, selectSavedAt, type CellActorRef, type CellSnapshot } from '../../../machines/router/cellMachine';
import type { CellSpec } from '../../../machines/router/parseLocation';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import {
  selectCurrentStep,
  selectFurthestStep,
  selectStepErrors,
  selectWizardBusy,
  selectWizardWaiting,
  type WizardActorRef,
} from '../../../machines/wizard/wizardMachine';
import type { FieldErrors } from '../../shared/items/itemSchema';
import type { WizardDef } from '../../shared/items/wizards';
import { useT } from '../i18n/useT';
import { FieldActorsProvider, type FieldActors } from '../items/fields/FieldActorsContext';
import { FieldEditRow } from '../items/fields/FieldEditRow';
import { useCellViewActor } from '../layout/useCellViewActor';
import { useActors } from '../session/useActors';
import { Button } from '../shell/Button';
import { sessionWizardStore } from './sessionWizardStore';
import { stateChartOf } from '../items/ItemStatePanel';
import { WizardNotes } from './WizardNotes';
import { selectCellItem, WizardStatePanel } from './WizardStatePanel';
import { WizardReview } from './WizardReview';
import { WizardStepper } from './WizardStepper';
import { wizardMachine } from '../../../machines/wizard/wizardMachine';

interface Props {
  cell: CellActorRef;
  spec: CellSpec;
  form: ItemFormActorRef;
  def: WizardDef;
}

// Plain buttons say when they cannot be used.
const PLAIN = 'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent';

const selectUserId = (s: AuthSnapshot): string | null => selectUser(s)?.$id ?? null;
const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;
const selectRouteParam = (s: CellSnapshot): string | undefined => s.context.spec.routeParam;
const selectSavedNow = (s: CellSnapshot): boolean => selectSavedAt(s) !== null && !selectDirty(s);
const sameErrors = (a: FieldErrors, b: FieldErrors): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

function Loading() {
  const t = useT();
  return (
    <p role="status" className="px-4 py-6 text-muted">
      {t('app.form.loading')}
    </p>
  );
}

/** The wizard of the column's form, once the signed-in user is known (what is kept for a reload is theirs). */
export function ItemWizard(props: Props) {
  const { auth } = useActors();
  const userId = useSelector(auth, selectUserId);
  const admin = useSelector(auth, selectAdmin);
  if (!userId) return <Loading />;
  return <StartedWizard {...props} userId={userId} admin={admin} />;
}

function StartedWizard({ cell, spec, form, def, userId, admin }: Props & { userId: string; admin: boolean }) {
  const wizard = useCellViewActor(cell, 'wizard', wizardMachine, {
    def,
    itemId: spec.itemId ?? '',
    cellKey: spec.key,
    cellIndex: spec.index,
    routeParam: spec.routeParam,
    form,
    cell,
    store: sessionWizardStore(),
    userId,
    admin,
  });
  const routeParam = useSelector(cell, selectRouteParam);
  // An address typed or changed by the wizard itself: the wizard keeps to its rules either way.
  useEffect(() => wizard?.send({ type: 'wizard.routed', param: routeParam }), [wizard, routeParam]);
  const waiting = useSelector(wizard ?? undefined, (s) => (s ? selectWizardWaiting(s) : true));
  if (!wizard || waiting) return <Loading />;
  return <WizardBody cell={cell} form={form} def={def} wizard={wizard} />;
}

function WizardBody({ cell, form, def, wizard }: { cell: CellActorRef; form: ItemFormActorRef; def: WizardDef; wizard: WizardActorRef }) {
  const t = useT();
  const idPrefix = useId();
  const type = formType(def.type);
  const current = useSelector(wizard, selectCurrentStep);
  const furthest = useSelector(wizard, selectFurthestStep);
  const stepErrors = useSelector(wizard, selectStepErrors, sameErrors);
  const busy = useSelector(wizard, selectWizardBusy);
  const draft = useSelector(form, selectDraft);
  const item = useSelector(form, selectFormItem);
  const formErrors = useSelector(form, selectFormErrors, sameErrors);
  const formError = useSelector(form, selectFormError);
  const shaking = useSelector(form, selectShaking);
  const dirty = useSelector(cell, selectDirty);
  const savedNow = useSelector(cell, selectSavedNow);
  const itemRef = useSelector(cell, selectCellItem);
  const chart = stateChartOf(def.type);
  const fieldActors = useMemo<FieldActors>(() => ({ relPicker: (name) => selectRelPicker(form.getSnapshot(), name), form }), [form]);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(current);

  // A new step is announced by moving the focus to its title (not on the first render: the page keeps its focus).
  useEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    heading.current?.focus();
  }, [current]);

  const errors: FieldErrors = { ...stepErrors, ...formErrors };
  const step = def.steps[current - 1];
  const last = current === def.steps.length;
  // Steps with something to fix: what a refused save named on other steps, and the steps tried.
  const flagged = new Set(def.steps.flatMap((s, at) => (s.properties.some((name) => errors[name]) ? [at + 1] : [])));
  const elsewhere = [...flagged].filter((n) => n !== current);
  // What a later move still needs, from what is entered now (the saved item under the form's changes).
  const values = { ...item, ...draft };
  const notes = def.notes?.of(values) ?? [];
  const none = notes.length === 0 && step?.review ? def.notes?.none?.(values) : undefined;
  if (!step) return null;
  const inputId = (name: string): string => `${idPrefix}-${name}`;
  return (
    <div>
      <WizardStepper
        def={def}
        current={current}
        furthest={furthest}
        flagged={flagged}
        onChoose={(n) => wizard.send({ type: 'wizard.stepChosen', step: n })}
      />
      <form
        noValidate
        className="p-4"
        onSubmit={(e) => {
          e.preventDefault();
          wizard.send({ type: last ? 'wizard.finishRequested' : 'wizard.nextRequested' });
        }}
      >
        <h3 ref={heading} tabIndex={-1} className="mb-4 text-lg font-semibold text-ink focus:outline-none">
          {t(step.title)}
        </h3>
        {formError ? (
          <p
            role="alert"
            className="mb-4 rounded border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {t(formError)}
          </p>
        ) : null}
        {elsewhere.length > 0 ? (
          <p
            role="alert"
            className="mb-4 rounded border border-amber-500 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {t('app.wizard.fixSteps', { steps: elsewhere.map((n) => t(def.steps[n - 1]?.title ?? '')).join(', ') })}
          </p>
        ) : null}
        <WizardNotes
          def={def}
          notes={notes}
          none={none}
          current={current}
          all={step.review === true}
          onChoose={(n) => wizard.send({ type: 'wizard.stepChosen', step: n })}
        />
        <FieldActorsProvider actors={fieldActors}>
          {step.properties.map((name) => (
            <FieldEditRow
              key={name}
              name={name}
              def={type.properties[name]!}
              value={draft[name]}
              item={item}
              type={type}
              inputId={inputId(name)}
              error={errors[name] ?? null}
              shake={shaking}
              onChange={(n, value) => form.send({ type: 'form.changed', name: n, value })}
              onBlur={(n) => form.send({ type: 'form.blurred', name: n })}
            />
          ))}
        </FieldActorsProvider>
        {step.review ? (
          // Within the form's field actors: the review names what the relation choosers hold.
          <FieldActorsProvider actors={fieldActors}>
            <WizardReview
              def={def}
              type={type}
              current={current}
              draft={draft}
              item={item}
              onChoose={(n) => wizard.send({ type: 'wizard.stepChosen', step: n })}
            />
          </FieldActorsProvider>
        ) : null}
        {step.review && chart && itemRef && !dirty && !busy ? <WizardStatePanel itemRef={itemRef} def={chart} /> : null}
        <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
          <Button
            variant="plain"
            className={PLAIN}
            disabled={current === 1 || busy}
            onClick={() => wizard.send({ type: 'wizard.backRequested' })}
          >
            {t('app.wizard.back')}
          </Button>
          <Button
            variant="plain"
            className={PLAIN}
            disabled={!dirty || busy}
            onClick={() => wizard.send({ type: 'wizard.draftRequested' })}
          >
            {t('app.wizard.saveDraft')}
          </Button>
          <span className="grow" />
          {savedNow ? (
            <span role="status" className="text-sm text-muted">
              {t('app.wizard.draftSaved')}
            </span>
          ) : null}
          <Button type="submit" disabled={busy}>
            {last ? t('app.wizard.finish') : t('app.wizard.next')}
          </Button>
        </div>
      </form>
    </div>
  );
}
