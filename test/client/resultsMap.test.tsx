/**
 * The MAP display of search results (issue 17), its React and actor side: offered for a type with a
 * geometry property, the hits' places listed beside the map and handed to the map as markers, a
 * click on a marker opening the item and making it the current (pink) one, the feature search
 * narrowing the places. OpenLayers needs a canvas jsdom lacks: its controller is replaced by a
 * recorder of what the display asks it to draw.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Frame } from '../../src/shared/protocol';
import { cleanUpApps, renderApp } from './support/renderApp';

interface Drawn {
  markers: { id: string; label: string; lon: number; lat: number }[];
  selected: string | null;
  onMarkerClicked?: (id: string) => void;
  onViewChanged?: (extent: number[]) => void;
}
const drawn: Drawn = { markers: [], selected: null };

jest.mock('../../src/client/map/olMap', () => ({
  MARKER_COLOURS: { normal: '#1976D2', selected: '#E91E63' },
  MapController: class {
    map = { getView: () => null };
    constructor(_target: HTMLElement, options: { onMarkerClicked?: (id: string) => void; onViewChanged?: (extent: number[]) => void }) {
      drawn.onMarkerClicked = options.onMarkerClicked;
      drawn.onViewChanged = options.onViewChanged;
    }
    setBase() {}
    fit() {}
    setMarkers(markers: Drawn['markers'], selected: string | null) {
      drawn.markers = markers;
      drawn.selected = selected;
    }
    destroy() {}
  },
}));

// The item opened beside the map shows its shape on a small map of its own: a labelled stand-in here.
jest.mock('../../src/client/map/GeometryMap', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    GeometryShow: ({ label }: { label: string }) => createElement('div', { role: 'img', 'aria-label': label }),
    GeometryEdit: () => null,
  };
});

afterEach(() => cleanUpApps());

const territory = (i: number, label: string, geometry: unknown) => ({
  $id: `ConsultCommunityTerritory-${i}`,
  _t: 'ConsultCommunityTerritory',
  _i: i,
  _u: 1,
  _c: { ts: '2026-03-02T15:00:00Z', by: null },
  $access: 'PROTECTED',
  $labels: { [`ConsultCommunityTerritory-${i}`]: label },
  label,
  geometry,
});
const ROWS = [
  territory(1, 'Trapline Birch Creek', { type: 'Point', coordinates: [-110.2, 55.4] }),
  territory(2, 'Trapline Moose Lake', {
    type: 'Polygon',
    coordinates: [
      [
        [-98, 53],
        [-96, 53],
        [-96, 55],
        [-98, 55],
        [-98, 53],
      ],
    ],
  }),
  // Stored before the GEO kind checked shapes: counted, not drawn.
  territory(3, 'Trapline Old Survey', { type: 'GeometryCollection', geometries: [] }),
];

function start(path: string) {
  const h = renderApp({ signedIn: true, path });
  h.server.handlers.set('search/ids', () => ({
    ids: ROWS.map((r) => r.$id),
    labels: Object.fromEntries(ROWS.map((r) => [r.$id, r.label])),
    total: ROWS.length,
    facets: {},
  }));
  h.server.handlers.set('readMany/object', (frame: Frame) =>
    Object.fromEntries(ROWS.filter((r) => (frame.b as string[]).includes(r.$id)).map((r) => [r.$id, r])),
  );
  h.server.handlers.set('read/ConsultCommunityTerritory-2', () => ROWS[1]);
  return { ...h, user: userEvent.setup() };
}

test('a type with a geometry offers MAP: its places are listed and drawn, a click opens one and makes it current', async () => {
  const t = start('/search?c0=trapline&c0._=ConsultCommunityTerritory');
  const displays = await screen.findByRole('group', { name: 'Display as' });
  await t.user.click(within(displays).getByRole('button', { name: 'Map' }));
  const places = await screen.findByRole('navigation', { name: 'Places on the map' });
  await waitFor(() =>
    expect(
      within(places)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Trapline Birch Creek', 'Trapline Moose Lake']),
  );
  expect(screen.getByText('1 result has no place on the map.')).toBeInTheDocument();
  // The map is given a marker per place: a point where it is, an area at its centroid; a territory
  // in its type's colour (spec 001 §9: consult territory orange with radius 5).
  const territory = { colour: '#EF6C00', radius: 5 };
  await waitFor(() =>
    expect(drawn.markers).toEqual([
      { id: 'ConsultCommunityTerritory-1', label: 'Trapline Birch Creek', lon: -110.2, lat: 55.4, ...territory },
      { id: 'ConsultCommunityTerritory-2', label: 'Trapline Moose Lake', lon: -97, lat: 54, ...territory },
    ]),
  );
  act(() => drawn.onMarkerClicked?.('ConsultCommunityTerritory-2'));
  await waitFor(() => expect(window.location.pathname).toBe('/search/i-ConsultCommunityTerritory-2'));
  expect(await screen.findByRole('img', { name: 'Shape' })).toBeInTheDocument();
  // Back on the results, the opened item's place is the current (pink) one.
  act(() => window.history.back());
  const again = await screen.findByRole('navigation', { name: 'Places on the map' });
  await waitFor(() => expect(within(again).getByRole('button', { name: 'Trapline Moose Lake' })).toHaveAttribute('aria-current', 'true'));
  expect(drawn.selected).toBe('ConsultCommunityTerritory-2');
});

test('the feature search narrows the places a second after typing stops', async () => {
  const t = start('/search?c0=trapline&c0._=ConsultCommunityTerritory&c0.display=map');
  const places = await screen.findByRole('navigation', { name: 'Places on the map' });
  await waitFor(() => expect(within(places).getAllByRole('button')).toHaveLength(2));
  await t.user.type(screen.getByRole('searchbox', { name: 'Find on the map' }), 'moose');
  expect(within(places).getAllByRole('button')).toHaveLength(2);
  await waitFor(
    () =>
      expect(
        within(places)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Trapline Moose Lake']),
    {
      timeout: 3000,
    },
  );
  expect(drawn.markers.map((m) => m.label)).toEqual(['Trapline Moose Lake']);
});

test('"Only what is in view" searches again for the shapes in view, 200 ms after the view settles, and keeps it in the address', async () => {
  const t = start('/search?c0=trapline&c0._=ConsultCommunityTerritory&c0.display=map');
  const places = await screen.findByRole('navigation', { name: 'Places on the map' });
  await waitFor(() => expect(within(places).getAllByRole('button')).toHaveLength(2));
  const inView = () =>
    t.server.received
      .filter((f) => f.o === 'search/ids')
      .flatMap((f) =>
        ((f.b as { subs?: { should?: { prop: string; kind: string; value: unknown }[] }[] }).subs ?? []).flatMap((g) => g.should ?? []),
      )
      .filter((c) => c.kind === 'gb')
      // The type chosen in the type facet: its shape property alone.
      .map((c) => [c.prop, c.value]);
  act(() => drawn.onViewChanged?.([-100, 52, -95, 56]));
  await t.user.click(screen.getByRole('checkbox', { name: 'Only what is in view' }));
  await waitFor(() => expect(inView()).toEqual([['geometry', [-100, 52, -95, 56]]]));
  expect(new URLSearchParams(window.location.search).get('c0.gb')).toBe('-100,52,-95,56');
  // Panned: asked again once the view has settled, not on every move.
  act(() => drawn.onViewChanged?.([-112, 54, -108, 57]));
  act(() => drawn.onViewChanged?.([-111, 54, -107, 57]));
  await waitFor(() =>
    expect(inView()).toEqual([
      ['geometry', [-100, 52, -95, 56]],
      ['geometry', [-111, 54, -107, 57]],
    ]),
  );
  await t.user.click(screen.getByRole('checkbox', { name: 'Only what is in view' }));
  await waitFor(() => expect(new URLSearchParams(window.location.search).get('c0.gb')).toBeNull());
});

test('a general search does not offer MAP', async () => {
  start('/search?c0=trapline');
  const displays = await screen.findByRole('group', { name: 'Display as' });
  expect(within(displays).queryByRole('button', { name: 'Map' })).not.toBeInTheDocument();
});
