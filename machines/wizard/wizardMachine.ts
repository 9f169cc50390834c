/**
 * A step wizard over one item form (spec 000 §2 "Step wizards", docs/modules.md "Step wizards"): the
 * step shown and the furthest reached, kept in its column's route parameter as `current-furthest`; a
 * step is passed only when its properties pass the type's form rules; Back keeps what was entered (it
 * lives in the form); what is entered and not saved is kept in the tab's storage, so a reload resumes
 * where it was; Save draft and Finish save through the column like any form.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { FieldErrors } from '../../src/shared/items/itemSchema';
import type { ItemData } from '../../src/shared/items/types';
import type { WizardDef } from '../../src/shared/items/wizards';
import { formatStepPosition, parseStepPosition } from '../router/stepPosition';
import { getRouter } from '../systemIds';
import { wizardFeed, type WizardFeedEvent } from './wizardFeed';
import { draftOfEntry, wizardEntry, wizardStoreKey, type WizardStore } from './wizardStore';
import { firstInvalidStep, isStepValid, readScreenHref, startPosition, stepErrors } from './wizardSteps';

export interface WizardInput {
  def: WizardDef;
  /** `Type-index`; index 0 creates a new item. */
  itemId: string;
  /** The column's key and position (its route parameter is `c{index}`). */
  cellKey: string;
  cellIndex: number;
  /** The column's route parameter when the wizard starts. */
  routeParam: string | undefined;
  /** The column's item form (the cell holds it; typed loosely, as the cell holds this wizard too). */
  form: AnyActorRef | null;
  /** The column. */
  cell: AnyActorRef | null;
  store: WizardStore;
  /** Whose entry in the store (another user of the tab never sees it). */
  userId: string;
  /** Whether the user is an administrator (the form rules let administrators past some checks). */
  admin: boolean;
}

export interface WizardContext {
  def: WizardDef;
  itemId: string;
  isNew: boolean;
  cellKey: string;
  cellIndex: number;
  routeParam: string | undefined;
  form: AnyActorRef | null;
  cell: AnyActorRef | null;
  store: WizardStore;
  storeKey: string;
  admin: boolean;
  /** Counted from 1. */
  current: number;
  furthest: number;
  /** The form's draft as last seen. */
  draft: ItemData;
  edited: boolean;
  /** Steps whose rule errors show (Next, Finish or a step chosen past them was tried). */
  attempted: number[];
  /** The rule errors of the attempted steps, kept current as the draft changes. */
  errors: FieldErrors;
}

export type WizardEvent =
  | WizardFeedEvent
  | { type: 'wizard.nextRequested' }
  | { type: 'wizard.backRequested' }
  /** A step of the stepper header (counted from 1). */
  | { type: 'wizard.stepChosen'; step: number }
  | { type: 'wizard.draftRequested' }
  | { type: 'wizard.finishRequested' }
  /** The column's route parameter changed (an address typed, or the wizard's own write coming back). */
  | { type: 'wizard.routed'; param: string | undefined };

// The errors of the attempted steps for this draft.
const errorsOf = (context: WizardContext, attempted: number[], draft: ItemData, admin: boolean): FieldErrors =>
  Object.assign({}, ...attempted.map((step) => stepErrors(context.def, draft, step, admin))) as FieldErrors;

const stepOf = (event: WizardEvent): number => (event.type === 'wizard.stepChosen' ? event.step : 0);

