/**
 * One map on a screen (issue 17, spec 001 §9): the view (the site's default bounds when nothing is
 * selected), the base layer and the feature sets (each LOADING, SUCCESS or FAILURE), the selected
 * item (drawn pink), the bounds filter (applied 200 ms after the view settles) and the feature
 * search filter (applied 1000 ms after typing stops). OpenLayers reports what the person does and
 * draws the snapshot; what others need (the filters, an item to open) is emitted.
 */
import { assign, emit, setup } from 'xstate';
import { boundsError, DEFAULT_BOUNDS, extentOfPairs, rectangleError, type Extent } from '../../src/shared/geo/bounds';

/** Map bounds change debounce (spec 000 §9, spec 001 §9). */
export const MAP_BOUNDS_DEBOUNCE_MS = 200;
/** Feature search filter debounce (spec 001 §9). */
export const FEATURE_SEARCH_DEBOUNCE_MS = 1000;

/** Where one feature set is in its loading. */
export type LayerStatus = 'LOADING' | 'SUCCESS' | 'FAILURE';

/** A set of features drawn over the base layer (search hits, a collection, a consultation's areas). */
export interface MapLayer {
  id: string;
  /** Message key of its name in the layer list. */
  labelKey: string;
  status: LayerStatus;
  visible: boolean;
  /** Why it failed, a message key; null otherwise. */
  errorKey: string | null;
}

/** The bundled world outline (works with no internet) or the site's tiles (MAP_TILE_URL). */
export type BaseLayer = 'outline' | 'tiles';

export interface MapContext {
  /** The view as last reported by the map (or asked for), west, south, east, north. */
  extent: Extent;
  /** Where the map is asked to move; `n` grows with each request, so the same place can be asked twice. */
  fit: { extent: Extent; n: number };
  base: BaseLayer;
  /** Whether the site configures tiles. */
  tiles: boolean;
  layers: MapLayer[];
  /** The item whose marker is pink. */
  selected: string | null;
  /** The items at the spot last clicked (several markers on one spot, listed over the map); empty when none. */
  spot: string[];
  /** The rectangle the results are narrowed to, or null when the bounds filter is off. */
  boundsFilter: Extent | null;
  /** What the feature search box holds, and what was applied after the pause. */
  featureText: string;
  featureFilter: string;
  /** Refused bounds, a message key (errors.bounds.*). */
  errorKey: string | null;
}

export interface MapInput {
  /** The site's default bounds (site config); DEFAULT_BOUNDS when absent or refused. */
  defaultBounds?: readonly number[];
  /** Whether the site configures a tile URL: its tiles are then the base layer. */
  tiles?: boolean;
  /** Bounds to show first (pairs of coordinates: the item's shape), instead of the default. */
  bounds?: readonly number[] | null;
  /** A bounds filter already in force (the address), a rectangle. */
  boundsFilter?: readonly number[] | null;
  selected?: string | null;
}

export type MapEvent =
  /** The map settled after a pan or zoom. */
  | { type: 'map.viewChanged'; extent: readonly number[] }
  /** Show these bounds (pairs of coordinates). */
  | { type: 'map.boundsRequested'; coords: readonly number[] }
  /** Back to the site's default bounds. */
  | { type: 'map.homeRequested' }
  | { type: 'map.boundsFilterToggled' }
  /** Narrow to this rectangle (from the address); refused when it is not four numbers. */
  | { type: 'map.boundsFilterSet'; coords: readonly number[] | null }
  | { type: 'map.featureSearchTyped'; text: string }
  | { type: 'map.baseChosen'; base: BaseLayer }
  | { type: 'map.layerAdded'; id: string; labelKey: string }
  | { type: 'map.layerLoaded'; id: string }
  | { type: 'map.layerFailed'; id: string; errorKey: string }
  | { type: 'map.layerToggled'; id: string }
  /** A marker was clicked: it turns pink and its item opens. */
  | { type: 'map.featureClicked'; id: string }
  | { type: 'map.spotClicked'; ids: readonly string[] }
  | { type: 'map.spotClosed' }
  /** The item shown beside the map changed (or closed): its marker is pink, nothing opens. */
  | { type: 'map.selected'; id: string | null };

/** What the map tells the screen around it. */
export type MapEmitted =
  | { type: 'map.boundsFiltered'; extent: Extent | null }
  | { type: 'map.featureFiltered'; text: string }
  | { type: 'map.itemOpened'; id: string };

