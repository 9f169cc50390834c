import { createActor, SimulatedClock } from 'xstate';
import { mapMachine, type MapEmitted, type MapInput } from '../../../machines/map/mapMachine';
import { DEFAULT_BOUNDS } from '../../../src/shared/geo/bounds';

function start(input: MapInput = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(mapMachine, { input, clock }).start();
  const emitted: MapEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as MapEmitted));
  return { actor, clock, emitted };
}

describe('mapMachine', () => {
  it("shows the site's default bounds when nothing is selected, the outline when no tiles are configured", () => {
    const { actor } = start();
    expect(actor.getSnapshot().context).toMatchObject({ extent: DEFAULT_BOUNDS, base: 'outline', selected: null, boundsFilter: null });
    actor.send({ type: 'map.baseChosen', base: 'tiles' });
    expect(actor.getSnapshot().context.base).toBe('outline');
    const site = start({ defaultBounds: [-10, 40, 10, 60], tiles: true, bounds: [1, 50, 3, 52, 2, 55] });
    expect(site.actor.getSnapshot().context).toMatchObject({ extent: [1, 50, 3, 55], base: 'tiles' });
    site.actor.send({ type: 'map.homeRequested' });
    expect(site.actor.getSnapshot().context.fit).toEqual({ extent: [-10, 40, 10, 60], n: 1 });
  });

  it('validates bounds: pairs of coordinates, and rectangles of four numbers', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'map.boundsRequested', coords: [1, 2, 3] });
    expect(actor.getSnapshot().context.errorKey).toBe('errors.bounds.pairs');
    actor.send({ type: 'map.boundsRequested', coords: [1, 2] });
    expect(actor.getSnapshot().context).toMatchObject({ errorKey: null, fit: { extent: [1, 2, 1, 2], n: 1 } });
    actor.send({ type: 'map.boundsFilterSet', coords: [1, 2, 3, 4, 5, 6] });
    expect(actor.getSnapshot().context).toMatchObject({ errorKey: 'errors.bounds.rectangle', boundsFilter: null });
    expect(emitted).toEqual([]);
  });

  it('narrows the results to the view 200 ms after it settles, each move restarting the pause', () => {
    const { actor, clock, emitted } = start();
    actor.send({ type: 'map.boundsFilterToggled' });
    expect(emitted).toEqual([{ type: 'map.boundsFiltered', extent: DEFAULT_BOUNDS }]);
    actor.send({ type: 'map.viewChanged', extent: [-124, 49, -121, 51] });
    clock.increment(150);
    actor.send({ type: 'map.viewChanged', extent: [-123, 49, -121, 51] });
    clock.increment(150);
    expect(emitted).toHaveLength(1);
    clock.increment(50);
    expect(emitted[1]).toEqual({ type: 'map.boundsFiltered', extent: [-123, 49, -121, 51] });
    actor.send({ type: 'map.boundsFilterToggled' });
    expect(emitted[2]).toEqual({ type: 'map.boundsFiltered', extent: null });
    actor.send({ type: 'map.viewChanged', extent: [0, 0, 1, 1] });
    clock.increment(1000);
    expect(emitted).toHaveLength(3);
  });

  it('applies the feature search 1000 ms after typing stops', () => {
    const { actor, clock, emitted } = start();
    actor.send({ type: 'map.featureSearchTyped', text: 'la' });
    clock.increment(900);
    actor.send({ type: 'map.featureSearchTyped', text: 'lake ' });
    clock.increment(999);
    expect(actor.getSnapshot().context.featureFilter).toBe('');
    clock.increment(1);
    expect(actor.getSnapshot().context.featureFilter).toBe('lake');
    expect(emitted).toEqual([{ type: 'map.featureFiltered', text: 'lake' }]);
  });

  it('turns a clicked marker pink and opens its item; the column beside it moves the pink without opening', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'map.featureClicked', id: 'Contact-2' });
    expect(actor.getSnapshot().context.selected).toBe('Contact-2');
    expect(emitted).toEqual([{ type: 'map.itemOpened', id: 'Contact-2' }]);
    actor.send({ type: 'map.selected', id: null });
    expect(actor.getSnapshot().context.selected).toBeNull();
    expect(emitted).toHaveLength(1);
  });

  it('tracks each feature set as LOADING, SUCCESS or FAILURE', () => {
    const { actor } = start();
    actor.send({ type: 'map.layerAdded', id: 'hits', labelKey: 'map.layer.results' });
    expect(actor.getSnapshot().context.layers).toEqual([
      { id: 'hits', labelKey: 'map.layer.results', status: 'LOADING', visible: true, errorKey: null },
    ]);
    actor.send({ type: 'map.layerFailed', id: 'hits', errorKey: 'errors.networkError' });
    expect(actor.getSnapshot().context.layers[0]).toMatchObject({ status: 'FAILURE', errorKey: 'errors.networkError' });
    actor.send({ type: 'map.layerAdded', id: 'hits', labelKey: 'map.layer.results' });
    actor.send({ type: 'map.layerLoaded', id: 'hits' });
    actor.send({ type: 'map.layerToggled', id: 'hits' });
    expect(actor.getSnapshot().context.layers).toEqual([
      { id: 'hits', labelKey: 'map.layer.results', status: 'SUCCESS', visible: false, errorKey: null },
    ]);
  });
});
