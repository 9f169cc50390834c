/**
 * The form of one item (spec 000 §4 Cells, §5): draft values, touched fields, rule and server errors,
 * the failed-save shake, and the save (`create/{type}` or `update` with only the changed properties
 * and `_u`, itemFormSave.ts) as an operation actor invoked in SAVING. It registers the cell's gate:
 * validate, save and reset (discard).
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { formatUsPhone } from '../../src/shared/items/formRules';
import { validateItemData, type FieldErrors } from '../../src/shared/items/itemSchema';
import type { Item, ItemData } from '../../src/shared/items/types';
import { formatLocation } from '../router/formatLocation';
import { parseStepPosition } from '../router/stepPosition';
import { failureOf, operationLogic } from '../session/operation';
import { getAuth, getRouter } from '../systemIds';
import { dataOf, draftOf, formType } from './itemFormData';
import { orgFollowers, pickerId, pickerResets, pickersToStart } from './itemFormPickers';
import { emptyRefusal, isSavedItem, refusalOf, saveCall } from './itemFormSave';
import { formGate, type SaveOutcome } from './formGate';
import { itemFeed } from './itemFeed';
import type { ItemActorRef } from './itemMachine';
import { relPickerMachine, type RelPickerActorRef } from './relPickerMachine';
import { prefilledIds, prefillLabelsCall, prefillOf } from './relatedPrefill';

export interface ItemFormInput {
  /** `Type-index`; index 0 creates a new item. */
  itemId: string;
  /** The item actor of an existing item, whose item the draft starts from. */
  item: ItemActorRef | null;
  /** A new item's column sub-parameters: the relations "add one here" fills in (relatedPrefill.ts). */
  prefill?: ReadonlyArray<readonly [string, string]>;
}

export interface ItemFormContext {
  typeName: string;
  itemId: string;
  isNew: boolean;
  itemRef: ItemActorRef | null;
  /** The item the draft started from (its `_u` goes with the update). */
  base: Item | null;
  /** The newest item the item actor holds; a discard starts from it. */
  latest: Item | null;
  draft: ItemData;
  /** What a new item's address filled in (relatedPrefill.ts), and their labels: a discard starts from them again. */
  prefilled: ItemData;
  prefillLabels: Record<string, string>;
  touched: string[];
  /** After a save attempt every rule error shows, not only those of touched fields. */
  submitted: boolean;
  ruleErrors: FieldErrors;
  serverErrors: FieldErrors;
  /** A failure of the whole form (errors.staleUpdate). */
  formError: string | null;
  edited: boolean;
  /** Counts failed saves: the editor focuses the first invalid input on each. */
  shakes: number;
  saves: number;
  outcome: SaveOutcome | null;
}

export type ItemFormEvent =
  | { type: 'form.changed'; name: string; value: unknown }
  | { type: 'form.blurred'; name: string }
  | { type: 'form.validateRequested' }
  | { type: 'form.saveRequested' }
  | { type: 'form.resetRequested' }
  | { type: 'form.itemRead'; item: Item }
  /** From the cell: the save is recorded, so a created item may replace the create cell. */
  | { type: 'form.cellSaved' }
  | { type: 'form.shakeStarted' }
  /** The labels of the relations a new item's address filled in. */
  | { type: 'xstate.done.actor.prefillLabels'; output: unknown }
  | { type: 'xstate.error.actor.prefillLabels'; error: unknown };

// The form's children by id; none yet while a create form enters EDITING during its first step.
const runningOf = (self: { getSnapshot(): unknown }): Record<string, unknown> =>
  (self.getSnapshot() as ItemFormSnapshot | undefined)?.children ?? {};

