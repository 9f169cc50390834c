/**
 * The signed-in user's saved searches (spec 000 §3 Saved search): listed with `search/ids` over
 * their own SavedSearch items and read with `readMany/object`; saved, renamed and deleted through
 * the item operations, so the server's permission rules apply. Opening one navigates to /search
 * and keeps its settings until the results view takes them. The list's two requests are `operation`
 * actors invoked in LOADING; saves, renames and deletions are spawned, several at once, and stopped
 * when the user changes.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import type { SearchQuery } from '../../src/shared/search/SearchQuery';
import { failureOf, operationLogic } from '../session/operation';
import { getAlerts, getRouter } from '../systemIds';
import { resultsParams } from './resultsAddress';
import { RESULTS_DISPLAYS, type DisplayAs, type ResultsSettings } from './searchResultsQuery';
import { userWatch, type UserWatchEvent } from '../session/userWatch';

/** Most saved searches listed. */
export const SAVED_SEARCHES_MAX = 200;

/**
 * What a saved search keeps (spec 000 §3): the results view's settings, handed over both ways; not the
 * map's bounds filter, which is where one is looking now, not what one looks for (the address keeps it).
 */
export type SavedSearchSettings = Omit<ResultsSettings, 'inView'>;

/** One saved search of the list. */
export interface SavedSearch {
  id: string;
  name: string;
  /** The item's update counter, for `update` and `delete`. */
  u: number;
  settings: SavedSearchSettings;
}

export interface SavedSearchesContext {
  userId: string | null;
  list: SavedSearch[];
  /** A saved search opened and not yet applied by the results view. */
  toApply: SavedSearch | null;
  /** The hits of the list's search, read next. */
  hits: string[];
  /** The request actors of the saves, renames and deletions under way. */
  busy: string[];
  /** Numbers those request actors. */
  counter: number;
}

/** What a spawned request of the saved searches does. */
type OpKind = 'save' | 'rename' | 'delete';

export type SavedSearchesEvent =
  | UserWatchEvent
  /** Save these settings under `name`. */
  | { type: 'savedSearches.saveRequested'; name: string; settings: SavedSearchSettings }
  | { type: 'savedSearches.renameRequested'; id: string; name: string }
  | { type: 'savedSearches.deleteRequested'; id: string }
  /** The list is shown: read it (again). */
  | { type: 'savedSearches.listWanted' }
  /** Open the saved search in the results view. */
  | { type: 'savedSearches.opened'; id: string }
  /** The results view applied the opened search. */
  | { type: 'savedSearches.applied' }
  /** The answers of the spawned saves, renames and deletions (`<kind>.<n>.<id>`). */
  | { type: `xstate.done.actor.${OpKind}.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.${OpKind}.${string}`; actorId: string; error: unknown };

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A SavedSearch item as the list keeps it; null when it is not one. */
export function toSavedSearch(raw: unknown): SavedSearch | null {
  const item = obj(raw);
  if (item._t !== 'SavedSearch' || typeof item.$id !== 'string') return null;
  const facets = obj(item.selectedFacets);
  return {
    id: item.$id,
    name: str(item.name),
    u: typeof item._u === 'number' ? item._u : 0,
    settings: {
      criteria: obj(item.criteria) as ResultsSettings['criteria'],
      searchString: str(item.searchString),
      itemTypeName: str(item.itemTypeName) || null,
      selectedFacets: Object.fromEntries(Object.entries(facets).filter((e): e is [string, string[]] => Array.isArray(e[1]))),
      sortBy: Array.isArray(item.sortBy) ? (item.sortBy as SavedSearchSettings['sortBy']) : [],
      displayAs: RESULTS_DISPLAYS.find((d): d is DisplayAs => d === item.displayAs) ?? 'LIST',
      showFacets: item.showFacets !== false,
    },
  };
}

/** The item body of a saved search called `name`. */
export function savedSearchBody(name: string, settings: SavedSearchSettings): Record<string, unknown> {
  return {
    name,
    criteria: settings.criteria,
    searchString: settings.searchString,
    selectedFacets: settings.selectedFacets,
    sortBy: settings.sortBy,
    displayAs: settings.displayAs,
    showFacets: settings.showFacets,
    ...(settings.itemTypeName ? { itemTypeName: settings.itemTypeName } : {}),
  };
}

/** The query that lists `userId`'s own saved searches by name (an administrator would otherwise see everyone's). */
export const listQuery = (userId: string): SearchQuery => ({
  must: [
    { prop: '', kind: '_', value: 'SavedSearch' },
    { prop: 'createdBy', kind: 'ft', value: userId },
  ],
  sort: [{ key: 'label', order: 'asc' }],
  max: SAVED_SEARCHES_MAX,
});