const asExtent = (coords: readonly number[]): Extent => [coords[0]!, coords[1]!, coords[2]!, coords[3]!];
const defaultOf = (input: MapInput): Extent =>
  input.defaultBounds && !rectangleError(input.defaultBounds) ? asExtent(input.defaultBounds) : DEFAULT_BOUNDS;
const setLayer = (layers: MapLayer[], id: string, change: Partial<MapLayer>): MapLayer[] =>
  layers.map((l) => (l.id === id ? { ...l, ...change } : l));

/** The map actor: parallel regions for the bounds filter, the feature search and the selection. */
export const mapMachine = setup({
  types: {
    context: {} as MapContext & { home: Extent },
    events: {} as MapEvent,
    input: {} as MapInput,
    emitted: {} as MapEmitted,
  },
  delays: {
    boundsSettle: MAP_BOUNDS_DEBOUNCE_MS,
    featureSearchPause: FEATURE_SEARCH_DEBOUNCE_MS,
  },
  guards: {
    validBounds: ({ event }) => event.type === 'map.boundsRequested' && boundsError(event.coords) === null,
    validRectangle: ({ event }) => event.type === 'map.boundsFilterSet' && event.coords !== null && rectangleError(event.coords) === null,
    clearsFilter: ({ event }) => event.type === 'map.boundsFilterSet' && event.coords === null,
    startsFiltered: ({ context }) => context.boundsFilter !== null,
    startsSelected: ({ context }) => context.selected !== null,
    canUseBase: ({ context, event }) => event.type === 'map.baseChosen' && (event.base === 'outline' || context.tiles),
    isSelection: ({ event }) => event.type === 'map.selected' && event.id !== null,
  },
  actions: {
    storeView: assign(({ event }) =>
      event.type === 'map.viewChanged' && !rectangleError(event.extent) ? { extent: asExtent(event.extent) } : {},
    ),
    fitBounds: assign(({ context, event }) => {
      if (event.type !== 'map.boundsRequested') return {};
      const extent = extentOfPairs(event.coords);
      return { extent, fit: { extent, n: context.fit.n + 1 }, errorKey: null };
    }),
    refuseBounds: assign(({ event }) => ({
      errorKey:
        event.type === 'map.boundsRequested'
          ? boundsError(event.coords)
          : rectangleError(event.type === 'map.boundsFilterSet' ? event.coords : null),
    })),
    goHome: assign(({ context }) => ({ extent: context.home, fit: { extent: context.home, n: context.fit.n + 1 } })),
    filterToView: assign(({ context }) => ({ boundsFilter: context.extent })),
    filterToRectangle: assign(({ event }) =>
      event.type === 'map.boundsFilterSet' && event.coords ? { boundsFilter: asExtent(event.coords), errorKey: null } : {},
    ),
    clearFilter: assign({ boundsFilter: null }),
    announceBounds: emit(({ context }) => ({ type: 'map.boundsFiltered' as const, extent: context.boundsFilter })),
    storeFeatureText: assign(({ event }) => (event.type === 'map.featureSearchTyped' ? { featureText: event.text } : {})),
    applyFeatureText: assign(({ context }) => ({ featureFilter: context.featureText.trim() })),
    announceFeatureFilter: emit(({ context }) => ({ type: 'map.featureFiltered' as const, text: context.featureFilter })),
    chooseBase: assign(({ event }) => (event.type === 'map.baseChosen' ? { base: event.base } : {})),
    addLayer: assign(({ context, event }) => {
      if (event.type !== 'map.layerAdded') return {};
      const layer: MapLayer = { id: event.id, labelKey: event.labelKey, status: 'LOADING', visible: true, errorKey: null };
      // Adding a set again reloads it.
      return { layers: [...context.layers.filter((l) => l.id !== event.id), layer] };
    }),
    layerLoaded: assign(({ context, event }) =>
      event.type === 'map.layerLoaded' ? { layers: setLayer(context.layers, event.id, { status: 'SUCCESS', errorKey: null }) } : {},
    ),
    layerFailed: assign(({ context, event }) =>
      event.type === 'map.layerFailed'
        ? { layers: setLayer(context.layers, event.id, { status: 'FAILURE', errorKey: event.errorKey }) }
        : {},
    ),
    toggleLayer: assign(({ context, event }) =>
      event.type === 'map.layerToggled'
        ? { layers: context.layers.map((l) => (l.id === event.id ? { ...l, visible: !l.visible } : l)) }
        : {},
    ),
    selectClicked: assign(({ event }) => (event.type === 'map.featureClicked' ? { selected: event.id } : {})),
    announceOpened: emit(({ event }) => ({ type: 'map.itemOpened' as const, id: event.type === 'map.featureClicked' ? event.id : '' })),
    selectGiven: assign(({ event }) => (event.type === 'map.selected' ? { selected: event.id } : {})),
    clearSelection: assign({ selected: null }),
    showSpot: assign(({ event }) => (event.type === 'map.spotClicked' ? { spot: [...event.ids] } : {})),
    closeSpot: assign({ spot: [] }),
  },
}).createMachine({
  id: 'map',
  context: ({ input }) => {
    const home = defaultOf(input);
    const shown = input.bounds && !boundsError(input.bounds) ? extentOfPairs(input.bounds) : home;
    return {
      home,
      extent: shown,
      fit: { extent: shown, n: 0 },
      base: input.tiles ? 'tiles' : 'outline',
      tiles: !!input.tiles,
      layers: [],
      selected: input.selected ?? null,
      spot: [],
      boundsFilter: input.boundsFilter && !rectangleError(input.boundsFilter) ? asExtent(input.boundsFilter) : null,
      featureText: '',
      featureFilter: '',
      errorKey: null,
    };
  },
  type: 'parallel',
  on: {
    'map.viewChanged': { actions: 'storeView' },
    'map.boundsRequested': [{ guard: 'validBounds', actions: 'fitBounds' }, { actions: 'refuseBounds' }],
    'map.homeRequested': { actions: 'goHome' },
    'map.baseChosen': { guard: 'canUseBase', actions: 'chooseBase' },
    'map.layerAdded': { actions: 'addLayer' },
    'map.layerLoaded': { actions: 'layerLoaded' },
    'map.layerFailed': { actions: 'layerFailed' },
    'map.layerToggled': { actions: 'toggleLayer' },
    'map.spotClicked': { actions: 'showSpot' },
    'map.spotClosed': { actions: 'closeSpot' },
  },
  states: {
    boundsFilter: {
      initial: 'START',
      states: {
        START: { always: [{ guard: 'startsFiltered', target: 'ON' }, { target: 'OFF' }] },
        OFF: {
          on: {
            'map.boundsFilterToggled': { target: 'ON', actions: ['filterToView', 'announceBounds'] },
            'map.boundsFilterSet': [
              { guard: 'validRectangle', target: 'ON', actions: ['filterToRectangle', 'announceBounds'] },
              { guard: 'clearsFilter' },
              { actions: 'refuseBounds' },
            ],
          },
        },
        ON: {
          initial: 'SETTLED',
          on: {
            'map.boundsFilterToggled': { target: 'OFF', actions: ['clearFilter', 'announceBounds'] },
            'map.boundsFilterSet': [
              { guard: 'validRectangle', target: '.SETTLED', actions: ['filterToRectangle', 'announceBounds'] },
              { guard: 'clearsFilter', target: 'OFF', actions: ['clearFilter', 'announceBounds'] },
              { actions: 'refuseBounds' },
            ],
          },
          states: {
            SETTLED: { on: { 'map.viewChanged': { target: 'SETTLING', actions: 'storeView' } } },
            // Each further move restarts the pause; the results follow the view once it rests.
            SETTLING: {
              on: { 'map.viewChanged': { target: 'SETTLING', reenter: true, actions: 'storeView' } },
              after: { boundsSettle: { target: 'SETTLED', actions: ['filterToView', 'announceBounds'] } },
            },
          },
        },
      },
    },
    featureSearch: {
      initial: 'IDLE',
      states: {
        IDLE: { on: { 'map.featureSearchTyped': { target: 'TYPING', actions: 'storeFeatureText' } } },
        TYPING: {
          on: { 'map.featureSearchTyped': { target: 'TYPING', reenter: true, actions: 'storeFeatureText' } },
          after: { featureSearchPause: { target: 'IDLE', actions: ['applyFeatureText', 'announceFeatureFilter'] } },
        },
      },
    },
    selection: {
      initial: 'START',
      states: {
        START: { always: [{ guard: 'startsSelected', target: 'SELECTED' }, { target: 'NONE' }] },
        NONE: {
          on: {
            'map.featureClicked': { target: 'SELECTED', actions: ['selectClicked', 'closeSpot', 'announceOpened'] },
            'map.selected': { guard: 'isSelection', target: 'SELECTED', actions: 'selectGiven' },
          },
        },
        SELECTED: {
          on: {
            'map.featureClicked': { target: 'SELECTED', actions: ['selectClicked', 'closeSpot', 'announceOpened'] },
            'map.selected': [
              { guard: 'isSelection', target: 'SELECTED', actions: 'selectGiven' },
              { target: 'NONE', actions: 'clearSelection' },
            ],
          },
        },
      },
    },
  },
});