/** One item's form: draft, rules, server errors, shake, save and discard, and the cell's gate. */
export const itemFormMachine = setup({
  types: {
    context: {} as ItemFormContext,
    events: {} as ItemFormEvent,
    input: {} as ItemFormInput,
  },
  actors: { itemFeed, relPicker: relPickerMachine, operation: operationLogic },
  delays: { shakeDuration: 1000 },
  guards: {
    isSavedItem: (_, params: { output: unknown }) => isSavedItem(params.output),
    isCreated: ({ context }, params: { output: unknown }) => context.isNew && isSavedItem(params.output),
    isNew: ({ context }) => context.isNew,
    isFirstChange: ({ context }) => !context.edited,
    isClean: ({ context }) => !context.edited,
  },
  actions: {
    registerGate: enqueueActions(({ enqueue, self }) => {
      enqueue.sendParent({ type: 'cell.gateRegistered', gate: formGate(self) });
    }),
    // The relation fields of a prefilled new item show its relations by label, never by id.
    askPrefillLabels: enqueueActions(({ context, enqueue }) => {
      const ids = context.isNew ? prefilledIds(context.draft) : [];
      if (ids.length) enqueue.spawnChild('operation', { id: 'prefillLabels', input: prefillLabelsCall(ids) });
    }),
    labelPrefill: enqueueActions(({ context, enqueue, event, self }) => {
      if (event.type !== 'xstate.done.actor.prefillLabels') return;
      const labels = ((event.output ?? {}) as { labels?: Record<string, string> }).labels ?? {};
      enqueue.assign({ prefillLabels: labels });
      // Only fields still holding what the address filled in: a relation chosen meanwhile keeps its own label.
      for (const { id, value } of pickerResets(context, runningOf(self)))
        if (value !== undefined && prefilledIds({ value }).every((rel) => rel in labels))
          enqueue.sendTo(id, { type: 'relPicker.valueSet', value, labels });
    }),
    takeItem: assign(({ context, event }) => {
      if (event.type !== 'form.itemRead') return {};
      // Unsaved work is kept; its save then meets staleUpdate rather than silently overwriting the newer item.
      if (context.edited && context.base) return { latest: event.item };
      return {
        base: event.item,
        latest: event.item,
        draft: draftOf(formType(context.typeName), event.item),
        serverErrors: {},
        formError: null,
      };
    }),
    change: assign(({ context, event }) => {
      if (event.type !== 'form.changed') return {};
      const { [event.name]: _fixed, ...serverErrors } = context.serverErrors;
      return { draft: { ...context.draft, [event.name]: event.value }, serverErrors, edited: true };
    }),
    touch: assign(({ context, event }) =>
      event.type === 'form.blurred' && !context.touched.includes(event.name) ? { touched: [...context.touched, event.name] } : {},
    ),
    // US numbers read as (AAA) BBB-CCCC once the input is left (spec 000 §5).
    reformatPhone: assign(({ context, event }) => {
      if (event.type !== 'form.blurred' || formType(context.typeName).properties[event.name]?.format !== 'phone') return {};
      const value = context.draft[event.name];
      return typeof value === 'string' && formatUsPhone(value) !== value
        ? { draft: { ...context.draft, [event.name]: formatUsPhone(value) } }
        : {};
    }),
    check: assign(({ context, system }) => {
      const type = formType(context.typeName);
      const admin = getAuth(system)?.getSnapshot().context.user?.admin === true;
      const all = validateItemData(type, dataOf(type, context.draft), { admin });
      const ruleErrors = context.submitted ? all : Object.fromEntries(Object.entries(all).filter(([k]) => context.touched.includes(k)));
      return { ruleErrors };
    }),
    submit: assign({ submitted: true }),
    tellEdited: enqueueActions(({ enqueue }) => enqueue.sendParent({ type: 'cell.edited' })),
    shakeIfInvalid: enqueueActions(({ context, enqueue }) => {
      if (Object.keys(context.ruleErrors).length > 0) enqueue.raise({ type: 'form.shakeStarted' });
    }),
    countShake: assign(({ context }) => ({ shakes: context.shakes + 1 })),
    // Numbered so that the cell's gate knows which outcome answers its save; the request is SAVING's invoke.
    countSave: assign(({ context }) => ({ saves: context.saves + 1, formError: null })),
    acceptSaved: enqueueActions(({ context, enqueue }, params: { output: unknown }) => {
      const item = params.output;
      if (!isSavedItem(item)) return;
      if (context.itemRef && !context.isNew) enqueue.sendTo(context.itemRef, { type: 'item.saved', item });
      const draft = context.isNew ? context.draft : draftOf(formType(context.typeName), item);
      enqueue.assign({
        base: item,
        latest: item,
        draft,
        edited: false,
        touched: [],
        submitted: false,
        ruleErrors: {},
        serverErrors: {},
        outcome: { seq: context.saves, error: null },
      });
    }),
    refuseSaved: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const refusal = refusalOf(failureOf(params.error), context.saves);
      enqueue.assign(refusal);
      if (Object.keys(refusal.serverErrors).length) enqueue.raise({ type: 'form.shakeStarted' });
    }),
    // An answer that is not an item is as good as no answer.
    refuseEmpty: assign(({ context }) => emptyRefusal(context.saves)),
    reset: assign(({ context }) => ({
      base: context.latest,
      draft: context.latest ? draftOf(formType(context.typeName), context.latest) : { ...context.prefilled },
      touched: [],
      submitted: false,
      ruleErrors: {},
      serverErrors: {},
      formError: null,
      edited: false,
    })),
    // One relation chooser per REL property, in the session's system so that it finds the connection.
    spawnPickers: enqueueActions(({ context, enqueue, self }) => {
      for (const { id, input } of pickersToStart(context, runningOf(self))) enqueue.spawnChild('relPicker', { id, input });
    }),
    // The contacts chooser follows its organisation (spec 001 §5).
    tellPickersOrg: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'form.changed') return;
      for (const { id, org } of orgFollowers(context.typeName, event.name, event.value, runningOf(self)))
        enqueue.sendTo(id, { type: 'relPicker.orgChanged', org });
    }),
    resetPickers: enqueueActions(({ context, enqueue, self }) => {
      for (const { id, value, labels } of pickerResets(context, runningOf(self)))
        enqueue.sendTo(id, { type: 'relPicker.valueSet', value, labels: { ...context.prefillLabels, ...labels } });
    }),
    openCreated: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      const location = router?.getSnapshot().context.location;
      if (!router || !location || !context.base) return;
      const from = `i-${context.itemId}`;
      const to = `i-${context.base.$id}`;
      // A wizard's draft (its column carries a step position, spec 000 §2) goes on in the created item's wizard.
      const opened = (routeParam: string | undefined): string => (parseStepPosition(routeParam) ? `${to}-edit` : to);
      const cells = location.cells.map((cell) => ({ segments: cell.segments.map((s) => (s === from ? opened(cell.routeParam) : s)) }));
      enqueue.sendTo(router, { type: 'router.linkFollowed', href: formatLocation(cells, location.query), newTab: false });
    }),
  },
}).createMachine({
  id: 'itemForm',
  context: ({ input }) => {
    const typeName = input.itemId.split('-')[0] ?? '';
    const isNew = input.itemId.endsWith('-0');
    const prefilled = isNew ? prefillOf(formType(typeName), input.prefill) : {};
    return {
      typeName,
      itemId: input.itemId,
      isNew,
      itemRef: input.item,
      base: null,
      latest: null,
      draft: prefilled,
      prefilled,
      prefillLabels: {},
      touched: [],
      submitted: false,
      ruleErrors: {},
      serverErrors: {},
      formError: null,
      edited: false,
      shakes: 0,
      saves: 0,
      outcome: null,
    };
  },
  entry: ['registerGate', 'askPrefillLabels'],
  invoke: { src: 'itemFeed', input: ({ context }) => ({ item: context.itemRef }) },
  on: {
    'xstate.done.actor.prefillLabels': { actions: 'labelPrefill' },
    // Unanswered, the fields keep what they show; the server checks the relations on save all the same.
    'xstate.error.actor.prefillLabels': {},
  },
  type: 'parallel',
  states: {
    edit: {
      initial: 'LOADING',
      states: {
        // A new item has nothing to load.
        LOADING: {
          always: { guard: 'isNew', target: 'EDITING' },
          on: { 'form.itemRead': { target: 'EDITING', actions: 'takeItem' } },
        },
        EDITING: {
          entry: 'spawnPickers',
          on: {
            'form.itemRead': { actions: 'takeItem' },
            'form.changed': [
              { guard: 'isFirstChange', actions: ['change', 'check', 'tellEdited', 'tellPickersOrg'] },
              { actions: ['change', 'check', 'tellPickersOrg'] },
            ],
            'form.blurred': { actions: ['touch', 'reformatPhone', 'check'] },
            // A clean form has nothing to check: closing an untouched create form is fine.
            'form.validateRequested': [
              { guard: 'isClean', actions: assign({ ruleErrors: {} }) },
              { actions: ['submit', 'check', 'shakeIfInvalid'] },
            ],
            'form.saveRequested': { target: 'SAVING', actions: ['submit', 'check', 'countSave'] },
            'form.resetRequested': { actions: ['reset', 'resetPickers'] },
          },
        },
        // Only SAVING hears the answer: the form stopped (its cell closed) stops the request with it.
        SAVING: {
          invoke: {
            id: 'save',
            src: 'operation',
            input: ({ context }) => saveCall(context),
            onDone: [
              {
                guard: { type: 'isCreated', params: ({ event }) => ({ output: event.output }) },
                target: 'CREATED',
                actions: { type: 'acceptSaved', params: ({ event }) => ({ output: event.output }) },
              },
              {
                guard: { type: 'isSavedItem', params: ({ event }) => ({ output: event.output }) },
                target: 'EDITING',
                actions: { type: 'acceptSaved', params: ({ event }) => ({ output: event.output }) },
              },
              { target: 'EDITING', actions: 'refuseEmpty' },
            ],
            onError: { target: 'EDITING', actions: { type: 'refuseSaved', params: ({ event }) => ({ error: event.error }) } },
          },
          on: { 'form.itemRead': { actions: 'takeItem' } },
        },
        // The new item opens in place of the create cell once the cell has recorded the save.
        CREATED: { on: { 'form.cellSaved': { actions: 'openCreated' } } },
      },
    },
    shake: {
      initial: 'STILL',
      states: {
        STILL: { on: { 'form.shakeStarted': { target: 'SHAKING', actions: 'countShake' } } },
        SHAKING: {
          after: { shakeDuration: 'STILL' },
          on: { 'form.shakeStarted': { target: 'SHAKING', reenter: true, actions: 'countShake' } },
        },
      },
    },
  },
});

