/**
 * The shape a record's list panel shares when it follows its rows live (the items hanging on the
 * record by a relation, listed by one operation): it loads its operation's answer, sends a change and
 * loads again, says why when the server refuses, and follows the rows as a related-items list does:
 * it watches their type (`addWatch/<type>-0`, given back with `removeWatch` when it stops) and loads
 * again when a pushed item of that type belongs to the list, and after a reconnection. What differs
 * (its events, the watched type, which pushed items are the list's) is passed in; the id names it. A
 * list that only shows (it names no save event) has no SAVING state.
 */
import { assign, enqueueActions, setup, type EventObject, type StateMachine } from 'xstate';
import { isItem } from '../../src/shared/items/isItem';
import type { Item } from '../../src/shared/items/types';
import { Push } from '../../src/shared/protocol';
import { callOf, type OperationCall } from '../../src/shared/protocol/operationCall';
import { operations } from '../../src/shared/protocol/operations';
import { unwatchTypeOnStop } from '../dashboard/unwatchTypeOnStop';
import { sessionWatch, type SessionWatchEvent } from '../router/sessionWatch';
import { failureOf, operationLogic } from './operation';
import { toResourceError, type ResourceError } from './resourceMachine';
import { sayApplied } from './sayApplied';

const UNWATCH_ID = 'unwatch';

/** A list's own two events read `<domain>.<verb>Requested` (CONVENTIONS.md: `domain.verb`). */
type ListEventType = `${string}.${string}Requested`;

/** What one list passes in. */
export interface WatchedListSpec<
  TInput extends { load: OperationCall },
  TReload extends ListEventType,
  TSave extends ListEventType = never,
> {
  /** The machine's id, by which the actor tree and the visualiser name it. */
  id: string;
  /** The type whose pushes the list follows. */
  watchedType: string;
  /** The event that loads the list again. */
  reloadEvent: TReload;
  /** The event that sends its `call` (a save, a deletion), says `app.applied` and loads again; none for a list that only shows. */
  saveEvent?: TSave;
  /** Whether a pushed item of the watched type is one of this list's (it says so itself, by its relation). */
  isListed: (item: Item, input: TInput) => boolean;
}

/** What the list keeps: its input (its `load` call and what `isListed` reads), the answer and the watch. */
export interface WatchedListContext<TInput> {
  input: TInput;
  /** The last answer (kept while it loads again or saves). */
  data: unknown;
  error: ResourceError | null;
  /** The save (or deletion) under way. */
  saving: OperationCall | null;
  /** Numbers of the type watches asked for (`watch.<n>`), one per socket the list has lived on. */
  watches: number;
  watching: boolean;
}

/** The events the list accepts: its own (a reload, and a save if it has one), the session's news and its requests' ends. */
export type WatchedListEvent<TReload extends ListEventType, TSave extends ListEventType = never> =
  | ([TSave] extends [never] ? never : { type: TSave; call: OperationCall })
  | { type: TReload }
  | SessionWatchEvent
  | { type: 'xstate.done.actor.load'; output: unknown }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.done.actor.save'; output: unknown }
  | { type: 'xstate.error.actor.save'; error: unknown }
  | { type: `xstate.done.actor.watch.${string}`; actorId: string; output: unknown }
  | { type: `xstate.error.actor.watch.${string}`; actorId: string; error: unknown };

const countOf = (output: unknown): number | null =>
  typeof output === 'object' && output !== null && typeof (output as { count?: unknown }).count === 'number'
    ? (output as { count: number }).count
    : null;

/**
 * The chart, typed with stand-ins for the list's two own events (TypeScript does not narrow a union by a
 * type parameter's literal, nor type a transition keyed by one); `watchedListMachine` types it with the real ones.
 */
