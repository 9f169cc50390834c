/**
 * The results of a search (spec 000 §2 /search, §3 Saved search): asks `search/ids` with facets for
 * the settings, then `readMany/object` for the rows as they show; LOADING, READY, EMPTY or FAILED;
 * asks again on every change. Every request is an operation actor (machines/session/operation.ts):
 * the search is invoked in LOADING.ASKING and the row reads are spawned in READY.SHOWN, so leaving
 * those states stops them and an answer to an earlier question is never heard. It also keeps which
 * result is open beside it, for previous and next that wrap around.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { itemTypes } from '../../src/shared/itemTypes';
import type { Item } from '../../src/shared/items/types';
import { storedIdOf } from '../../src/shared/items/virtualTypes';
import { UserMessage, type TaskInfo } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { FacetBucket, SearchReply } from '../../src/shared/search/SearchQuery';
import type { CsvExportColumn } from '../../src/shared/search/csvExportColumn';
import { failureOf, operationLogic } from '../session/operation';
import { streamedOperationLogic, type PiecesEvent } from '../session/streamedCall';
import { getAlerts, getRouter, getTasks } from '../systemIds';
import { resultsParams, sameAsParams, settingsFromParams, type ResultsParams } from './resultsAddress';
import {
  DEFAULT_SETTINGS,
  facetSpecsFor,
  facetTypeOf,
  isAttachmentView,
  nextSort,
  resultsQuery,
  type DisplayAs,
  type ResultsSettings,
} from './searchResultsQuery';

/** How long typing in the results' own field must pause before the server is asked. */
export const RESULTS_DEBOUNCE_MS = 300;
/** Rows read per `readMany/object`. */
export const RESULTS_PAGE = 50;

export interface SearchResultsInput {
  /** The key of the cell that shows the results: opened results go to the column after it. */
  cellKey: string;
  settings?: Partial<ResultsSettings>;
  /** The view's start when the results follow the address (`c{N}.…`, resultsAddress.ts): changes are written there. */
  address?: Partial<ResultsSettings> | null;
  now?: () => number;
  tzOffset?: number;
}

export interface SearchResultsContext {
  cellKey: string;
  settings: ResultsSettings;
  /** The view's start when the results follow the address, else null. */
  address: Partial<ResultsSettings> | null;
  /** Exports asked so far: each one's request actor is named by its number (`export.<n>`). */
  exported: number;
  ids: string[];
  total: number;
  labels: Record<string, string>;
  facets: Record<string, FacetBucket[]>;
  /** Rows read so far; null for a hit the reader may no longer see. */
  rows: Record<string, Item | null>;
  /** Ids whose read is under way, with the id of the request actor reading them (`rows.<index>`). */
  reading: Record<string, string>;
  /** The result open in the next column. */
  selected: string | null;
  /** The result the carousel shows. */
  carouselIndex: number;
  errorKey: string | null;
  now: () => number;
  tzOffset: number;
}

export type SearchResultsEvent =
  /** The results' free text (from the route parameter of the cell). */
  | { type: 'results.textChanged'; text: string }
  /** Sets any of the settings at once, e.g. a saved search opened. */
  | { type: 'results.applied'; settings: Partial<ResultsSettings> }
  /** The column's sub-parameters in the address changed (reload, Back, a link): facets, sort, display. */
  | { type: 'results.addressChanged'; params: ResultsParams }
  | { type: 'results.facetToggled'; facet: string; bucket: string }
  | { type: 'results.facetsCleared' }
  | { type: 'results.facetsShown'; show: boolean }
  /** A click on a column header. */
  | { type: 'results.sortClicked'; key: string }
  | { type: 'results.displaySet'; displayAs: DisplayAs }
  /** Rows `from` to `to` (exclusive) are on screen. */
  | { type: 'results.rowsNeeded'; from: number; to: number }
  | { type: 'results.retried' }
  | { type: 'results.opened'; id: string }
  /** Previous (-1) or next (+1) from the result `from`, wrapping around. */
  | { type: 'results.stepped'; from: string; step: 1 | -1 }
  /** Export the results: as CSV, `columns` are those the person sees, labelled in `locale`. */
  | { type: 'results.exportRequested'; columns?: CsvExportColumn[]; locale?: string }
  /** The carousel's previous (-1) or next (+1), wrapping around. */
  | { type: 'results.carouselStepped'; step: 1 | -1 }
  /** The answers of the spawned requests: a page of rows (`rows.<index>`) or an export (`export.<n>`). */
  | { type: `xstate.done.actor.${'rows' | 'export'}.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.${'rows' | 'export'}.${string}`; actorId: string; error: unknown }
  /** Rows of a page read so far (`rows.<index>`), shown before the rest of its page comes. */
  | PiecesEvent;

