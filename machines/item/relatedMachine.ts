/**
 * One related-items list of an item's read screen (issue 16, "Related items"): the items of a type
 * whose relation points at the item, narrowed by the list's filter, RELATED_PAGE more at a time. It
 * follows them live as a dashboard card does: it watches the type (`addWatch/{type}-0`) and loads
 * again when a pushed item points here or was one of the list (changed away, or deleted), and after
 * a reconnection. A row opens its item in the next column; "add one here" opens the type's create
 * form with the relation filled in (relatedQuery.createHref).
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { RelatedList } from '../../src/shared/items/relatedLists';
import { isItem } from '../../src/shared/items/isItem';
import { Push } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { cardLoad, type CardHits } from '../dashboard/cardLoad';
import { unwatchTypeOnStop } from '../dashboard/unwatchTypeOnStop';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { getRouter } from '../systemIds';
import { createHref, pointsAt, RELATED_PAGE, relatedQuery } from './relatedQuery';

/** How long typing in a list's filter must pause before it asks. */
export const RELATED_DEBOUNCE_MS = 300;

export interface RelatedInput {
  /** The item shown, which the list's items point at. */
  itemId: string;
  list: Pick<RelatedList, 'type' | 'prop'>;
  /** The key of the item's cell: rows and create forms open in the column after it. */
  cellKey: string;
}

export interface RelatedContext extends RelatedInput {
  text: string;
  /** How many hits are asked for: RELATED_PAGE, and as many more per "Show more". */
  max: number;
  /** The last answer, kept while the list loads again. */
  hits: CardHits | null;
  error: ResourceError | null;
  /** The row open in the next column. */
  selected: string | null;
  /** Numbers of the type watches asked for (`watch.<n>`), one per socket the list has lived on. */
  watches: number;
  watching: boolean;
}

export type RelatedEvent =
  | { type: 'related.typed'; text: string }
  | { type: 'related.moreRequested' }
  | { type: 'related.retried' }
  | { type: 'related.opened'; id: string }
  /** "Add one here"; `also` fills in more relations (relatedLists.ts companionsOf). */
  | { type: 'related.createRequested'; also?: ReadonlyArray<readonly [string, string]> }
  | SessionWatchEvent
  | { type: 'xstate.done.actor.load'; output: CardHits }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: `xstate.done.actor.watch.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.watch.${string}`; actorId: string; error: unknown };

const UNWATCH_ID = 'unwatch';

// From each state, not the root (whose re-entry would start the watch again); WAITING is re-entered, so its pause starts again.
const typed = { 'related.typed': { target: '#related.WAITING', reenter: true, actions: 'setText' } } as const;

const countOf = (output: unknown): number | null =>
  typeof output === 'object' && output !== null && typeof (output as { count?: unknown }).count === 'number'
    ? (output as { count: number }).count
    : null;

/** The index of column `key` in the router's location, and the location; null when it is not shown. */
function columnOf(system: Parameters<typeof getRouter>[0], key: string) {
  const router = getRouter(system);
  const location = router?.getSnapshot().context.location;
  const index = location?.cells.findIndex((c) => c.key === key) ?? -1;
  return router && location && index >= 0 ? { router, location, index } : null;
}

