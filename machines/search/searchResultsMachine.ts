/**
 * The results of a search (spec 000 §2 /search, §3 Saved search): asks `search/ids` with facets for
 * the settings, then `readMany/object` for the rows as they show; LOADING, READY, EMPTY or FAILED;
 * asks again on every change and ignores replies to an earlier question. It also keeps which result
 * is open beside it, for previous and next that wrap around.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Item } from '../../src/shared/items/types';
import { UserMessage, type TaskInfo } from '../../src/shared/protocol';
import type { FacetBucket, SearchReply } from '../../src/shared/search/SearchQuery';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { getAlerts, getConnection, getRouter, getTasks } from '../systemIds';
import { DEFAULT_SETTINGS, facetSpecsFor, nextSort, resultsQuery, type DisplayAs, type ResultsSettings } from './searchResultsQuery';

/** How long typing in the results' own field must pause before the server is asked. */
export const RESULTS_DEBOUNCE_MS = 300;
/** Rows read per `readMany/object`. */
export const RESULTS_PAGE = 50;

export interface SearchResultsInput {
  /** The key of the cell that shows the results: opened results go to the column after it. */
  cellKey: string;
  settings?: Partial<ResultsSettings>;
  now?: () => number;
  tzOffset?: number;
}

export interface SearchResultsContext {
  cellKey: string;
  settings: ResultsSettings;
  /** Asks made so far; replies carry the number of theirs, so an earlier one is known as stale. */
  asked: number;
  ids: string[];
  total: number;
  labels: Record<string, string>;
  facets: Record<string, FacetBucket[]>;
  /** Rows read so far; null for a hit the reader may no longer see. */
  rows: Record<string, Item | null>;
  /** Ids whose read is under way, with the ticket of their read. */
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
  | { type: 'results.exportRequested' }
  /** The carousel's previous (-1) or next (+1), wrapping around. */
  | { type: 'results.carouselStepped'; step: 1 | -1 }
  | ConnectionReplyEvent;

const SEARCH = 'results:';
const ROWS = 'resultsRows:';
const EXPORT = 'resultsExport:';
const searchTicket = (asked: number): string => `${SEARCH}${asked}`;
const rowsTicket = (asked: number, from: number): string => `${ROWS}${asked}:${from}`;

const isReply = (event: SearchResultsEvent): event is ConnectionReplyEvent =>
  event.type === 'connection.replied' || event.type === 'connection.failed';
const isCurrentSearch = (context: SearchResultsContext, event: SearchResultsEvent): boolean =>
  isReply(event) && event.ticket === searchTicket(context.asked);
const isCurrentRows = (context: SearchResultsContext, event: SearchResultsEvent): boolean =>
  isReply(event) && (event.ticket ?? '').startsWith(`${ROWS}${context.asked}:`);

function replyOf(body: unknown): SearchReply {
  const b = (body ?? {}) as Partial<SearchReply>;
  return {
    ids: Array.isArray(b.ids) ? b.ids.filter((id): id is string => typeof id === 'string') : [],
    labels: b.labels ?? {},
    total: typeof b.total === 'number' ? b.total : 0,
    facets: b.facets ?? {},
  };
}

function failureKey(event: SearchResultsEvent): string {
  if (event.type !== 'connection.failed') return 'errors.generalFailure';
  const { failure } = event;
  if (failure.kind === 'client') return failure.key;
  // A malformed bracketed query (spec 000 §5) reads better as what it is than as a general failure.
  return `errors.${failure.userMessage === UserMessage.parseRequestFailed ? 'parseRequestFailed' : failure.userMessage}`;
}

function withSettings(context: SearchResultsContext, settings: Partial<ResultsSettings>): { settings: ResultsSettings } {
  return { settings: { ...context.settings, ...settings } };
}

const NO_RESULTS = { ids: [], total: 0, labels: {}, facets: {}, rows: {}, reading: {} };

/** Search results of a cell: settings, debounced asks with stale replies ignored, rows read in pages, prev/next. */
export const searchResultsMachine = setup({
  types: {
    context: {} as SearchResultsContext,
    events: {} as SearchResultsEvent,
    input: {} as SearchResultsInput,
  },
  delays: {
    debounce: RESULTS_DEBOUNCE_MS,
  },
  guards: {
    isCurrentSearch: ({ context, event }) => isCurrentSearch(context, event),
    isCurrentRows: ({ context, event }) => isCurrentRows(context, event),
    isTextNew: ({ context, event }) => event.type === 'results.textChanged' && event.text.trim() !== context.settings.searchString.trim(),
    isEmptyCurrentSearch: ({ context, event }) =>
      isCurrentSearch(context, event) && event.type === 'connection.replied' && replyOf(event.frame.b).ids.length === 0,
    isDisplayOnly: ({ context, event }) =>
      event.type === 'results.applied' &&
      Object.entries(event.settings).every(
        ([k, v]) =>
          k === 'displayAs' || k === 'showFacets' || JSON.stringify(context.settings[k as keyof ResultsSettings]) === JSON.stringify(v),
      ),
    isExportReply: ({ event }) => isReply(event) && (event.ticket ?? '').startsWith(EXPORT),
    isKnownResult: ({ context, event }) => event.type === 'results.stepped' && context.ids.includes(event.from) && context.ids.length > 0,
  },
  actions: {
    setText: assign(({ context, event }) =>
      event.type === 'results.textChanged' ? withSettings(context, { searchString: event.text }) : {},
    ),
    applySettings: assign(({ context, event }) => (event.type === 'results.applied' ? withSettings(context, event.settings) : {})),
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
    ask: enqueueActions(({ context, enqueue, self, system }) => {
      const asked = context.asked + 1;
      enqueue.assign({ asked, reading: {}, errorKey: null });
      const connection = getConnection(system);
      if (!connection) return;
      const body = resultsQuery(context.settings, new Date(context.now()), context.tzOffset);
      enqueue.sendTo(connection, {
        type: 'connection.send',
        frame: { o: 'search/ids', b: body },
        ticket: searchTicket(asked),
        replyTo: self,
      });
    }),
    storeHits: assign(({ event }) => {
      if (event.type !== 'connection.replied') return {};
      const reply = replyOf(event.frame.b);
      return { ids: reply.ids, total: reply.total, labels: reply.labels, facets: reply.facets, rows: {}, reading: {}, carouselIndex: 0 };
    }),
    clearHits: assign(NO_RESULTS),
    storeError: assign(({ event }) => ({ errorKey: failureKey(event) })),
    readRows: enqueueActions(({ context, enqueue, event, self, system }, params: { from: number; to: number } | undefined) => {
      const range = params ?? (event.type === 'results.rowsNeeded' ? event : { from: 0, to: RESULTS_PAGE });
      const from = Math.max(0, Math.floor(range.from));
      const wanted = context.ids
        .slice(from, Math.max(from, Math.ceil(range.to)))
        .filter((id) => !(id in context.rows) && !context.reading[id]);
      if (wanted.length === 0) return;
      const connection = getConnection(system);
      if (!connection) return;
      const reading = { ...context.reading };
      for (let n = 0; n < wanted.length; n += RESULTS_PAGE) {
        const page = wanted.slice(n, n + RESULTS_PAGE);
        const ticket = rowsTicket(context.asked, context.ids.indexOf(page[0]!));
        for (const id of page) reading[id] = ticket;
        enqueue.sendTo(connection, { type: 'connection.send', frame: { o: 'readMany/object', b: page }, ticket, replyTo: self });
      }
      enqueue.assign({ reading });
    }),
    storeRows: assign(({ context, event }) => {
      if (event.type !== 'connection.replied') return {};
      const got = (event.frame.b ?? {}) as Record<string, Item>;
      const rows = { ...context.rows };
      const reading = { ...context.reading };
      for (const [id, ticket] of Object.entries(context.reading)) {
        if (ticket !== event.ticket) continue;
        // A hit the answer leaves out was deleted or hidden since the search: it shows as gone, not as loading.
        rows[id] = got[id] ?? null;
        delete reading[id];
      }
      return { rows, reading };
    }),
    forgetReading: assign({ reading: {} }),
    clearError: assign({ errorKey: null }),
    storeRowsError: assign(({ event }) => ({ errorKey: failureKey(event) })),
    select: assign(({ event }) => (event.type === 'results.opened' ? { selected: event.id } : {})),
    openSelected: enqueueActions(({ context, enqueue, system }) => {
      const router = getRouter(system);
      if (router && context.selected)
        enqueue.sendTo(router, { type: 'router.opened', fromKey: context.cellKey, segment: `i-${context.selected}` });
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
    startExport: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (!connection) return;
      const query = resultsQuery(context.settings, new Date(context.now()), context.tzOffset);
      const { facets: _facets, labels: _labels, ...body } = query;
      enqueue.sendTo(connection, {
        type: 'connection.send',
        frame: {
          o: 'act/csvExport/async',
          b: { query: body, ...(context.settings.itemTypeName ? { itemTypeName: context.settings.itemTypeName } : {}) },
        },
        ticket: `${EXPORT}${context.asked}`,
        replyTo: self,
      });
    }),
    // The task shows in the help menu at once; the tasks actor downloads its result when it is done.
    trackExport: enqueueActions(({ enqueue, event, system }) => {
      const tasks = getTasks(system);
      if (!tasks || event.type !== 'connection.replied') return;
      const task = event.frame.b as TaskInfo | undefined;
      if (task && typeof task.key === 'string') enqueue.sendTo(tasks, { type: 'tasks.updated', task });
    }),
    exportFailed: enqueueActions(({ enqueue, event, system }) => {
      const alerts = getAlerts(system);
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message: failureKey(event) } });
    }),
  },
}).createMachine({
  id: 'searchResults',
  context: ({ input }) => ({
    cellKey: input.cellKey,
    settings: { ...DEFAULT_SETTINGS, ...input.settings },
    asked: 0,
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
      { guard: 'isDisplayOnly', actions: 'applySettings' },
      { target: '.LOADING', actions: 'applySettings' },
    ],
    'results.facetToggled': { target: '.LOADING', actions: 'toggleFacet' },
    'results.facetsCleared': { target: '.LOADING', actions: 'clearFacets' },
    'results.sortClicked': { target: '.LOADING', actions: 'sortBy' },
    'results.facetsShown': { actions: 'showFacets' },
    'results.displaySet': { actions: 'setDisplay' },
    'results.opened': { actions: ['select', 'openSelected'] },
    'results.exportRequested': { actions: 'startExport' },
    'connection.replied': { guard: 'isExportReply', actions: 'trackExport' },
    'connection.failed': { guard: 'isExportReply', actions: 'exportFailed' },
  },
  states: {
    LOADING: {
      initial: 'ASKING',
      entry: 'clearHits',
      states: {
        WAITING: { after: { debounce: 'ASKING' } },
        ASKING: {
          entry: 'ask',
          on: {
            'connection.replied': [
              { guard: 'isEmptyCurrentSearch', target: '#searchResults.EMPTY', actions: 'storeHits' },
              { guard: 'isCurrentSearch', target: '#searchResults.READY', actions: 'storeHits' },
            ],
            'connection.failed': { guard: 'isCurrentSearch', target: '#searchResults.FAILED', actions: 'storeError' },
          },
        },
      },
    },
    READY: {
      initial: 'SHOWN',
      states: {
        SHOWN: {
          entry: { type: 'readRows', params: { from: 0, to: RESULTS_PAGE } },
          on: {
            'results.rowsNeeded': { actions: { type: 'readRows', params: undefined } },
            'connection.replied': { guard: 'isCurrentRows', actions: 'storeRows' },
            'connection.failed': { guard: 'isCurrentRows', target: 'ROWS_FAILED', actions: ['forgetReading', 'storeRowsError'] },
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