/** The request actor reading the page of rows that starts at hit number `from`. */
const rowsRequestId = (from: number): string => `rows.${from}`;

function replyOf(body: unknown): SearchReply {
  const b = (body ?? {}) as Partial<SearchReply>;
  return {
    ids: Array.isArray(b.ids) ? b.ids.filter((id): id is string => typeof id === 'string') : [],
    labels: b.labels ?? {},
    total: typeof b.total === 'number' ? b.total : 0,
    facets: b.facets ?? {},
  };
}

function failureKey(error: unknown): string {
  const failure = failureOf(error);
  if (failure.kind === 'client') return failure.key;
  // A malformed bracketed query (spec 000 §5) reads better as what it is than as a general failure.
  return `errors.${failure.userMessage === UserMessage.parseRequestFailed ? 'parseRequestFailed' : failure.userMessage}`;
}

function withSettings(context: SearchResultsContext, settings: Partial<ResultsSettings>): { settings: ResultsSettings } {
  return { settings: { ...context.settings, ...settings } };
}

/** What the address's settings start from: the view's start, with the type the results are of (whose facets it offers). */
const addressBase = (context: SearchResultsContext): Partial<ResultsSettings> => ({
  ...context.address,
  itemTypeName: context.settings.itemTypeName,
});

const NO_RESULTS = { ids: [], total: 0, labels: {}, facets: {}, rows: {}, reading: {} };

