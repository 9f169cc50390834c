/**
 * The feature set actor (spec 001 §4 "Feature set loading"): every state and transition reached by
 * the model, and what a screen reads at each — the features as pieces arrive, the joined answer, the
 * failure's message, and the LOADING / SUCCESS / FAILURE it is shown as.
 */
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  featureSetMachine,
  featureSetStatus,
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

/** The request never answers by itself: the test delivers its pieces and its end. */
const machine = featureSetMachine.provide({ actors: { streamedOperation: fromPromise(() => new Promise<unknown>(() => undefined)) } });

const serializeState = (s: AnyMachineSnapshot): string =>
  [
    JSON.stringify(s.value),
    s.context.features.length > 0 ? 'drawn' : 'none',
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
      { type: 'xstate.done.actor.features', output: [feature(1), feature(2)] },
      { type: 'xstate.done.actor.features', output: [] },
      { type: 'xstate.error.actor.features', error: { kind: 'server', userMessage: 'notAllowed' } },
    ],
    serializeState,
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
