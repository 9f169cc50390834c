/**
 * The spatial module's screens, their React and actor side (issue 17): spatial.map asks for every
 * place the reader may read, lists the active ones beside the map and hands them to it as markers; a
 * click opens the place and makes it the pink, current one; a failure is said in words. The lists of
 * collections ask for ACTIVE ones only; a collection's screen offers its export and its import as the
 * server answered. OpenLayers needs a canvas jsdom lacks: the controller is a
 * recorder of what the screen asks it to draw.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import type { MapFeature } from '../../src/modules/spatial/mapFeatures';
import { cleanUpApps, renderApp } from './support/renderApp';

interface Drawn {
  markers: { id: string; label: string; lon: number; lat: number }[];
  shapes: number;
  onMarkerClicked?: (id: string) => void;
  onSpotClicked?: (ids: string[]) => void;
}
const drawn: Drawn = { markers: [], shapes: 0 };

jest.mock('../../src/client/map/olMap', () => ({
  MARKER_COLOURS: { normal: '#1976D2', selected: '#E91E63' },
  MapController: class {
    map = { getView: () => null };
    shapes = { clear: () => (drawn.shapes = 0), addFeatures: (f: unknown[]) => (drawn.shapes += f.length) };
    constructor(_target: HTMLElement, options: { onMarkerClicked?: (id: string) => void; onSpotClicked?: (ids: string[]) => void }) {
      drawn.onMarkerClicked = options.onMarkerClicked;
      drawn.onSpotClicked = options.onSpotClicked;
    }
    setBase() {}
    fit() {}
    setMarkers(markers: Drawn['markers']) {
      drawn.markers = markers;
    }
    destroy() {}
  },
}));
jest.mock('ol/format/GeoJSON', () => ({
  __esModule: true,
  default: class {
    readFeatures(collection: { features: unknown[] }) {
      return collection.features;
    }
  },
}));
jest.mock('../../src/client/map/GeometryMap', () => ({ GeometryShow: () => null, GeometryEdit: () => null }));

afterEach(() => cleanUpApps());

/** A community member holding Spatial in their organisation (not on the whole site). */
const MAPPER = { organizations: { 'Organization-3': { write: true, Spatial: true } } };

