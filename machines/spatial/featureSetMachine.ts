/**
 * One set of map features on a screen (spec 001 §4 "Feature set loading"): asked with
 * act/streamFeatures (a collection's places, everything the reader may read...), streamed, so the
 * features are drawn as each piece arrives. INIT until asked; STARTED once asked; READY_RECEIVED as
 * pieces come; READY_SUCCESS, or READY_EMPTY when nothing came; FAILURE with the server's message;
 * READY_RESET once cleared. Shown as LOADING, SUCCESS or FAILURE (featureSetStatus).
 *
 * What the map draws (`drawn`) is not every piece in turn: while pieces come, the set received again
 * only once it has at least doubled since last drawn (1,000, 2,000, 4,000... of 100,000), so each
 * feature is drawn a few times, not once per piece (a hundred pieces of a thousand would make the
 * drawing quadratic: docs/decisions.md, "WebGL points"); once the set is whole, failed or cleared, all
 * of it.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import type { MapFeature } from '../../src/modules/spatial/mapFeatures';
import { spatialOperations } from '../../src/modules/spatial/operations';
import { callOf } from '../../src/shared/protocol/operationCall';
import { failureOf } from '../session/operation';
import { streamedOperationLogic, type PiecesEvent } from '../session/streamedCall';

/** What to draw: ids whose features are wanted, or every place the reader may read. */
export interface FeatureSetQuery {
  relatedIDs: readonly string[];
  all?: boolean;
  includeExcluded?: boolean;
  /** Items whose own features and their related items' are wanted (spec 001 §7 map requests). */
  proxyIDs?: readonly string[];
  /** With `proxyIDs`: only features of these types. */
  onlyProxyTypes?: readonly string[];
}

export interface FeatureSetContext {
  query: FeatureSetQuery | null;
  /** Every feature received so far (the whole set once loaded). */
  features: MapFeature[];
  /** The features to draw: `features` as it was when last drawn (see above); `features` itself once loaded. */
  drawn: MapFeature[];
  /** Why it failed, a message key. */
  errorKey: string | null;
  /** The feature last opened from this set (its marker pink), kept while the column lives. */
  selected: string | null;
}

export type FeatureSetEvent =
  /** Ask (again) for the features of `query`: what was drawn is dropped. */
  | { type: 'features.load'; query: FeatureSetQuery }
  /** Nothing to draw any more. */
  | { type: 'features.cleared' }
  /** A feature of the set was opened (its marker turns pink). */
  | { type: 'features.selected'; id: string | null }
  | PiecesEvent
  | { type: 'xstate.done.actor.features'; output: unknown }
  | { type: 'xstate.error.actor.features'; error: unknown };

/** The message key of a failed request. */
const failureKey = (error: unknown): string => {
  const failure = failureOf(error);
  return failure.kind === 'client' ? failure.key : `errors.${failure.userMessage}`;
};

const asFeatures = (v: unknown): MapFeature[] => (Array.isArray(v) ? (v as MapFeature[]) : []);

/**
 * What to draw once `received` has come: it, when it has at least doubled since `drawn` (the first
 * feature to come, when nothing was drawn); else `drawn` still.
 */
const drawnAfterPiece = (drawn: MapFeature[], received: MapFeature[]): MapFeature[] =>
  received.length >= Math.max(1, 2 * drawn.length) ? received : drawn;

export const featureSetMachine = setup({
  types: {
    context: {} as FeatureSetContext,
    events: {} as FeatureSetEvent,
    input: {} as { query?: FeatureSetQuery | null },
  },
  actors: { streamedOperation: streamedOperationLogic },
  guards: {
    nothingCame: ({ event }) => event.type === 'xstate.done.actor.features' && asFeatures(event.output).length === 0,
  },
  actions: {
    ask: assign(({ event }) => (event.type === 'features.load' ? { query: event.query, features: [], drawn: [], errorKey: null } : {})),
    addPieces: assign(({ context, event }) => {
      if (event.type !== 'operation.pieces') return {};
      const features = [...context.features, ...event.pieces.flatMap(asFeatures)];
      return { features, drawn: drawnAfterPiece(context.drawn, features) };
    }),
    // The joined answer is the whole set: it replaces what the pieces built, and is drawn whole.
    keepAll: assign(({ event }) => {
      if (event.type !== 'xstate.done.actor.features') return {};
      const features = asFeatures(event.output);
      return { features, drawn: features };
    }),
    // What came before the failure is drawn whole.
    fail: assign(({ context, event }) =>
      event.type === 'xstate.error.actor.features' ? { errorKey: failureKey(event.error), drawn: context.features } : {},
    ),
    clear: assign({ query: null, features: [], drawn: [], errorKey: null }),
    select: assign(({ event }) => (event.type === 'features.selected' ? { selected: event.id } : {})),
  },
}).createMachine({
  id: 'featureSet',
  context: ({ input }) => ({ query: input.query ?? null, features: [], drawn: [], errorKey: null, selected: null }),
  initial: 'INIT',
  on: {
    'features.load': { target: '.loading', actions: 'ask', reenter: true },
    'features.cleared': { target: '.READY_RESET', actions: 'clear' },
    'features.selected': { actions: 'select' },
  },
  states: {
    INIT: { always: { target: 'loading', guard: ({ context }) => context.query !== null } },
    loading: {
      invoke: {
        id: 'features',
        src: 'streamedOperation',
        input: ({ context, self }) => ({
          call: callOf(spatialOperations.streamFeatures, {
            relatedIDs: [...(context.query?.relatedIDs ?? [])],
            ...(context.query?.all ? { all: true } : {}),
            ...(context.query?.includeExcluded ? { includeExcluded: true } : {}),
            ...(context.query?.proxyIDs ? { proxyIDs: [...context.query.proxyIDs] } : {}),
            ...(context.query?.onlyProxyTypes ? { onlyProxyTypes: [...context.query.onlyProxyTypes] } : {}),
          }),
          replyTo: self,
        }),
        onDone: [
          { guard: 'nothingCame', target: 'READY_EMPTY', actions: 'keepAll' },
          { target: 'READY_SUCCESS', actions: 'keepAll' },
        ],
        onError: { target: 'FAILURE', actions: 'fail' },
      },
      initial: 'STARTED',
      states: {
        STARTED: { on: { 'operation.pieces': { target: 'READY_RECEIVED', actions: 'addPieces' } } },
        READY_RECEIVED: { on: { 'operation.pieces': { actions: 'addPieces' } } },
      },
    },
    READY_SUCCESS: {},
    READY_EMPTY: {},
    READY_RESET: {},
    FAILURE: {},
  },
});

export type FeatureSetSnapshot = SnapshotFrom<typeof featureSetMachine>;

/** How the set is shown (spec 001 §4): LOADING, SUCCESS or FAILURE. */
export function featureSetStatus(s: FeatureSetSnapshot): 'LOADING' | 'SUCCESS' | 'FAILURE' {
  if (s.matches('FAILURE')) return 'FAILURE';
  return s.matches('READY_SUCCESS') || s.matches('READY_EMPTY') || s.matches('READY_RESET') ? 'SUCCESS' : 'LOADING';
}
/** Every feature received so far. */
export const selectFeatures = (s: FeatureSetSnapshot): MapFeature[] => s.context.features;
/** The features to draw: the same array until the set received has doubled, or is whole. */
export const selectDrawnFeatures = (s: FeatureSetSnapshot): MapFeature[] => s.context.drawn;
export const selectFeatureError = (s: FeatureSetSnapshot): string | null => s.context.errorKey;
export const selectSelectedFeature = (s: FeatureSetSnapshot): string | null => s.context.selected;
