/**
 * One column of the layout (spec 000 §3 Cell, §4 Cells): its toolbar data, its width, and the gates
 * its view registers so that a close (VALIDATE and CLOSE) or a save (VALIDATE and SAVE) can be vetoed.
 */
import type { CellGate } from './cellGate';
import {
  assign,
  emit,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRef,
  type AnyActorRef,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { itemFormMachine, type ItemFormActorRef } from '../item/itemFormMachine';
import { itemMachine, type ItemActorRef } from '../item/itemMachine';
import { searchResultsMachine, type SearchResultsActorRef } from '../search/searchResultsMachine';
import { settingsFromParams } from '../search/resultsAddress';
import type { ResultsSettings } from '../search/searchResultsQuery';
import { getAlerts } from '../systemIds';
import type { CellSpec } from './parseLocation';
import { RESULTS_VIEWS } from './resultsViews';
import type { ViewActorRequest } from './viewActors';
import type { CellWidth } from './views';
import { sayApplied } from '../session/sayApplied';

export type { CellGate } from './cellGate';

/** The answer a cell gives the router when asked to close. */
export type CellReply = { type: 'cell.closeAnswered'; key: string; index: number; ok: boolean };
export type CellOwner = ActorRef<Snapshot<unknown>, CellReply>;

export type DirtyState = 'SAVING' | 'ERROR';

export interface CellInput {
  spec: CellSpec;
  width?: CellWidth;
  noColumns?: boolean;
  /** Receives the close answers (the router). */
  owner?: CellOwner;
  /** Milliseconds since the epoch, for 'saved now'. */
  now?: () => number;
}

export interface CellContext {
  spec: CellSpec;
  title: string | null;
  icon: string | null;
  actionBtn: string | null;
  width: CellWidth;
  defaultWidth: CellWidth;
  noColumns: boolean;
  gate: CellGate | null;
  savedAt: number | null;
  /** Why the last save failed (a message key or the error's text). */
  error: string | null;
  owner: CellOwner | null;
  now: () => number;
  /** The item an item cell shows (none for a new item, index 0). */
  item: ItemActorRef | null;
  /** The form of an item cell in context `edit` or of a new item (index 0). */
  form: ItemFormActorRef | null;
  /** The search results the view shows (`v-search`, or a view that asked for them). */
  results: SearchResultsActorRef | null;
  /** The actors the view asked for (its screen's state), by the id the view gave. */
  views: Record<string, AnyActorRef>;
}

export type CellEvent =
  | { type: 'cell.gateRegistered'; gate: CellGate }
  | { type: 'cell.gateRemoved' }
  /** The view has unsaved changes. */
  | { type: 'cell.edited' }
  | { type: 'cell.saveRequested' }
  | { type: 'cell.discardRequested' }
  /** From the router: validate, then answer whether this cell may close. */
  | { type: 'cell.closeRequested' }
  | { type: 'cell.paramChanged'; routeParam: string | undefined; columnParams?: Array<[string, string]> }
  | { type: 'cell.described'; title?: string; icon?: string; actionBtn?: string | null }
  | { type: 'cell.widthSet'; width: CellWidth }
  | { type: 'cell.expandToggled' }
  /** A view that shows results of its own criteria: the cell starts a results child with them (once). */
  | { type: 'cell.resultsRequested'; settings: Partial<ResultsSettings> }
  /** A view's actor (e.g. an admin screen's list): started once, kept until the column closes. */
  | ({ type: 'cell.viewActorRequested' } & ViewActorRequest);

export type CellEmitted =
  { type: 'cell.saved'; at: number } | { type: 'cell.saveRefused' } | { type: 'cell.closeRefused'; reason: 'dirty' | 'invalid' };

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'errors.generalFailure';

/** A column: gates that can veto close and save, dirty state SAVING/ERROR, 'saved now', discard, width. */
export const cellMachine = setup({
  types: {
    context: {} as CellContext,
    events: {} as CellEvent,
    input: {} as CellInput,
    emitted: {} as CellEmitted,
  },
  actors: {
    item: itemMachine,
    form: itemFormMachine,
    results: searchResultsMachine,
    validateGate: fromPromise<boolean, { gate: CellGate | null }>(async ({ input }) => (input.gate ? await input.gate.validate() : true)),
    saveGate: fromPromise<void, { gate: CellGate | null }>(async ({ input }) => {
      await input.gate?.save?.();
    }),
  },
  guards: {
    isValid: (_, params: { valid: boolean }) => params.valid,
    canSave: ({ context }) => context.gate?.save !== undefined,
    hasNoResults: ({ context }) => context.results === null,
    isNewView: ({ context, event }) => event.type === 'cell.viewActorRequested' && !(event.id in context.views),
  },
  actions: {
    setGate: assign(({ event }) => (event.type === 'cell.gateRegistered' ? { gate: event.gate } : {})),
    clearGate: assign({ gate: null }),
    resetView: ({ context }) => context.gate?.reset?.(),
    answerClose: enqueueActions(({ context, enqueue }, params: { ok: boolean }) => {
      if (context.owner)
        enqueue.sendTo(context.owner, { type: 'cell.closeAnswered', key: context.spec.key, index: context.spec.index, ok: params.ok });
    }),
    // The user is told why the column stays: unsaved work, or a view that is not complete.
    refuseClose: enqueueActions(({ enqueue, system }, params: { reason: 'dirty' | 'invalid' }) => {
      enqueue.emit({ type: 'cell.closeRefused' as const, reason: params.reason });
      const alerts = getAlerts(system);
      if (alerts)
        enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'WARNING', message: `app.closeRefused.${params.reason}` } });
    }),
    refuseSave: emit({ type: 'cell.saveRefused' }),
    markSaved: enqueueActions(({ context, enqueue, system }) => {
      const at = context.now();
      enqueue.assign({ savedAt: at, error: null });
      enqueue.emit({ type: 'cell.saved', at });
      if (context.form) enqueue.sendTo(context.form, { type: 'form.cellSaved' });
      sayApplied(enqueue, system);
    }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    clearError: assign({ error: null }),
    setParam: assign(({ context, event }) =>
      event.type === 'cell.paramChanged'
        ? { spec: { ...context.spec, routeParam: event.routeParam, columnParams: event.columnParams } }
        : {},
    ),
    describe: assign(({ context, event }) =>
      event.type === 'cell.described'
        ? {
            title: event.title ?? context.title,
            icon: event.icon ?? context.icon,
            actionBtn: event.actionBtn === undefined ? context.actionBtn : event.actionBtn,
          }
        : {},
    ),
    setWidth: assign(({ event }) => (event.type === 'cell.widthSet' ? { width: event.width } : {})),
    startResults: assign(({ context, event, spawn }) =>
      event.type === 'cell.resultsRequested'
        ? { results: spawn('results', { id: 'results', input: { cellKey: context.spec.key, settings: event.settings } }) }
        : {},
    ),
    startView: assign(({ context, event, spawn }) => {
      if (event.type !== 'cell.viewActorRequested') return {};
      // Logic given inline is typed without an id (setup's typing ties ids to its named actors); the id is what lets a view find it again.
      const actor = spawn(event.logic, { id: `view:${event.id}`, input: event.input } as never) as AnyActorRef;
      return { views: { ...context.views, [event.id]: actor } };
    }),
    // The search text of /search?c0=... follows the route parameter, its facets, sort and display the sub-parameters.
    forwardParam: enqueueActions(({ context, enqueue, event }) => {
      if (event.type === 'cell.paramChanged' && context.results && RESULTS_VIEWS.has(context.spec.key)) {
        enqueue.sendTo(context.results, { type: 'results.textChanged', text: event.routeParam ?? '' });
        enqueue.sendTo(context.results, { type: 'results.addressChanged', params: event.columnParams ?? [] });
      }
    }),
    toggleExpand: assign(({ context }) => ({ width: context.width === 'FULL' ? context.defaultWidth : 'FULL' })),
  },
}).createMachine({
  id: 'cell',
  context: ({ input, spawn }) => {
    const { itemId } = input.spec;
    const item = itemId && !itemId.endsWith('-0') ? spawn('item', { id: 'item', input: { id: itemId } }) : null;
    const form =
      itemId && (input.spec.context === 'edit' || itemId.endsWith('-0'))
        ? spawn('form', { id: 'form', input: { itemId, item, prefill: input.spec.columnParams ?? [] } })
        : null;
    const base = RESULTS_VIEWS.get(input.spec.key);
    const results = base
      ? spawn('results', {
          id: 'results',
          input: {
            cellKey: input.spec.key,
            settings: { ...base, ...settingsFromParams(input.spec.columnParams ?? [], base), searchString: input.spec.routeParam ?? '' },
            address: base,
          },
        })
      : null;
    return {
      spec: input.spec,
      title: null,
      icon: null,
      actionBtn: null,
      width: input.width ?? 'HALF',
      defaultWidth: input.width ?? 'HALF',
      noColumns: input.noColumns ?? false,
      gate: null,
      savedAt: null,
      error: null,
      owner: input.owner ?? null,
      now: input.now ?? Date.now,
      item,
      form,
      results,
      views: {},
    };
  },
  initial: 'CLEAN',
  on: {
    'cell.gateRegistered': { actions: 'setGate' },
    'cell.gateRemoved': { actions: 'clearGate' },
    'cell.paramChanged': { actions: ['setParam', 'forwardParam'] },
    'cell.resultsRequested': { guard: 'hasNoResults', actions: 'startResults' },
    'cell.viewActorRequested': { guard: 'isNewView', actions: 'startView' },
    'cell.described': { actions: 'describe' },
    'cell.widthSet': { actions: 'setWidth' },
    'cell.expandToggled': { actions: 'toggleExpand' },
    // Unsaved work must be saved or discarded first: the view's dirty indicator says so.
    'cell.closeRequested': {
      actions: [
        { type: 'answerClose', params: { ok: false } },
        { type: 'refuseClose', params: { reason: 'dirty' } },
      ],
    },
  },
  states: {
    CLEAN: {
      on: {
        'cell.edited': 'EDITED',
        'cell.closeRequested': 'CLOSE_VALIDATING',
      },
    },
    // VALIDATE and CLOSE: a clean cell may still refuse (a wizard step that must be completed).
    CLOSE_VALIDATING: {
      invoke: {
        id: 'closeValidation',
        src: 'validateGate',
        input: ({ context }) => ({ gate: context.gate }),
        onDone: [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ valid: event.output }) },
            target: 'CLEAN',
            actions: { type: 'answerClose', params: { ok: true } },
          },
          {
            target: 'CLEAN',
            actions: [
              { type: 'answerClose', params: { ok: false } },
              { type: 'refuseClose', params: { reason: 'invalid' } },
            ],
          },
        ],
        onError: {
          target: 'CLEAN',
          actions: [
            { type: 'answerClose', params: { ok: false } },
            { type: 'refuseClose', params: { reason: 'invalid' } },
          ],
        },
      },
      on: {
        // The round already asked is answered when this validation ends.
        'cell.closeRequested': {},
        'cell.edited': {
          target: 'EDITED',
          actions: [
            { type: 'answerClose', params: { ok: false } },
            { type: 'refuseClose', params: { reason: 'dirty' } },
          ],
        },
      },
    },
    EDITED: {
      on: {
        'cell.saveRequested': { guard: 'canSave', target: 'SAVING' },
        'cell.discardRequested': { target: 'CLEAN', actions: 'resetView' },
      },
    },
    // VALIDATE and SAVE; the toolbar shows dirty state SAVING for both steps.
    SAVING: {
      initial: 'VALIDATING',
      states: {
        VALIDATING: {
          invoke: {
            id: 'saveValidation',
            src: 'validateGate',
            input: ({ context }) => ({ gate: context.gate }),
            onDone: [
              { guard: { type: 'isValid', params: ({ event }) => ({ valid: event.output }) }, target: 'WRITING' },
              { target: '#cell.EDITED', actions: 'refuseSave' },
            ],
            onError: { target: '#cell.ERROR', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        WRITING: {
          invoke: {
            id: 'saveWrite',
            src: 'saveGate',
            input: ({ context }) => ({ gate: context.gate }),
            onDone: { target: '#cell.CLEAN', actions: 'markSaved' },
            onError: { target: '#cell.ERROR', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    ERROR: {
      on: {
        'cell.saveRequested': { guard: 'canSave', target: 'SAVING', actions: 'clearError' },
        'cell.discardRequested': { target: 'CLEAN', actions: ['clearError', 'resetView'] },
      },
    },
  },
});

export type CellSnapshot = SnapshotFrom<typeof cellMachine>;
export type CellActorRef = ActorRef<CellSnapshot, CellEvent>;

/** SAVING while a save gate runs, ERROR after a failed save, else null (spec 000 §3 dirtyState). */
export const selectDirtyState = (snapshot: CellSnapshot): DirtyState | null =>
  snapshot.matches('SAVING') ? 'SAVING' : snapshot.matches('ERROR') ? 'ERROR' : null;
/** Whether the cell holds unsaved work (it refuses to close). */
export const selectDirty = (snapshot: CellSnapshot): boolean => !snapshot.matches('CLEAN') && !snapshot.matches('CLOSE_VALIDATING');
/** When the cell was last saved ('saved now'), or null. */
export const selectSavedAt = (snapshot: CellSnapshot): number | null => snapshot.context.savedAt;
/** The cell's width. */
export const selectWidth = (snapshot: CellSnapshot): CellWidth => snapshot.context.width;