const place = (n: number, label: string, geometry: MapFeature['geometry'], state = 'ACTIVE'): MapFeature => ({
  $id: `SpatialFeature-${n}`,
  bbox: [-107, 54, -106, 55],
  rel: `SpatialFeature-${n}`,
  properties: { label, type: 'SpatialFeature', state },
  geometry,
});
const FEATURES = [
  place(1, 'Blueberry flats', { type: 'Point', coordinates: [-106.62, 54.21] }),
  place(2, 'Winter trapline', {
    type: 'LineString',
    coordinates: [
      [-106.5, 54.1],
      [-106.3, 54.3],
    ],
  }),
  place(3, 'Old mission landing', { type: 'Point', coordinates: [-106.27, 54.16] }, 'ARCHIVED'),
];
const ROW = {
  $id: 'SpatialFeature-1',
  _t: 'SpatialFeature',
  _i: 1,
  _u: 1,
  _c: { ts: '2026-03-02T15:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: { 'SpatialFeature-1': 'Blueberry flats' },
  label: 'Blueberry flats',
  state: 'ACTIVE',
  geometry: FEATURES[0]!.geometry,
};

test('spatial.map lists and draws the active places the reader may read; a click opens one and makes it current', async () => {
  const h = renderApp({ signedIn: true, path: '/spatial.map', user: MAPPER });
  const asked: unknown[] = [];
  h.server.handlers.set('act/streamFeatures', (frame: Frame) => {
    asked.push(frame.b);
    return FEATURES;
  });
  h.server.handlers.set('read/SpatialFeature-1', () => ROW);
  const places = await screen.findByRole('navigation', { name: 'Places on the map' });
  // Few places: their group (places of no kind) is open.
  await waitFor(() =>
    expect(
      within(within(places).getByRole('list', { name: 'Other places' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Blueberry flats', 'Winter trapline']),
  );
  expect(asked).toEqual([{ relatedIDs: [], all: true }]);
  expect(screen.getByRole('img', { name: 'Map of 2 places' })).toBeInTheDocument();
  // A marker per place (a line at its halfway point); the line is drawn as a shape too.
  expect(drawn.markers.map((m) => [m.id, m.lon, m.lat])).toEqual([
    ['SpatialFeature-1', -106.62, 54.21],
    ['SpatialFeature-2', -106.4, 54.2],
  ]);
  expect(drawn.shapes).toBe(1);
  // Places are teal (spec 001 §9), and the legend names their layer by its label.
  expect(drawn.markers.map((m) => (m as { colour?: string }).colour)).toEqual(['#00897B', '#00897B']);
  expect(within(screen.getByRole('list', { name: 'Layers on the map' })).getByText('Place')).toBeInTheDocument();
  act(() => drawn.onMarkerClicked?.('SpatialFeature-1'));
  await waitFor(() => expect(window.location.pathname).toBe('/spatial.map/i-SpatialFeature-1'));
  act(() => window.history.back());
  const again = await screen.findByRole('navigation', { name: 'Places on the map' });
  await waitFor(() => expect(within(again).getByRole('button', { name: 'Blueberry flats' })).toHaveAttribute('aria-current', 'true'));
  // A marker standing for places on one spot lists them by label; choosing one opens it.
  act(() => drawn.onSpotClicked?.(['SpatialFeature-1', 'SpatialFeature-2']));
  const spot = await screen.findByRole('region', { name: '2 items at this spot' });
  fireEvent.click(within(spot).getByRole('button', { name: 'Winter trapline' }));
  await waitFor(() => expect(window.location.pathname).toBe('/spatial.map/i-SpatialFeature-2'));
  expect(screen.queryByRole('region', { name: '2 items at this spot' })).not.toBeInTheDocument();
});

test('a failure to load the places is said in words', async () => {
  const h = renderApp({ signedIn: true, path: '/spatial.map', user: MAPPER });
  h.server.failures.set('act/streamFeatures', { userMessage: 'notAllowed' });
  expect(await screen.findByText('Places: You may not do this.')).toHaveAttribute('role', 'status');
});

test('the collections are the active ones, with a way to make a new one', async () => {
  const h = renderApp({ signedIn: true, path: '/spatial.collections', user: MAPPER });
  const asked: unknown[] = [];
  h.server.handlers.set('search/ids', (frame: Frame) => {
    asked.push(frame.b);
    return { ids: [], labels: {}, total: 0, facets: {} };
  });
  expect(await screen.findByText('No active collections of places you may see yet. Start one with New collection.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New collection' })).toBeInTheDocument();
  expect(asked[0]).toMatchObject({
    must: expect.arrayContaining([
      { kind: '_', prop: '', value: 'SpatialCollection' },
      { kind: 'ft', prop: 'state', value: ['ACTIVE'] },
    ]),
  });
});

test('many places are a tree by kind of place, 25 at a time, the other places last', async () => {
  const h = renderApp({ signedIn: true, path: '/spatial.map', user: MAPPER });
  const cabins = Array.from({ length: 30 }, (_, i) => ({
    ...place(10 + i, `Cabin ${String(i + 1).padStart(2, '0')}`, { type: 'Point', coordinates: [-106 - i / 100, 54] }),
    properties: { label: `Cabin ${String(i + 1).padStart(2, '0')}`, type: 'SpatialFeature', state: 'ACTIVE', spatialType: 'CABIN' },
  }));
  h.server.handlers.set('act/streamFeatures', () => [...cabins, FEATURES[0]!]);
  h.server.handlers.set('act/lov', (frame: Frame) =>
    (frame.b as { list: string }).list === 'SPL_TYPES'
      ? { _: [{ id: 'LOVValue-1', key: 'CABIN', label: 'Cabin', state: 'ACTIVE' }] }
      : { _: [] },
  );
  const user = userEvent.setup();
  const places = await screen.findByRole('navigation', { name: 'Places on the map' });
  const cabinGroup = await within(places).findByRole('button', { name: /^Cabin/ });
  const otherGroup = within(places).getByRole('button', { name: /^Other places/ });
  // Named kinds first, the other places last; closed while there are many.
  expect(cabinGroup.compareDocumentPosition(otherGroup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(cabinGroup).toHaveTextContent('30 places');
  expect(cabinGroup).toHaveAttribute('aria-expanded', 'false');
  await user.click(cabinGroup);
  const list = within(places).getByRole('list', { name: 'Cabin' });
  expect(within(list).getAllByRole('button', { name: /^Cabin \d+$/ })).toHaveLength(25);
  await user.click(within(list).getByRole('button', { name: 'Show 5 more (5 not shown)' }));
  expect(within(list).getAllByRole('button', { name: /^Cabin \d+$/ })).toHaveLength(30);
  expect(within(list).queryByRole('button', { name: /^Show/ })).not.toBeInTheDocument();
  await user.click(cabinGroup);
  expect(within(places).queryByRole('list', { name: 'Cabin' })).not.toBeInTheDocument();
});

test('a collection’s screen offers what the server allows: its export starts the task, its import opens an Import going into it', async () => {
  const h = renderApp({ signedIn: true, path: '/spatial.collections/i-SpatialCollection-4', user: MAPPER });
  const collection = {
    ...ROW,
    $id: 'SpatialCollection-4',
    _t: 'SpatialCollection',
    _i: 4,
    $labels: { 'SpatialCollection-4': 'Harvest sites' },
    label: 'Harvest sites',
    geometry: undefined,
  };
  const asked: { o: string; b: unknown }[] = [];
  h.server.handlers.set('read/SpatialCollection-4', () => collection);
  h.server.handlers.set('act/streamFeatures', () => FEATURES.slice(0, 2));
  h.server.handlers.set('act/spatialCollectionActions', () => ({ export: true, import: true }));
  h.server.handlers.set('act/spatialExport/async', (frame: Frame) => {
    asked.push({ o: frame.o, b: frame.b });
    return { key: 'task-9', name: 'spatialExport', percentageComplete: 0 };
  });
  h.server.handlers.set('create/Import', (frame: Frame) => {
    asked.push({ o: frame.o, b: frame.b });
    return { $id: 'Import-3', _t: 'Import', _i: 3, _u: 1, $access: 'PRIVATE', label: 'GIS file into Harvest sites' };
  });
  const user = userEvent.setup();
  const files = await screen.findByRole('region', { name: 'Places as a file' });
  await user.selectOptions(within(files).getByLabelText('Format'), 'KML (Google Earth)');
  await user.click(within(files).getByRole('button', { name: 'Export' }));
  await user.click(within(files).getByRole('button', { name: 'Import into this collection' }));
  await waitFor(() => expect(window.location.pathname).toBe('/spatial.collections/i-SpatialCollection-4/i-Import-3'));
  expect(asked).toEqual([
    { o: 'act/spatialExport/async', b: { collectionId: 'SpatialCollection-4', format: 'KML' } },
    { o: 'create/Import', b: { label: 'GIS file into Harvest sites', kind: 'SPATIAL_FEATURES', into: { id: 'SpatialCollection-4' } } },
  ]);
});

test('a reader who may take neither action is offered none', async () => {
  const h = renderApp({ signedIn: true, path: '/spatial.collections/i-SpatialCollection-4', user: MAPPER });
  h.server.handlers.set('read/SpatialCollection-4', () => ({
    ...ROW,
    $id: 'SpatialCollection-4',
    _t: 'SpatialCollection',
    _i: 4,
    label: 'Harvest sites',
  }));
  h.server.handlers.set('act/streamFeatures', () => []);
  let answered = false;
  h.server.handlers.set('act/spatialCollectionActions', () => {
    answered = true;
    return { export: false, import: false };
  });
  await screen.findByText('No places here yet.');
  await waitFor(() => expect(answered).toBe(true));
  expect(screen.queryByRole('region', { name: 'Places as a file' })).not.toBeInTheDocument();
});