function listLogic<TInput extends { load: OperationCall }>(spec: WatchedListSpec<TInput, ListEventType, ListEventType>) {
  const { watchedType } = spec;
  const reloadEvent = spec.reloadEvent as 'list.reloadRequested';
  const saveEvent = spec.saveEvent as 'list.saveRequested' | undefined;
  return setup({
    types: {
      context: {} as WatchedListContext<TInput>,
      events: {} as WatchedListEvent<'list.reloadRequested', 'list.saveRequested'>,
      input: {} as TInput,
    },
    actors: { sessionWatch, unwatchTypeOnStop, operation: operationLogic },
    guards: {
      isListed: ({ context, event }) =>
        event.type === 'session.pushed' &&
        event.frame.o === Push.itemUpdate &&
        isItem(event.frame.b) &&
        event.frame.b._t === watchedType &&
        spec.isListed(event.frame.b, context.input),
      isReconnected: ({ event }) => event.type === 'session.pushed' && event.frame.o === Push.authed,
    },
    actions: {
      watch: enqueueActions(({ context, enqueue }) => {
        const watches = context.watches + 1;
        enqueue.assign({ watches, watching: false });
        enqueue.spawnChild('operation', { id: `watch.${watches}`, input: callOf(operations.addWatch, {}, { id: `${watchedType}-0` }) });
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
      store: assign((_, params: { data: unknown }) => ({ data: params.data, error: null })),
      startSave: assign({ saving: ({ event }) => ('call' in event ? event.call : null), error: null }),
      endSave: assign({ saving: null }),
      storeError: assign((_, params: { error: unknown }) => ({ error: toResourceError(failureOf(params.error)) })),
      // Another signed-in user's answer is not this one's.
      forget: assign({ data: null, error: null }),
      sayApplied: enqueueActions(({ enqueue, system }) => {
        sayApplied(enqueue, system);
      }),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => ({ input, data: null, error: null, saving: null, watches: 0, watching: false }),
    invoke: [
      { src: 'sessionWatch', input: { pushes: true, caches: true } },
      { id: UNWATCH_ID, src: 'unwatchTypeOnStop', input: { type: watchedType } },
    ],
    entry: 'watch',
    on: {
      'session.pushed': { guard: 'isReconnected', target: '.LOADING', actions: ['forgetWatches', 'watch'] },
      'session.cachesDropped': { target: '.LOADING', actions: 'forget' },
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
          src: 'operation',
          input: ({ context }) => context.input.load,
          onDone: { target: 'READY', actions: { type: 'store', params: ({ event }) => ({ data: event.output }) } },
          onError: { target: 'READY', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      READY: {
        on: {
          [reloadEvent]: 'LOADING',
          ...(saveEvent ? { [saveEvent]: { target: 'SAVING', actions: 'startSave' } } : {}),
          'session.pushed': [
            { guard: 'isListed', target: 'LOADING' },
            { guard: 'isReconnected', target: 'LOADING', actions: ['forgetWatches', 'watch'] },
          ],
        },
      },
      ...(saveEvent
        ? {
            SAVING: {
              invoke: {
                id: 'save',
                src: 'operation',
                input: ({ context }) => context.saving!,
                onDone: { target: 'LOADING', actions: ['endSave', 'sayApplied'] },
                onError: { target: 'READY', actions: ['endSave', { type: 'storeError', params: ({ event }) => ({ error: event.error }) }] },
              },
            },
          }
        : {}),
    },
  });
}

/** `M` accepting the events `E`: the list's machine as its panel sends to it. */
type WithEvents<M, E extends EventObject> =
  M extends StateMachine<
    infer C,
    // The events it is typed with: replaced (StateMachine is invariant in them, so only an inferred one matches).
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    infer _E,
    infer Ch,
    infer A,
    infer Ac,
    infer G,
    infer D,
    infer V,
    infer T,
    infer I,
    infer O,
    infer Em,
    infer SM,
    infer SS,
    infer TM
  >
    ? StateMachine<C, E, Ch, A, Ac, G, D, V, T, I, O, Em, SM, SS, TM>
    : never;

/** A list's machine: LOADING, READY, SAVING (when it saves), with the type watch beside them. */
export function watchedListMachine<
  TInput extends { load: OperationCall },
  TReload extends ListEventType,
  TSave extends ListEventType = never,
>(spec: WatchedListSpec<TInput, TReload, TSave>) {
  // Only the events' types narrow: the chart is the same, and its two own events are those named in `spec`.
  return listLogic(spec) as unknown as WithEvents<ReturnType<typeof listLogic<TInput>>, WatchedListEvent<TReload, TSave>>;
}

/** What the selectors read of a list's snapshot (its states are flat: the value is the state's name). */
interface WatchedListView {
  value: unknown;
  context: { data: unknown; error: ResourceError | null };
}

/** The last answer (null until the first). */
export const selectWatchedListData = (s: WatchedListView): unknown => s.context.data;
/** Why the last load or save was refused. */
export const selectWatchedListError = (s: WatchedListView): ResourceError | null => s.context.error;
/** Whether a load or a save is under way. */
export const selectWatchedListBusy = (s: WatchedListView): boolean => s.value !== 'READY';