const byName = (list: SavedSearch[]): SavedSearch[] => [...list].sort((a, b) => a.name.localeCompare(b.name));
/** The ids of a `search/ids` answer. */
const hitsOf = (output: unknown): string[] => {
  const ids = obj(output).ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
};

/** The request actor of a save, rename or deletion: `<kind>.<n>.<saved search id>` (none for a save). */
const opId = (kind: OpKind, n: number, id = ''): string => `${kind}.${n}.${id}`;
/** The saved search a deletion's request actor was for. */
const deletedId = (actorId: string): string => actorId.split('.').slice(2).join('.');

/** The user's saved searches and what is being done with them. */
export const savedSearchesMachine = setup({
  types: { context: {} as SavedSearchesContext, events: {} as SavedSearchesEvent },
  actors: { userWatch, operation: operationLogic },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    hasHits: (_, params: { output: unknown }) => hitsOf(params.output).length > 0,
  },
  actions: {
    setUser: assign(({ event }) =>
      event.type === 'session.userChanged' ? { userId: event.user?.$id ?? null, list: [], toApply: null, busy: [] } : {},
    ),
    storeHits: assign((_, params: { output: unknown }) => ({ hits: hitsOf(params.output) })),
    storeRead: assign((_, params: { output: unknown }) => ({
      list: byName(Object.values(obj(params.output)).flatMap((raw) => toSavedSearch(raw) ?? [])),
      hits: [],
    })),
    clearList: assign({ list: [], hits: [] }),
    // Spawned, several at once, each named for what it does; leaving SIGNED_IN stops those under way.
    startOp: enqueueActions(({ context, enqueue, event }) => {
      const n = context.counter + 1;
      const saved = 'id' in event ? context.list.find((s) => s.id === event.id) : undefined;
      let op: { id: string; input: OperationCall } | null = null;
      if (event.type === 'savedSearches.saveRequested')
        op = {
          id: opId('save', n),
          input: callOf(operations.create, savedSearchBody(event.name.trim(), event.settings), { type: 'SavedSearch' }),
        };
      if (event.type === 'savedSearches.renameRequested' && saved)
        op = { id: opId('rename', n, saved.id), input: callOf(operations.update, { $id: saved.id, _u: saved.u, name: event.name.trim() }) };
      if (event.type === 'savedSearches.deleteRequested' && saved)
        op = { id: opId('delete', n, saved.id), input: callOf(operations.delete, { _u: saved.u }, { id: saved.id }) };
      if (!op) return;
      enqueue.assign({ counter: n, busy: [...context.busy, op.id] });
      enqueue.spawnChild('operation', op);
    }),
    stopOps: enqueueActions(({ context, enqueue }) => {
      for (const id of context.busy) enqueue.stopChild(id);
    }),
    // A create or update answers the item; a deletion answers the deleted item (or nothing).
    storeOp: enqueueActions(({ context, enqueue }, params: { actorId: string; output: unknown }) => {
      const busy = context.busy.filter((id) => id !== params.actorId);
      const others = (id: string): SavedSearch[] => context.list.filter((s) => s.id !== id);
      enqueue.stopChild(params.actorId);
      if (params.actorId.startsWith('delete.')) {
        enqueue.assign({ busy, list: others(deletedId(params.actorId)) });
        return;
      }
      const saved = toSavedSearch(params.output);
      enqueue.assign(saved ? { busy, list: byName([...others(saved.id), saved]) } : { busy });
    }),
    raiseFailure: enqueueActions(({ context, enqueue, system }, params: { actorId: string; error: unknown }) => {
      enqueue.stopChild(params.actorId);
      enqueue.assign({ busy: context.busy.filter((id) => id !== params.actorId) });
      const alerts = getAlerts(system);
      const failure = failureOf(params.error);
      const message = failure.kind === 'client' ? failure.key : `errors.${failure.userMessage}`;
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message } });
    }),
    open: enqueueActions(({ context, enqueue, event, system }) => {
      const saved = event.type === 'savedSearches.opened' ? context.list.find((s) => s.id === event.id) : undefined;
      const router = getRouter(system);
      if (!saved || !router) return;
      enqueue.assign({ toApply: saved });
      // The address says all the saved search shows (text, facets, sort, display), as the results write it.
      const text = saved.settings.searchString;
      const query = [
        ...(text ? [['c0', text]] : []),
        ...resultsParams({ ...saved.settings, inView: null }).map(([name, value]) => [`c0.${name}`, value]),
      ];
      const search = new URLSearchParams(query).toString();
      enqueue.sendTo(router, { type: 'router.linkFollowed', href: search ? `/search?${search}` : '/search', newTab: false });
    }),
    clearApply: assign({ toApply: null }),
  },
}).createMachine({
  id: 'savedSearches',
  context: { userId: null, list: [], hits: [], toApply: null, busy: [], counter: 0 },
  invoke: { src: 'userWatch' },
  on: {
    'session.userChanged': [
      { guard: 'hasUser', target: '.SIGNED_IN', actions: 'setUser' },
      { target: '.SIGNED_OUT', actions: 'setUser' },
    ],
  },
  initial: 'SIGNED_OUT',
  states: {
    SIGNED_OUT: {},
    // Left (or entered again) when the user changes: the saves, renames and deletions of the last are stopped.
    SIGNED_IN: {
      initial: 'IDLE',
      exit: 'stopOps',
      on: {
        // Saving works before the list was ever shown: the list read later includes it.
        'savedSearches.saveRequested': { actions: 'startOp' },
        'savedSearches.renameRequested': { actions: 'startOp' },
        'savedSearches.deleteRequested': { actions: 'startOp' },
        'savedSearches.opened': { actions: 'open' },
        'savedSearches.applied': { actions: 'clearApply' },
        'xstate.done.actor.save.*': {
          actions: { type: 'storeOp', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
        },
        'xstate.done.actor.rename.*': {
          actions: { type: 'storeOp', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
        },
        'xstate.done.actor.delete.*': {
          actions: { type: 'storeOp', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
        },
        'xstate.error.actor.save.*': {
          actions: { type: 'raiseFailure', params: ({ event }) => ({ actorId: event.actorId, error: event.error }) },
        },
        'xstate.error.actor.rename.*': {
          actions: { type: 'raiseFailure', params: ({ event }) => ({ actorId: event.actorId, error: event.error }) },
        },
        'xstate.error.actor.delete.*': {
          actions: { type: 'raiseFailure', params: ({ event }) => ({ actorId: event.actorId, error: event.error }) },
        },
      },
      states: {
        // Nothing is asked until the list is shown, so signing in costs no search.
        IDLE: { on: { 'savedSearches.listWanted': 'LOADING' } },
        // A list that cannot be had shows as empty, without an alert: the user asked for nothing yet.
        LOADING: {
          initial: 'LISTING',
          states: {
            LISTING: {
              invoke: {
                id: 'list',
                src: 'operation',
                input: ({ context }) => callOf(operations.search, listQuery(context.userId ?? '')),
                onDone: [
                  {
                    guard: { type: 'hasHits', params: ({ event }) => ({ output: event.output }) },
                    target: 'READING',
                    actions: { type: 'storeHits', params: ({ event }) => ({ output: event.output }) },
                  },
                  { target: '#savedSearches.SIGNED_IN.READY', actions: 'clearList' },
                ],
                onError: { target: '#savedSearches.SIGNED_IN.READY', actions: 'clearList' },
              },
            },
            READING: {
              invoke: {
                id: 'read',
                src: 'operation',
                input: ({ context }) => callOf(operations.readMany, context.hits),
                onDone: {
                  target: '#savedSearches.SIGNED_IN.READY',
                  actions: { type: 'storeRead', params: ({ event }) => ({ output: event.output }) },
                },
                onError: { target: '#savedSearches.SIGNED_IN.READY', actions: 'clearList' },
              },
            },
          },
        },
        READY: {
          on: {
            // Asked again each time it is shown, so changes made in another tab appear.
            'savedSearches.listWanted': 'LOADING',
          },
        },
      },
    },
  },
});

export type SavedSearchesSnapshot = SnapshotFrom<typeof savedSearchesMachine>;

/** The saved searches, by name. */
export const selectSavedSearches = (snapshot: SavedSearchesSnapshot): SavedSearch[] => snapshot.context.list;
/** Whether the list is being read. */
export const selectSavedSearchesLoading = (snapshot: SavedSearchesSnapshot): boolean => snapshot.matches({ SIGNED_IN: 'LOADING' });
/** Whether a save, rename or deletion is under way. */
export const selectSavedSearchesBusy = (snapshot: SavedSearchesSnapshot): boolean => snapshot.context.busy.length > 0;
/** The opened saved search the results view is still to apply. */
export const selectToApply = (snapshot: SavedSearchesSnapshot): SavedSearch | null => snapshot.context.toApply;