/** A step wizard: position in the route, steps passed only when valid, the unsaved draft kept for a reload, draft and finish saves. */
export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: { wizardFeed },
  guards: {
    isFormReady: ({ event }) => event.type === 'wizard.formSeen' && event.ready,
    canAdvance: ({ context }) =>
      context.current < context.def.steps.length && isStepValid(context.def, context.draft, context.current, context.admin),
    hasPrevious: ({ context }) => context.current > 1,
    // Back to any step, forward to a reached one when every step on the way passes.
    isReachable: ({ context, event }) => {
      const step = stepOf(event);
      if (step < 1 || step > context.furthest || step === context.current) return false;
      return step < context.current || firstInvalidStep(context.def, context.draft, context.current, step, context.admin) === null;
    },
    isReachedPastInvalid: ({ context, event }) => {
      const step = stepOf(event);
      return step > context.current && step <= context.furthest;
    },
    isOtherPosition: ({ context, event }) =>
      event.type === 'wizard.routed' && event.param !== formatStepPosition({ current: context.current, furthest: context.furthest }),
    isEdited: ({ context }) => context.edited,
    isCompleteAndEdited: ({ context }) =>
      context.edited && firstInvalidStep(context.def, context.draft, 1, context.def.steps.length + 1, context.admin) === null,
    isComplete: ({ context }) => firstInvalidStep(context.def, context.draft, 1, context.def.steps.length + 1, context.admin) === null,
    isSaved: ({ event }) => event.type === 'wizard.cellSettled' && event.saved,
  },
  actions: {
    // What a reload finds: the entry kept for this user and item goes back into the form.
    restore: enqueueActions(({ context, enqueue }) => {
      const kept = draftOfEntry(context.store.read(context.storeKey));
      if (!kept || !context.form) return;
      const draft = { ...context.draft };
      for (const name of new Set([...Object.keys(kept), ...Object.keys(context.draft)])) {
        if (JSON.stringify(kept[name]) === JSON.stringify(context.draft[name])) continue;
        draft[name] = kept[name];
        enqueue.sendTo(context.form, { type: 'form.changed', name, value: kept[name] });
      }
      enqueue.assign({ draft });
    }),
    start: assign(({ context }) => startPosition(context.def, context.routeParam, context.draft, context.isNew, context.admin)),
    takeDraft: assign(({ context, event }) => {
      if (event.type !== 'wizard.formSeen') return {};
      return { draft: event.draft, edited: event.edited, errors: errorsOf(context, context.attempted, event.draft, context.admin) };
    }),
    // Unsaved work is kept; once saved or discarded, the entry goes.
    keep: ({ context }) => {
      if (context.edited) context.store.write(context.storeKey, wizardEntry(context.draft));
      else context.store.remove(context.storeKey);
    },
    forget: ({ context }) => context.store.remove(context.storeKey),
    advance: assign(({ context }) => ({ current: context.current + 1, furthest: Math.max(context.furthest, context.current + 1) })),
    back: assign(({ context }) => ({ current: context.current - 1 })),
    goTo: assign(({ event }) => ({ current: stepOf(event) })),
    // The step tried shows its errors.
    attempt: assign(({ context }) => {
      const attempted = context.attempted.includes(context.current) ? context.attempted : [...context.attempted, context.current];
      return { attempted, errors: errorsOf(context, attempted, context.draft, context.admin) };
    }),
    // To the first step that does not pass (up to `before`), with its errors shown.
    goToFirstInvalid: assign(({ context, event }) => {
      const before = event.type === 'wizard.stepChosen' ? event.step : context.def.steps.length + 1;
      const admin = context.admin;
      const step = firstInvalidStep(context.def, context.draft, 1, before, admin) ?? context.current;
      const attempted = context.attempted.includes(step) ? context.attempted : [...context.attempted, step];
      return { current: step, attempted, errors: errorsOf(context, attempted, context.draft, admin) };
    }),
    adopt: assign(({ context, event }) => {
      if (event.type !== 'wizard.routed' || !parseStepPosition(event.param)) return {};
      return startPosition(context.def, event.param, context.draft, context.isNew, context.admin);
    }),
    writeRoute: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      const param = formatStepPosition({ current: context.current, furthest: context.furthest });
      if (router) enqueue.sendTo(router, { type: 'router.paramSet', key: context.cellKey, param });
    }),
    // A finished wizard's created item opens on its read screen (the form opens it where no step position is).
    dropRoute: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      if (router) enqueue.sendTo(router, { type: 'router.paramSet', key: context.cellKey, param: null });
    }),
    requestSave: enqueueActions(({ context, enqueue }) => {
      if (context.cell) enqueue.sendTo(context.cell, { type: 'cell.saveRequested' });
    }),
    openRead: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      const location = router?.getSnapshot().context.location;
      if (!router || !location || context.isNew) return;
      enqueue.sendTo(router, {
        type: 'router.linkFollowed',
        href: readScreenHref(location, context.cellIndex, context.itemId),
        newTab: false,
      });
    }),
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    def: input.def,
    itemId: input.itemId,
    isNew: input.itemId.endsWith('-0'),
    cellKey: input.cellKey,
    cellIndex: input.cellIndex,
    routeParam: input.routeParam,
    form: input.form,
    cell: input.cell,
    store: input.store,
    storeKey: wizardStoreKey(input.userId, input.itemId),
    admin: input.admin,
    current: 1,
    furthest: 1,
    draft: {},
    edited: false,
    attempted: [],
    errors: {},
  }),
  invoke: { src: 'wizardFeed', input: ({ context }) => ({ form: context.form, cell: context.cell }) },
  initial: 'WAITING',
  states: {
    // An edit form waits for its item; a new one is ready at once.
    WAITING: {
      on: {
        'wizard.formSeen': [
          { guard: 'isFormReady', target: 'STEPPING', actions: ['takeDraft', 'restore', 'start', 'writeRoute'] },
          { actions: 'takeDraft' },
        ],
      },
    },
    STEPPING: {
      on: {
        'wizard.formSeen': { actions: ['takeDraft', 'keep'] },
        'wizard.nextRequested': [{ guard: 'canAdvance', actions: ['advance', 'writeRoute'] }, { actions: 'attempt' }],
        'wizard.backRequested': { guard: 'hasPrevious', actions: ['back', 'writeRoute'] },
        'wizard.stepChosen': [
          { guard: 'isReachable', actions: ['goTo', 'writeRoute'] },
          { guard: 'isReachedPastInvalid', actions: ['goToFirstInvalid', 'writeRoute'] },
        ],
        'wizard.routed': { guard: 'isOtherPosition', actions: ['adopt', 'writeRoute'] },
        'wizard.draftRequested': { guard: 'isEdited', target: 'SAVING', actions: 'requestSave' },
        'wizard.finishRequested': [
          { guard: 'isCompleteAndEdited', target: 'FINISHING', actions: ['dropRoute', 'requestSave'] },
          { guard: 'isComplete', target: 'FINISHED', actions: ['forget', 'openRead'] },
          { actions: ['goToFirstInvalid', 'writeRoute'] },
        ],
      },
    },
    // Save draft: the column saves the form (a new item then goes on in the wizard of the created one).
    SAVING: {
      on: {
        'wizard.formSeen': { actions: ['takeDraft', 'keep'] },
        'wizard.cellSettled': { target: 'STEPPING' },
      },
    },
    FINISHING: {
      on: {
        'wizard.formSeen': { actions: ['takeDraft', 'keep'] },
        'wizard.cellSettled': [
          { guard: 'isSaved', target: 'FINISHED', actions: ['forget', 'openRead'] },
          { target: 'STEPPING', actions: 'writeRoute' },
        ],
      },
    },
    // The saved item's read screen replaces the wizard.
    FINISHED: {},
  },
});

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;
export type WizardActorRef = ActorRefFrom<typeof wizardMachine>;

/** The step shown, counted from 1. */
export const selectCurrentStep = (s: WizardSnapshot): number => s.context.current;
/** The furthest step reached. */
export const selectFurthestStep = (s: WizardSnapshot): number => s.context.furthest;
/** The rule errors of the steps tried. */
export const selectStepErrors = (s: WizardSnapshot): FieldErrors => s.context.errors;
/** Whether the wizard waits for its form's item. */
export const selectWizardWaiting = (s: WizardSnapshot): boolean => s.matches('WAITING');
/** Whether a draft or finish save is on its way, or the wizard is done. */
export const selectWizardBusy = (s: WizardSnapshot): boolean => s.matches('SAVING') || s.matches('FINISHING') || s.matches('FINISHED');