/** Search results of a cell: settings, debounced asks (an earlier one stopped), rows read in pages, prev/next. */
export const searchResultsMachine = setup({
  types: {
    context: {} as SearchResultsContext,
    events: {} as SearchResultsEvent,
    input: {} as SearchResultsInput,
  },
  actors: { operation: operationLogic, streamedOperation: streamedOperationLogic },
  delays: {
    debounce: RESULTS_DEBOUNCE_MS,
  },
  guards: {
    isTextNew: ({ context, event }) => event.type === 'results.textChanged' && event.text.trim() !== context.settings.searchString.trim(),
    isEmptyReply: (_, params: { reply: unknown }) => replyOf(params.reply).ids.length === 0,
    isDisplayOnly: ({ context, event }) =>
      event.type === 'results.applied' &&
      Object.entries(event.settings).every(
        ([k, v]) =>
          k === 'displayAs' || k === 'showFacets' || JSON.stringify(context.settings[k as keyof ResultsSettings]) === JSON.stringify(v),
      ),
    isAddressShown: ({ context, event }) =>
      event.type === 'results.addressChanged' && sameAsParams(context.settings, event.params, addressBase(context)),
    isAddressDisplayOnly: ({ context, event }) => {
      if (event.type !== 'results.addressChanged') return false;
      const { selectedFacets, sortBy, inView } = settingsFromParams(event.params, addressBase(context));
      const { settings } = context;
      return (
        JSON.stringify({ selectedFacets, sortBy, inView }) ===
        JSON.stringify({ selectedFacets: settings.selectedFacets, sortBy: settings.sortBy, inView: settings.inView })
      );
    },
    isKnownResult: ({ context, event }) => event.type === 'results.stepped' && context.ids.includes(event.from) && context.ids.length > 0,
  },
  actions: {
    setText: assign(({ context, event }) =>
      event.type === 'results.textChanged' ? withSettings(context, { searchString: event.text }) : {},
    ),
    applySettings: assign(({ context, event }) => (event.type === 'results.applied' ? withSettings(context, event.settings) : {})),
    applyAddress: assign(({ context, event }) =>
      event.type === 'results.addressChanged' ? withSettings(context, settingsFromParams(event.params, addressBase(context))) : {},
    ),
    // The address follows the settings (replacing its entry), so a reload, a bookmark or a shared link shows the same.
    publishAddress: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      if (router && context.address)
        enqueue.sendTo(router, {
          type: 'router.columnParamsSet',
          key: context.cellKey,
          params: resultsParams(context.settings, context.address),
        });
    }),
    toggleFacet: assign(({ context, event }) => {
      if (event.type !== 'results.facetToggled') return {};
      const chosen = context.settings.selectedFacets[event.facet] ?? [];
      const next = chosen.includes(event.bucket) ? chosen.filter((b) => b !== event.bucket) : [...chosen, event.bucket];
      const selectedFacets = { ...context.settings.selectedFacets, [event.facet]: next };
      if (next.length === 0) delete selectedFacets[event.facet];
      // A type's own facets go with it: choices of a facet no longer offered would narrow unseen.
      const offered = new Set(facetSpecsFor(context.settings.itemTypeName, selectedFacets).map((s) => s.key));
      for (const key of Object.keys(selectedFacets)) if (!offered.has(key)) delete selectedFacets[key];
      return withSettings(context, { selectedFacets });
    }),
    clearFacets: assign(({ context }) => withSettings(context, { selectedFacets: {} })),
    showFacets: assign(({ context, event }) =>
      event.type === 'results.facetsShown' ? withSettings(context, { showFacets: event.show }) : {},
    ),
    sortBy: assign(({ context, event }) =>
      event.type === 'results.sortClicked' ? withSettings(context, { sortBy: nextSort(context.settings.sortBy, event.key) }) : {},
    ),
    setDisplay: assign(({ context, event }) =>
      event.type === 'results.displaySet' ? withSettings(context, { displayAs: event.displayAs }) : {},
    ),
    storeHits: assign((_, params: { reply: unknown }) => {
      const reply = replyOf(params.reply);
      return { ids: reply.ids, total: reply.total, labels: reply.labels, facets: reply.facets, rows: {}, reading: {}, carouselIndex: 0 };
    }),
    clearHits: assign(NO_RESULTS),
    storeError: assign((_, params: { error: unknown }) => ({ errorKey: failureKey(params.error) })),
    readRows: enqueueActions(({ context, enqueue, event, self }, params: { from: number; to: number } | undefined) => {
      const range = params ?? (event.type === 'results.rowsNeeded' ? event : { from: 0, to: RESULTS_PAGE });
      const from = Math.max(0, Math.floor(range.from));
      const wanted = context.ids
        .slice(from, Math.max(from, Math.ceil(range.to)))
        .filter((id) => !(id in context.rows) && !context.reading[id]);
      if (wanted.length === 0) return;
      const reading = { ...context.reading };
      for (let n = 0; n < wanted.length; n += RESULTS_PAGE) {
        const page = wanted.slice(n, n + RESULTS_PAGE);
        // A page starts at a hit no other read under way holds, so its id is unique while it runs.
        const id = rowsRequestId(context.ids.indexOf(page[0]!));
        for (const hit of page) reading[hit] = id;
        // Streamed: the rows show as their pieces come (storeRowsPiece), the rest when it is done.
        enqueue.spawnChild('streamedOperation', { id, input: { call: callOf(operations.readMany, page), replyTo: self } });
      }
      enqueue.assign({ reading });
    }),
    storeRows: enqueueActions(({ context, enqueue }, params: { actorId: string; reply: unknown }) => {
      const got = (params.reply ?? {}) as Record<string, Item | undefined>;
      const rows = { ...context.rows };
      const reading = { ...context.reading };
      for (const [id, requestId] of Object.entries(context.reading)) {
        if (requestId !== params.actorId) continue;
        // A hit the answer leaves out was deleted or hidden since the search: it shows as gone, not as loading.
        rows[id] = got[id] ?? null;
        delete reading[id];
      }
      enqueue.assign({ rows, reading });
      // Done, it leaves the children, so a later read of the same page may take its id.
      enqueue.stopChild(params.actorId);
    }),
    storeRowsPiece: assign(({ context }, params: PiecesEvent) => {
      const rows = { ...context.rows };
      const reading = { ...context.reading };
      for (const piece of params.pieces as Record<string, Item | undefined>[])
        for (const [id, item] of Object.entries(piece ?? {}))
          if (item && reading[id] === params.actorId) {
            rows[id] = item;
            delete reading[id];
          }
      return { rows, reading };
    }),
    // Reads still under way when the rows are no longer shown (or one failed) are stopped: their answers are never heard.
    stopReading: enqueueActions(({ context, enqueue }) => {
      for (const id of new Set(Object.values(context.reading))) enqueue.stopChild(id);
      enqueue.assign({ reading: {} });
    }),
    clearError: assign({ errorKey: null }),
    select: assign(({ event }) => (event.type === 'results.opened' ? { selected: event.id } : {})),
    openSelected: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      if (router && context.selected)
        // A virtual type's result opens the item it shows (journalAttachment-12: Attachment-12).
        enqueue.sendTo(router, {
          type: 'router.opened',
          fromKey: context.cellKey,
          segment: `i-${storedIdOf(context.selected, (n) => itemTypes.get(n))}`,
        });
    }),
    step: assign(({ context, event }) => {
      if (event.type !== 'results.stepped') return {};
      const n = context.ids.length;
      const at = context.ids.indexOf(event.from);
      return { selected: context.ids[(at + event.step + n) % n] ?? null };
    }),
    stepCarousel: assign(({ context, event }) => {
      if (event.type !== 'results.carouselStepped' || context.ids.length === 0) return {};
      const n = context.ids.length;
      return { carouselIndex: (context.carouselIndex + event.step + n) % n };
    }),
    // An export runs on whatever the results do meanwhile: spawned, named by its number.
    startExport: enqueueActions(({ context, event, enqueue }) => {
      const exported = context.exported + 1;
      const query = resultsQuery(context.settings, new Date(context.now()), context.tzOffset);
      const { facets: _facets, labels: _labels, ...body } = query;
      enqueue.assign({ exported });
      // The results of a virtual type over Attachments export their files, as a zip (spec 001 consult.attachments).
      if (isAttachmentView(context.settings.itemTypeName)) {
        const zip = callOf(operations.startTask, { query: body }, { name: 'exportAttachments' });
        enqueue.spawnChild('operation', { id: `export.${exported}`, input: zip });
        return;
      }
      // The columns are those of the search's type, or of the one type chosen in the type facet.
      const columnsType = facetTypeOf(context.settings.itemTypeName, context.settings.selectedFacets);
      const task = {
        query: body,
        ...(columnsType ? { itemTypeName: columnsType } : {}),
        ...(event.type === 'results.exportRequested' && event.columns?.length ? { columns: event.columns } : {}),
        ...(event.type === 'results.exportRequested' && event.locale ? { locale: event.locale } : {}),
      };
      enqueue.spawnChild('operation', { id: `export.${exported}`, input: callOf(operations.startTask, task, { name: 'csvExport' }) });
    }),
    // The task shows in the help menu at once; the tasks actor downloads its result when it is done.
    trackExport: enqueueActions(({ enqueue, system }, params: { actorId: string; reply: unknown }) => {
      enqueue.stopChild(params.actorId);
      const tasks = getTasks(system);
      const task = params.reply as TaskInfo | null | undefined;
      if (tasks && task && typeof task.key === 'string') enqueue.sendTo(tasks, { type: 'tasks.updated', task });
    }),
    exportFailed: enqueueActions(({ enqueue, system }, params: { actorId: string; error: unknown }) => {
      enqueue.stopChild(params.actorId);
      const alerts = getAlerts(system);
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message: failureKey(params.error) } });
    }),
  },
}).createMachine({
  id: 'searchResults',
  context: ({ input }) => ({
    cellKey: input.cellKey,
    settings: { ...DEFAULT_SETTINGS, ...input.settings },
    address: input.address ?? null,
    exported: 0,
    ...NO_RESULTS,
    selected: null,
    carouselIndex: 0,
    errorKey: null,
    now: input.now ?? Date.now,
    tzOffset: input.tzOffset ?? new Date().getTimezoneOffset(),
  }),
  initial: 'LOADING',
  on: {
    // Re-entered on every keystroke, so the debounce starts again.
    'results.textChanged': [
      { guard: 'isTextNew', target: '.LOADING.WAITING', reenter: true, actions: 'setText' },
      // Spaces around the text change nothing to ask, but the field shows them.
      { actions: 'setText' },
    ],
    'results.applied': [
      { guard: 'isDisplayOnly', actions: ['applySettings', 'publishAddress'] },
      { target: '.LOADING', actions: ['applySettings', 'publishAddress'] },
    ],
    'results.addressChanged': [
      { guard: 'isAddressShown' },
      { guard: 'isAddressDisplayOnly', actions: 'applyAddress' },
      { target: '.LOADING', actions: 'applyAddress' },
    ],
    'results.facetToggled': { target: '.LOADING', actions: ['toggleFacet', 'publishAddress'] },
    'results.facetsCleared': { target: '.LOADING', actions: ['clearFacets', 'publishAddress'] },
    'results.sortClicked': { target: '.LOADING', actions: ['sortBy', 'publishAddress'] },
    'results.facetsShown': { actions: ['showFacets', 'publishAddress'] },
    'results.displaySet': { actions: ['setDisplay', 'publishAddress'] },
    'results.opened': { actions: ['select', 'openSelected'] },
    'results.exportRequested': { actions: 'startExport' },
    'xstate.done.actor.export.*': {
      actions: { type: 'trackExport', params: ({ event }) => ({ actorId: event.actorId, reply: event.output }) },
    },
    'xstate.error.actor.export.*': {
      actions: { type: 'exportFailed', params: ({ event }) => ({ actorId: event.actorId, error: event.error }) },
    },
  },
  states: {
    LOADING: {
      initial: 'ASKING',
      entry: 'clearHits',
      states: {
        WAITING: { after: { debounce: 'ASKING' } },
        // Any change re-enters LOADING, which stops the search under way.
        ASKING: {
          entry: 'clearError',
          invoke: {
            id: 'search',
            src: 'operation',
            input: ({ context }) => callOf(operations.search, resultsQuery(context.settings, new Date(context.now()), context.tzOffset)),
            onDone: [
              {
                guard: { type: 'isEmptyReply', params: ({ event }) => ({ reply: event.output }) },
                target: '#searchResults.EMPTY',
                actions: { type: 'storeHits', params: ({ event }) => ({ reply: event.output }) },
              },
              { target: '#searchResults.READY', actions: { type: 'storeHits', params: ({ event }) => ({ reply: event.output }) } },
            ],
            onError: { target: '#searchResults.FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    READY: {
      initial: 'SHOWN',
      states: {
        SHOWN: {
          entry: { type: 'readRows', params: { from: 0, to: RESULTS_PAGE } },
          exit: 'stopReading',
          on: {
            'results.rowsNeeded': { actions: { type: 'readRows', params: undefined } },
            'operation.pieces': { actions: { type: 'storeRowsPiece', params: ({ event }) => event } },
            'xstate.done.actor.rows.*': {
              actions: { type: 'storeRows', params: ({ event }) => ({ actorId: event.actorId, reply: event.output }) },
            },
            'xstate.error.actor.rows.*': {
              target: 'ROWS_FAILED',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
            'results.stepped': { guard: 'isKnownResult', actions: ['step', 'openSelected'] },
            // The item it comes to (and the one after) is read before it shows.
            'results.carouselStepped': {
              actions: [
                'stepCarousel',
                { type: 'readRows', params: ({ context }) => ({ from: context.carouselIndex, to: context.carouselIndex + 2 }) },
              ],
            },
          },
        },
        // Some rows could not be read: the results stay; a retry reads what is still missing.
        ROWS_FAILED: {
          on: {
            'results.retried': { target: 'SHOWN', actions: 'clearError' },
            'results.stepped': { guard: 'isKnownResult', actions: ['step', 'openSelected'] },
          },
        },
      },
    },
    // 'No results' (app.noResults.NONE).
    EMPTY: {},
    FAILED: {
      on: { 'results.retried': 'LOADING' },
    },
  },
});

export type SearchResultsSnapshot = SnapshotFrom<typeof searchResultsMachine>;
export type SearchResultsActorRef = ActorRefFrom<typeof searchResultsMachine>;
/** LOADING, READY, EMPTY or FAILED. */
export type ResultsPhase = 'LOADING' | 'READY' | 'EMPTY' | 'FAILED';
