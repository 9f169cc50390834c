/**
 * The signed-in user's saved searches (spec 000 §3 Saved search): listed with `search/ids` over
 * their own SavedSearch items and read with `readMany/object`; saved, renamed and deleted through
 * the item operations, so the server's permission rules apply. Opening one navigates to /search
 * and keeps its settings until the results view takes them.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { Frame } from '../../src/shared/protocol';
import type { SearchQuery } from '../../src/shared/search/SearchQuery';
import type { ConnectionReplyEvent } from '../session/pendingRequests';
import { getAlerts, getConnection, getRouter } from '../systemIds';
import { RESULTS_DISPLAYS, type DisplayAs, type ResultsSettings } from './searchResultsQuery';
import { userWatch, type UserWatchEvent } from '../session/userWatch';

/** Most saved searches listed. */
export const SAVED_SEARCHES_MAX = 200;

/** What a saved search keeps (spec 000 §3): the results view's settings, handed over both ways. */
export type SavedSearchSettings = ResultsSettings;

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
  /** Tickets of the saves, renames and deletions under way. */
  busy: string[];
  counter: number;
}

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
  | ConnectionReplyEvent;

const LIST = 'savedSearches:list';
const READ = 'savedSearches:read';
const OP = 'savedSearches:op:';

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
const bodyOf = (event: SavedSearchesEvent): unknown => (event.type === 'connection.replied' ? event.frame.b : undefined);
const ticketOf = (event: SavedSearchesEvent): string =>
  event.type === 'connection.replied' || event.type === 'connection.failed' ? (event.ticket ?? '') : '';

/** The user's saved searches and what is being done with them. */
export const savedSearchesMachine = setup({
  types: { context: {} as SavedSearchesContext, events: {} as SavedSearchesEvent },
  actors: { userWatch },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isList: ({ event }) => ticketOf(event) === LIST,
    isListWithHits: ({ event }) =>
      ticketOf(event) === LIST && Array.isArray(obj(bodyOf(event)).ids) && (obj(bodyOf(event)).ids as unknown[]).length > 0,
    isRead: ({ event }) => ticketOf(event) === READ,
    isOp: ({ context, event }) => context.busy.includes(ticketOf(event)),
    isLoadReply: ({ event }) => ticketOf(event) === LIST || ticketOf(event) === READ,
  },
  actions: {
    setUser: assign(({ event }) =>
      event.type === 'session.userChanged' ? { userId: event.user?.$id ?? null, list: [], toApply: null, busy: [] } : {},
    ),
    sendList: enqueueActions(({ context, enqueue, self, system }) => {
      const connection = getConnection(system);
      if (connection && context.userId)
        enqueue.sendTo(connection, {
          type: 'connection.send',
          frame: { o: 'search/ids', b: listQuery(context.userId) },
          ticket: LIST,
          replyTo: self,
        });
    }),
    sendRead: enqueueActions(({ enqueue, event, self, system }) => {
      const connection = getConnection(system);
      const ids = obj(bodyOf(event)).ids;
      if (connection)
        enqueue.sendTo(connection, { type: 'connection.send', frame: { o: 'readMany/object', b: ids }, ticket: READ, replyTo: self });
    }),
    storeRead: assign(({ event }) => ({ list: byName(Object.values(obj(bodyOf(event))).flatMap((raw) => toSavedSearch(raw) ?? [])) })),
    clearList: assign({ list: [] }),
    sendOp: enqueueActions(({ context, enqueue, event, self, system }) => {
      const connection = getConnection(system);
      if (!connection) return;
      let frame: Frame | null = null;
      if (event.type === 'savedSearches.saveRequested')
        frame = { o: 'create/SavedSearch', b: savedSearchBody(event.name.trim(), event.settings) };
      const saved = 'id' in event ? context.list.find((s) => s.id === event.id) : undefined;
      if (event.type === 'savedSearches.renameRequested' && saved)
        frame = { o: 'update', b: { $id: saved.id, _u: saved.u, name: event.name.trim() } };
      if (event.type === 'savedSearches.deleteRequested' && saved) frame = { o: `delete/${saved.id}`, b: { _u: saved.u } };
      if (!frame) return;
      const ticket = `${OP}${context.counter + 1}`;
      enqueue.assign({ counter: context.counter + 1, busy: [...context.busy, ticket] });
      enqueue.sendTo(connection, { type: 'connection.send', frame, ticket, replyTo: self });
    }),
    // A create or update answers the item; a deletion answers the deleted item (or nothing).
    storeOp: assign(({ context, event }) => {
      if (event.type !== 'connection.replied') return {};
      const busy = context.busy.filter((t) => t !== event.ticket);
      const others = (id: string): SavedSearch[] => context.list.filter((s) => s.id !== id);
      if (event.o.startsWith('delete/')) return { busy, list: others(event.o.slice('delete/'.length)) };
      const saved = toSavedSearch(event.frame.b);
      return saved ? { busy, list: byName([...others(saved.id), saved]) } : { busy };
    }),
    raiseFailure: enqueueActions(({ context, enqueue, event, system }) => {
      if (event.type !== 'connection.failed') return;
      enqueue.assign({ busy: context.busy.filter((t) => t !== event.ticket) });
      const alerts = getAlerts(system);
      const message = event.failure.kind === 'client' ? event.failure.key : `errors.${event.failure.userMessage}`;
      if (alerts) enqueue.sendTo(alerts, { type: 'alerts.raised', alert: { type: 'ERROR', message } });
    }),
    open: enqueueActions(({ context, enqueue, event, system }) => {
      const saved = event.type === 'savedSearches.opened' ? context.list.find((s) => s.id === event.id) : undefined;
      const router = getRouter(system);
      if (!saved || !router) return;
      enqueue.assign({ toApply: saved });
      const text = saved.settings.searchString;
      enqueue.sendTo(router, {
        type: 'router.linkFollowed',
        href: text ? `/search?c0=${encodeURIComponent(text)}` : '/search',
        newTab: false,
      });
    }),
    clearApply: assign({ toApply: null }),
  },
}).createMachine({
  id: 'savedSearches',
  context: { userId: null, list: [], toApply: null, busy: [], counter: 0 },
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
    SIGNED_IN: {
      initial: 'IDLE',
      on: {
        // Saving works before the list was ever shown: the list read later includes it.
        'savedSearches.saveRequested': { actions: 'sendOp' },
        'savedSearches.renameRequested': { actions: 'sendOp' },
        'savedSearches.deleteRequested': { actions: 'sendOp' },
        'savedSearches.opened': { actions: 'open' },
        'savedSearches.applied': { actions: 'clearApply' },
        'connection.replied': { guard: 'isOp', actions: 'storeOp' },
        'connection.failed': { guard: 'isOp', actions: 'raiseFailure' },
      },
      states: {
        // Nothing is asked until the list is shown, so signing in costs no search.
        IDLE: { on: { 'savedSearches.listWanted': 'LOADING' } },
        LOADING: {
          entry: 'sendList',
          on: {
            'connection.replied': [
              { guard: 'isListWithHits', actions: 'sendRead' },
              { guard: 'isList', target: 'READY', actions: 'clearList' },
              { guard: 'isRead', target: 'READY', actions: 'storeRead' },
              { guard: 'isOp', actions: 'storeOp' },
            ],
            // A list that cannot be had shows as empty, without an alert: the user asked for nothing yet.
            'connection.failed': [
              { guard: 'isLoadReply', target: 'READY', actions: 'clearList' },
              { guard: 'isOp', actions: 'raiseFailure' },
            ],
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
