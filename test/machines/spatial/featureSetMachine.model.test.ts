/**
 * The feature set actor (spec 001 §4 "Feature set loading"): every state and transition reached by
 * the model, and what a screen reads at each — the features as pieces arrive, the joined answer, the
 * failure's message, and the LOADING / SUCCESS / FAILURE it is shown as — and what the map draws as
 * they come: the set received again once it has doubled since last drawn, all of it once loaded.
 */
import { createActor, fromPromise, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import {
  featureSetMachine,
  featureSetStatus,
  selectDrawnFeatures,
  selectFeatureError,
  selectFeatures,
  selectSelectedFeature,
} from '../../../machines/spatial/featureSetMachine';
import type { MapFeature } from '../../../src/modules/spatial/mapFeatures';
import { expectFullCoverage, exploreModel } from '../support/modelCoverage';

const feature = (n: number): MapFeature => ({
  $id: `SpatialFeature-${n}`,
  bbox: [-106, 54, -106, 54],
  rel: `SpatialFeature-${n}`,
  properties: { label: `Place ${n}`, type: 'SpatialFeature', state: 'ACTIVE' },
  geometry: { type: 'Point', coordinates: [-106, 54] },
});
const QUERY = { relatedIDs: ['SpatialCollection-1'] };
/** A piece of `size` features, numbered from `first`. */
const piece = (first: number, size: number): MapFeature[] => Array.from({ length: size }, (_, i) => feature(first + i));

/** The request never answers by itself: the test delivers its pieces and its end. */
const machine = featureSetMachine.provide({ actors: { streamedOperation: fromPromise(() => new Promise<unknown>(() => undefined)) } });

const serializeState = (s: AnyMachineSnapshot): string =>
  [
    JSON.stringify(s.value),
    s.context.features.length > 0 ? 'received' : 'none',
    s.context.errorKey ?? '',
    s.context.query ? 'asked' : '',
    s.context.selected ?? '',
  ].join('|');

test('model: every state and transition of a feature set', () => {
  const report = exploreModel({
    name: 'featureSetMachine',
    machine,
    variants: [
      { name: 'asked later', input: () => ({}) },
      { name: 'asked at once', input: () => ({ query: QUERY }) },
    ],
    events: [
      { type: 'features.load', query: QUERY },
      { type: 'features.cleared' },
      { type: 'features.selected', id: 'SpatialFeature-1' },
      { type: 'operation.pieces', actorId: 'features', pieces: [[feature(1)]] },
      { type: 'operation.pieces', actorId: 'features', pieces: [piece(2, 3)] },
      { type: 'xstate.done.actor.features', output: [feature(1), feature(2)] },
      { type: 'xstate.done.actor.features', output: [] },
      { type: 'xstate.error.actor.features', error: { kind: 'server', userMessage: 'notAllowed' } },
    ],
    serializeState,
    // After every step: the map draws what came when it last doubled, or all of it; all of it once loaded.
    invariant: (s) => {
      const { features, drawn } = (s as SnapshotFrom<typeof machine>).context;
      if (!drawn.every((f, i) => f === features[i])) return 'the features drawn are not the first received';
      if (drawn.length === features.length) return null;
      if (featureSetStatus(s as SnapshotFrom<typeof machine>) !== 'LOADING')
        return `${drawn.length} of ${features.length} drawn once loaded`;
      return features.length >= 2 * drawn.length ? `${drawn.length} drawn of ${features.length} received: not redrawn on doubling` : null;
    },
  });
  expectFullCoverage(report, 8);
});

describe('what a screen reads', () => {
  it('draws the pieces as they come, then the whole answer, shown LOADING then SUCCESS', () => {
    const actor = createActor(machine, { input: {} }).start();
    expect(featureSetStatus(actor.getSnapshot())).toBe('LOADING');
    actor.send({ type: 'features.load', query: QUERY });
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [[feature(1), feature(2)]] });
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [[feature(3)]] });
    expect(selectFeatures(actor.getSnapshot()).map((f) => f.$id)).toEqual(['SpatialFeature-1', 'SpatialFeature-2', 'SpatialFeature-3']);
    expect(featureSetStatus(actor.getSnapshot())).toBe('LOADING');
    actor.send({ type: 'xstate.done.actor.features', output: [feature(1), feature(2), feature(3), feature(4)] });
    expect(selectFeatures(actor.getSnapshot())).toHaveLength(4);
    expect(featureSetStatus(actor.getSnapshot())).toBe('SUCCESS');
  });

  it('while pieces come, draws the set again only once it has doubled; once loaded, all of it', () => {
    const actor = createActor(machine, { input: { query: QUERY } }).start();
    const drawnSizes: number[] = [];
    let first = 1;
    for (const size of [10, 10, 20, 5, 30, 1]) {
      actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [piece(first, size)] });
      first += size;
      drawnSizes.push(selectDrawnFeatures(actor.getSnapshot()).length);
    }
    // Received 10, 20, 40, 45, 75, 76: drawn when it reaches twice what was drawn (10 → 20 → 40 → 80).
    expect(drawnSizes).toEqual([10, 20, 40, 40, 40, 40]);
    // The same array while nothing new is drawn: the map is not given a new set to draw.
    const before = selectDrawnFeatures(actor.getSnapshot());
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [piece(first, 2)] });
    expect(selectDrawnFeatures(actor.getSnapshot())).toBe(before);
    expect(selectFeatures(actor.getSnapshot())).toHaveLength(78);
    // Completion draws everything, however little has come since.
    const whole = piece(1, 79);
    actor.send({ type: 'xstate.done.actor.features', output: whole });
    expect(selectDrawnFeatures(actor.getSnapshot())).toBe(whole);
    expect(featureSetStatus(actor.getSnapshot())).toBe('SUCCESS');
  });

  it('a piece with nothing in it draws nothing new; a failure draws what came; asking again or clearing draws nothing', () => {
    const actor = createActor(machine, { input: { query: QUERY } }).start();
    const empty = selectDrawnFeatures(actor.getSnapshot());
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [[]] });
    expect(selectDrawnFeatures(actor.getSnapshot())).toBe(empty);
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [piece(1, 4)] });
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [piece(5, 3)] });
    expect(selectDrawnFeatures(actor.getSnapshot())).toHaveLength(4);
    actor.send({ type: 'xstate.error.actor.features', error: { kind: 'server', userMessage: 'notAllowed' } });
    expect(selectDrawnFeatures(actor.getSnapshot())).toHaveLength(7);
    actor.send({ type: 'features.load', query: QUERY });
    expect(selectDrawnFeatures(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [piece(1, 2)] });
    expect(selectDrawnFeatures(actor.getSnapshot())).toHaveLength(2);
    actor.send({ type: 'features.cleared' });
    expect(selectDrawnFeatures(actor.getSnapshot())).toEqual([]);
  });

  it('a failure is shown with its message; asking again starts afresh', () => {
    const actor = createActor(machine, { input: { query: QUERY } }).start();
    actor.send({ type: 'operation.pieces', actorId: 'features', pieces: [[feature(1)]] });
    actor.send({ type: 'xstate.error.actor.features', error: { kind: 'server', userMessage: 'notAllowed' } });
    expect(featureSetStatus(actor.getSnapshot())).toBe('FAILURE');
    expect(selectFeatureError(actor.getSnapshot())).toBe('errors.notAllowed');
    actor.send({ type: 'features.load', query: { relatedIDs: [], all: true } });
    expect(selectFeatures(actor.getSnapshot())).toEqual([]);
    expect(selectFeatureError(actor.getSnapshot())).toBeNull();
    expect(featureSetStatus(actor.getSnapshot())).toBe('LOADING');
    actor.send({ type: 'features.selected', id: 'SpatialFeature-1' });
    expect(selectSelectedFeature(actor.getSnapshot())).toBe('SpatialFeature-1');
    actor.send({ type: 'features.cleared' });
    expect(featureSetStatus(actor.getSnapshot())).toBe('SUCCESS');
  });
});