/** A related-items list: LOADING (after WAITING while typing), READY, FAILED, with its type watch beside them. */
export const relatedMachine = setup({
  types: {
    context: {} as RelatedContext,
    events: {} as RelatedEvent,
    input: {} as RelatedInput,
  },
  actors: { sessionWatch, unwatchTypeOnStop, operation: operationLogic, load: cardLoad },
  delays: { debounce: RELATED_DEBOUNCE_MS },
  guards: {
    // An item of the type that points here now, or that the list showed (it may point elsewhere now).
    isListChange: ({ context, event }) => {
      if (event.type !== 'session.pushed' || event.frame.o !== Push.itemUpdate || !isItem(event.frame.b)) return false;
      const item = event.frame.b;
      return item._t === context.list.type && (pointsAt(item[context.list.prop], context.itemId) || !!context.hits?.ids.includes(item.$id));
    },
    isReconnected: ({ event }) => event.type === 'session.pushed' && event.frame.o === Push.authed,
    isShownDeleted: ({ context, event }) => event.type === 'session.itemDeleted' && !!context.hits?.ids.includes(event.id),
    hasMore: ({ context }) => !!context.hits && context.hits.total > context.hits.ids.length,
  },
  actions: {
    watch: enqueueActions(({ context, enqueue }) => {
      const watches = context.watches + 1;
      enqueue.assign({ watches, watching: false });
      enqueue.spawnChild('operation', { id: `watch.${watches}`, input: callOf(operations.addWatch, {}, { id: `${context.list.type}-0` }) });
    }),
    keepWatch: enqueueActions(({ enqueue }, params: { actorId: string; output: unknown }) => {
      enqueue.stopChild(params.actorId);
      const count = countOf(params.output);
      if (count === null) return;
      enqueue.assign({ watching: true });
      enqueue.sendTo(UNWATCH_ID, { type: 'card.watchAdded', count });
    }),
    dropWatch: enqueueActions(({ enqueue }, params: { actorId: string }) => {
      enqueue.stopChild(params.actorId);
      enqueue.assign({ watching: false });
    }),
    forgetWatches: enqueueActions(({ enqueue }) => {
      enqueue.assign({ watching: false });
      enqueue.sendTo(UNWATCH_ID, { type: 'card.watchesLost' });
    }),
    setText: assign(({ event }) => (event.type === 'related.typed' ? { text: event.text, max: RELATED_PAGE } : {})),
    showMore: assign(({ context }) => ({ max: context.max + RELATED_PAGE })),
    store: assign((_, params: { hits: CardHits }) => ({ hits: params.hits, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    // Another user's items are not this one's.
    forgetHits: assign({ hits: null, error: null }),
    open: enqueueActions(({ context, enqueue, event, system }) => {
      if (event.type !== 'related.opened') return;
      enqueue.assign({ selected: event.id });
      const router = getRouter(system);
      if (router) enqueue.sendTo(router, { type: 'router.opened', fromKey: context.cellKey, segment: `i-${event.id}` });
    }),
    // Through the address, so that a reload of the create form keeps the relation filled in.
    openCreate: enqueueActions(({ context, enqueue, event, system }) => {
      const column = columnOf(system, context.cellKey);
      if (!column || event.type !== 'related.createRequested') return;
      const href = createHref(column.location, column.index, context.list, context.itemId, event.also);
      enqueue.sendTo(column.router, { type: 'router.linkFollowed', href, newTab: false });
    }),
  },
}).createMachine({
  id: 'related',
  context: ({ input }) => ({
    ...input,
    text: '',
    max: RELATED_PAGE,
    hits: null,
    error: null,
    selected: null,
    watches: 0,
    watching: false,
  }),
  invoke: [
    { src: 'sessionWatch', input: { pushes: true, deletions: true, caches: true } },
    { id: UNWATCH_ID, src: 'unwatchTypeOnStop', input: ({ context }) => ({ type: context.list.type }) },
  ],
  entry: 'watch',
  on: {
    'session.pushed': [
      { guard: 'isListChange', target: '.LOADING' },
      { guard: 'isReconnected', target: '.LOADING', actions: ['forgetWatches', 'watch'] },
    ],
    'session.itemDeleted': { guard: 'isShownDeleted', target: '.LOADING' },
    'session.cachesDropped': { target: '.LOADING', actions: 'forgetHits' },
    'related.opened': { actions: 'open' },
    'related.createRequested': { actions: 'openCreate' },
    'xstate.done.actor.watch.*': {
      actions: { type: 'keepWatch', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
    },
    'xstate.error.actor.watch.*': { actions: { type: 'dropWatch', params: ({ event }) => ({ actorId: event.actorId }) } },
  },
  initial: 'LOADING',
  states: {
    WAITING: { on: typed, after: { debounce: 'LOADING' } },
    LOADING: {
      on: typed,
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => relatedQuery(context.list, context.itemId, context.text, context.max),
        onDone: { target: 'READY', actions: { type: 'store', params: ({ event }) => ({ hits: event.output }) } },
        onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    READY: { on: { ...typed, 'related.moreRequested': { guard: 'hasMore', target: 'LOADING', actions: 'showMore' } } },
    FAILED: { on: { ...typed, 'related.retried': 'LOADING' } },
  },
});

export type RelatedActorRef = ActorRefFrom<typeof relatedMachine>;
export type RelatedSnapshot = SnapshotFrom<typeof relatedMachine>;

/** The last answer (null until the first). */
export const selectRelatedHits = (s: RelatedSnapshot): CardHits | null => s.context.hits;
/** Why the last load failed. */
export const selectRelatedError = (s: RelatedSnapshot): ResourceError | null => s.context.error;
/** The list's filter as typed. */
export const selectRelatedText = (s: RelatedSnapshot): string => s.context.text;
/** Whether a load (or the pause before one) is under way. */
export const selectRelatedBusy = (s: RelatedSnapshot): boolean => s.matches('LOADING') || s.matches('WAITING');
/** Whether the last load failed. */
export const selectRelatedFailed = (s: RelatedSnapshot): boolean => s.matches('FAILED');
/** The row open in the next column. */
export const selectRelatedSelected = (s: RelatedSnapshot): string | null => s.context.selected;