export type ItemFormSnapshot = SnapshotFrom<typeof itemFormMachine>;
export type ItemFormActorRef = ActorRefFrom<typeof itemFormMachine>;

/** Rule and server errors by property (server errors win: they are the newer word). */
export const selectFormErrors = (snapshot: ItemFormSnapshot): FieldErrors => ({
  ...snapshot.context.ruleErrors,
  ...snapshot.context.serverErrors,
});
/** The draft values. */
export const selectDraft = (snapshot: ItemFormSnapshot): ItemData => snapshot.context.draft;
/** A failure of the whole form, as a message key. */
export const selectFormError = (snapshot: ItemFormSnapshot): string | null => snapshot.context.formError;
/** Whether invalid inputs shake now (one second after a failed save). */
export const selectShaking = (snapshot: ItemFormSnapshot): boolean => snapshot.matches({ shake: 'SHAKING' });
/** Counts failed saves. */
export const selectShakes = (snapshot: ItemFormSnapshot): number => snapshot.context.shakes;
/** Whether the draft is loaded (an edit form waits for its item). */
export const selectFormReady = (snapshot: ItemFormSnapshot): boolean => !snapshot.matches({ edit: 'LOADING' });
/** The item the draft started from (null while creating). */
export const selectFormItem = (snapshot: ItemFormSnapshot): Item | null => snapshot.context.base;
/** The relation chooser the form keeps for REL property `name`. */
export const selectRelPicker = (snapshot: ItemFormSnapshot, name: string): RelPickerActorRef | undefined =>
  snapshot.children[pickerId(name)] as RelPickerActorRef | undefined;
