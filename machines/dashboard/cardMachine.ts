/**
 * One card of the dashboard (issue 13): it searches its items, shows them, and follows them live. At
 * start it asks the server to watch its type (`addWatch/{type}-0`); every `item/update` push of that
 * type, a deletion by a task, or a reconnection (a new `authed`: the new socket has no watches, so it
 * watches again) loads it again, as does a calendar card turning to another month. It takes its watch
 * away when it stops (`unwatchTypeOnStop`).
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CardDef } from '../../src/shared/dashboard/CardDef';
import { cardQuery, isMonth } from '../../src/shared/dashboard/cardQuery';
import { isItem } from '../../src/shared/items/isItem';
import { Push } from '../../src/shared/protocol';
import { callOf } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from '../session/operation';
import { toResourceError, type ResourceError } from '../session/resourceMachine';
import { cardLoad, type CardHits } from './cardLoad';
import { unwatchTypeOnStop } from './unwatchTypeOnStop';

export type { CardHits } from './cardLoad';

export interface CardInput {
  card: CardDef;
  /** A calendar card's first month (`YYYY-MM`); null for a list card. */
  month: string | null;
}

export interface CardContext {
  card: CardDef;
  month: string | null;
  /** The last answer, kept while the card loads again. */
  hits: CardHits | null;
  error: ResourceError | null;
  /** Numbers the type watches asked for (`watch.<n>`), one per socket the card has lived on. */
  watches: number;
  /** Whether the server holds the card's type watch. */
  watching: boolean;
}

export type CardEvent =
  | { type: 'card.reloadRequested' }
  /** A calendar card turns to `month` (`YYYY-MM`). */
  | { type: 'card.monthShown'; month: string }
  | SessionWatchEvent
  | { type: 'xstate.done.actor.load'; output: CardHits }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: `xstate.done.actor.watch.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.watch.${string}`; actorId: string; error: unknown };

const UNWATCH_ID = 'unwatch';

const countOf = (output: unknown): number | null =>
  typeof output === 'object' && output !== null && typeof (output as { count?: unknown }).count === 'number'
    ? (output as { count: number }).count
    : null;

// From the root without reentering it: the active state is left and LOADING entered (its search starts anew), the watch kept.
const loadAgain = { target: '.LOADING' } as const;

/** A dashboard card: LOADING, READY, FAILED, with its type watch beside them. */
export const cardMachine = setup({
  types: {
    context: {} as CardContext,
    events: {} as CardEvent,
    input: {} as CardInput,
  },
  actors: { sessionWatch, unwatchTypeOnStop, operation: operationLogic, load: cardLoad },
  guards: {
    isTypeChange: ({ context, event }) =>
      event.type === 'session.pushed' &&
      event.frame.o === Push.itemUpdate &&
      isItem(event.frame.b) &&
      event.frame.b._t === context.card.type,
    isReconnected: ({ event }) => event.type === 'session.pushed' && event.frame.o === Push.authed,
    isTypeDeleted: ({ context, event }) => event.type === 'session.itemDeleted' && event.id.split('-')[0] === context.card.type,
    isOtherMonth: ({ context, event }) =>
      context.card.kind === 'calendar' && event.type === 'card.monthShown' && isMonth(event.month) && event.month !== context.month,
  },
  actions: {
    // Spawned beside the states, so that loading again leaves it running.
    watch: enqueueActions(({ context, enqueue }) => {
      const watches = context.watches + 1;
      enqueue.assign({ watches, watching: false });
      enqueue.spawnChild('operation', { id: `watch.${watches}`, input: callOf(operations.addWatch, {}, { id: `${context.card.type}-0` }) });
    }),
    keepWatch: enqueueActions(({ enqueue }, params: { actorId: string; output: unknown }) => {
      enqueue.stopChild(params.actorId);
      const count = countOf(params.output);
      if (count === null) return;
      enqueue.assign({ watching: true });
      enqueue.sendTo(UNWATCH_ID, { type: 'card.watchAdded', count });
    }),
    // The card still shows its items; it is no longer live, which the view says.
    dropWatch: enqueueActions(({ enqueue }, params: { actorId: string }) => {
      enqueue.stopChild(params.actorId);
      enqueue.assign({ watching: false });
    }),
    forgetWatches: enqueueActions(({ enqueue }) => {
      enqueue.assign({ watching: false });
      enqueue.sendTo(UNWATCH_ID, { type: 'card.watchesLost' });
    }),
    store: assign((_, params: { hits: CardHits }) => ({ hits: params.hits, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
    setMonth: assign(({ event }) => (event.type === 'card.monthShown' ? { month: event.month, hits: null } : {})),
    // Another user's items are not this one's.
    forgetHits: assign({ hits: null, error: null }),
  },
}).createMachine({
  id: 'card',
  context: ({ input }) => ({ card: input.card, month: input.month, hits: null, error: null, watches: 0, watching: false }),
  invoke: [
    { src: 'sessionWatch', input: { pushes: true, deletions: true, caches: true } },
    { id: UNWATCH_ID, src: 'unwatchTypeOnStop', input: ({ context }) => ({ type: context.card.type }) },
  ],
  entry: 'watch',
  on: {
    'session.pushed': [
      { guard: 'isTypeChange', ...loadAgain },
      { guard: 'isReconnected', ...loadAgain, actions: ['forgetWatches', 'watch'] },
    ],
    'session.itemDeleted': { guard: 'isTypeDeleted', ...loadAgain },
    'session.cachesDropped': { ...loadAgain, actions: 'forgetHits' },
    'card.monthShown': { guard: 'isOtherMonth', ...loadAgain, actions: 'setMonth' },
    'xstate.done.actor.watch.*': {
      actions: { type: 'keepWatch', params: ({ event }) => ({ actorId: event.actorId, output: event.output }) },
    },
    'xstate.error.actor.watch.*': { actions: { type: 'dropWatch', params: ({ event }) => ({ actorId: event.actorId }) } },
  },
  initial: 'LOADING',
  states: {
    LOADING: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => cardQuery(context.card, context.month),
        onDone: { target: 'READY', actions: { type: 'store', params: ({ event }) => ({ hits: event.output }) } },
        onError: { target: 'FAILED', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    READY: { on: { 'card.reloadRequested': 'LOADING' } },
    FAILED: { on: { 'card.reloadRequested': 'LOADING' } },
  },
});

export type CardActorRef = ActorRefFrom<typeof cardMachine>;
export type CardSnapshot = SnapshotFrom<typeof cardMachine>;

/** The last answer (null until the first). */
export const selectCardHits = (snapshot: CardSnapshot): CardHits | null => snapshot.context.hits;
/** Why the last load failed. */
export const selectCardError = (snapshot: CardSnapshot): ResourceError | null => snapshot.context.error;
/** Whether a load is under way. */
export const selectCardLoading = (snapshot: CardSnapshot): boolean => snapshot.matches('LOADING');
/** A calendar card's month (`YYYY-MM`). */
export const selectCardMonth = (snapshot: CardSnapshot): string | null => snapshot.context.month;
/** Whether the server holds the card's watch, so that the card follows its items live. */
export const selectCardLive = (snapshot: CardSnapshot): boolean => snapshot.context.watching;
