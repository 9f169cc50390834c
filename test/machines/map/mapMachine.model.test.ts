import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { mapMachine, type MapContext, type MapInput } from '../../../machines/map/mapMachine';
import { delayed, expectFullCoverage, exploreModel, mergeReports } from '../support/modelCoverage';

const variants: { name: string; input: () => MapInput }[] = [
  { name: 'fresh, tiles configured', input: () => ({ tiles: true }) },
  { name: 'from the address', input: () => ({ boundsFilter: [-125, 49, -120, 52], selected: 'Contact-1', bounds: [-121, 50] }) },
];

/**
 * The regions are independent: each is explored with its own events and the context its guards and
 * screen read (never the fit counter), and a state or transition is missing only when all missed it.
 */
const regions: { name: string; events: AnyEventObject[]; context: (c: MapContext) => unknown[] }[] = [
  {
    name: 'view and layers',
    events: [
      { type: 'map.boundsRequested', coords: [-121, 50, -120, 51] },
      { type: 'map.boundsRequested', coords: [-121] },
      { type: 'map.homeRequested' },
      { type: 'map.baseChosen', base: 'outline' },
      { type: 'map.baseChosen', base: 'tiles' },
      { type: 'map.layerAdded', id: 'hits', labelKey: 'map.layer.results' },
      { type: 'map.layerLoaded', id: 'hits' },
      { type: 'map.layerFailed', id: 'hits', errorKey: 'errors.networkError' },
      { type: 'map.layerToggled', id: 'hits' },
    ],
    context: (c) => [c.base, c.extent.join(','), c.errorKey, c.layers.map((l) => `${l.id}:${l.status}:${l.visible}`).join(';')],
  },
  {
    name: 'bounds filter',
    events: [
      { type: 'map.viewChanged', extent: [-124, 49, -121, 51] },
      { type: 'map.boundsFilterToggled' },
      { type: 'map.boundsFilterSet', coords: [-125, 49, -120, 52] },
      { type: 'map.boundsFilterSet', coords: [1, 2] },
      { type: 'map.boundsFilterSet', coords: null },
      delayed('boundsSettle', 'map.boundsFilter.ON.SETTLING'),
    ],
    context: (c) => [c.extent.join(','), c.boundsFilter?.join(','), c.errorKey],
  },
  {
    name: 'feature search',
    events: [{ type: 'map.featureSearchTyped', text: ' lake ' }, delayed('featureSearchPause', 'map.featureSearch.TYPING')],
    context: (c) => [c.featureText, c.featureFilter],
  },
  {
    name: 'selection',
    events: [
      { type: 'map.featureClicked', id: 'Contact-2' },
      { type: 'map.selected', id: 'Contact-3' },
      { type: 'map.selected', id: null },
      { type: 'map.spotClicked', ids: ['Contact-2', 'Contact-3'] },
      { type: 'map.spotClosed' },
    ],
    context: (c) => [c.selected, c.spot],
  },
];

describe('mapMachine model', () => {
  it('replays a path through every state and every transition', () => {
    const reports = regions.map((region) =>
      exploreModel({
        name: `map: ${region.name}`,
        machine: mapMachine,
        variants,
        events: region.events,
        serializeState: (snapshot: AnyMachineSnapshot) =>
          JSON.stringify([snapshot.value, ...region.context(snapshot.context as MapContext)]),
      }),
    );
    expectFullCoverage(mergeReports('map', reports), 13);
  });
});
