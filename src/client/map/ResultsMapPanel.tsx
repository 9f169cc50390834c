/**
 * The MAP display of search results (issue 17): the hits that have a shape, as clustered markers
 * (a line's halfway point, an area's centroid); a click opens the item in the next column and its
 * marker turns pink. The bounds filter searches again for what is in view (the search's `gb-`
 * condition, kept in the address), the feature search keeps the list to what it names. The map actor decides; this draws its snapshot. Loaded with OpenLayers, on demand.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { mapMachine } from '../../../machines/map/mapMachine';
import type { SearchResultsActorRef } from '../../../machines/search/searchResultsMachine';
import {
  selectResultIds,
  selectResultLabels,
  selectResultRows,
  selectResultsBusy,
  selectResultsSettings,
  selectRowsFailed,
  selectSelectedResult,
} from '../../../machines/search/searchResultsSelectors';
import { useDarkTheme } from '../hooks/useDarkTheme';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { addModuleMessages } from '../i18n/moduleCatalogue';
import { useT } from '../i18n/useT';
import { Button } from '../shell/Button';
import { isGeometry } from '../../shared/geo/geometry';
import { markerPosition } from '../../shared/geo/markerPosition';
import { itemTypes } from '../../shared/itemTypes';
import type { Item } from '../../shared/items/types';
import { MapViewControls } from './MapViewControls';
import { MapSpot } from './SpotList';
import { mapMessages } from './mapMessages';
import { mapStyleOf, selectedColour } from './mapPalette';
import { MapController, MARKER_COLOURS, type MapMarker } from './olMap';

addModuleMessages(mapMessages);

/** The closest the results map frames its markers (about a province at zoom 5). */
const RESULTS_MAX_ZOOM = 5;

type MapSnapshot = SnapshotFrom<typeof mapMachine>;
const selectContext = (s: MapSnapshot) => s.context;

/** The GEO properties of a type, in its order. */
const geoPropsOf = (typeName: string): string[] =>
  Object.entries(itemTypes.get(typeName)?.properties ?? {})
    .filter(([, def]) => def.kind === 'GEO')
    .map(([name]) => name);

/** The marker of a result: its first shape's point in its type's colour, or null when it has none. */
function markerOf(row: Item, label: string, dark: boolean): MapMarker | null {
  for (const prop of geoPropsOf(row._t)) {
    const value = row[prop];
    if (!isGeometry(value)) continue;
    const [lon, lat] = markerPosition(value);
    return { id: row.$id, label, lon, lat, ...mapStyleOf(row._t, dark) };
  }
  return null;
}

/** The results on a map, with the list of their places beside it. */
export function ResultsMapPanel({ results }: { results: SearchResultsActorRef }) {
  const t = useT();
  const searchId = useId();
  const ids = useSelector(results, selectResultIds);
  const rows = useSelector(results, selectResultRows);
  const labels = useSelector(results, selectResultLabels);
  const selected = useSelector(results, selectSelectedResult);
  const rowsFailed = useSelector(results, selectRowsFailed);
  const busy = useSelector(results, selectResultsBusy);
  const { inView } = useSelector(results, selectResultsSettings);
  const { defaultBounds, mapTileUrl } = useSiteConfig();
  const dark = useDarkTheme();
  const map = useActorRef(mapMachine, { input: { defaultBounds, tiles: !!mapTileUrl, selected, boundsFilter: inView } });
  const view = useSelector(map, selectContext);
  const element = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<MapController | null>(null);

  // Every hit's row is needed for its shape (the hits are capped at the search's maximum).
  useEffect(() => {
    if (ids.length > 0) results.send({ type: 'results.rowsNeeded', from: 0, to: ids.length });
  }, [results, ids]);

  const loaded = ids.every((id) => id in rows);
  useEffect(() => {
    map.send({ type: 'map.layerAdded', id: 'results', labelKey: 'map.layer.results' });
  }, [map, ids]);
  useEffect(() => {
    if (rowsFailed) map.send({ type: 'map.layerFailed', id: 'results', errorKey: 'errors.generalFailure' });
    else if (loaded) map.send({ type: 'map.layerLoaded', id: 'results' });
  }, [map, loaded, rowsFailed, ids]);

  const markers = useMemo(
    () =>
      ids.flatMap((id) => {
        const row = rows[id];
        return row ? (markerOf(row, labels[id] ?? row.$id, dark) ?? []) : [];
      }),
    [ids, rows, labels, dark],
  );
  const text = view.featureFilter.toLocaleLowerCase();
  const named = useMemo(() => (text ? markers.filter((m) => m.label.toLocaleLowerCase().includes(text)) : markers), [markers, text]);
  const box = view.boundsFilter;

  useEffect(() => {
    if (!element.current) return;
    const c = new MapController(element.current, {
      tileUrl: mapTileUrl ?? null,
      dark,
      onViewChanged: (extent) => map.send({ type: 'map.viewChanged', extent }),
      onMarkerClicked: (id) => map.send({ type: 'map.featureClicked', id }),
      onSpotClicked: (ids) => map.send({ type: 'map.spotClicked', ids }),
    });
    setController(c);
    return () => c.destroy();
  }, [map, mapTileUrl, dark]);

  // The bounds filter, set or moved (200 ms after the view settles), searches again.
  useEffect(() => {
    const sub = map.on('map.boundsFiltered', (e) => results.send({ type: 'results.applied', settings: { inView: e.extent } }));
    return () => sub.unsubscribe();
  }, [map, results]);
  // A click on a marker (or its entry in the list) opens its item in the next column.
  useEffect(() => {
    const sub = map.on('map.itemOpened', (e) => results.send({ type: 'results.opened', id: e.id }));
    return () => sub.unsubscribe();
  }, [map, results]);
  // The item shown in the next column is the pink one.
  useEffect(() => map.send({ type: 'map.selected', id: selected }), [map, selected]);

  // Once the shapes are known, the map shows them all (the site's region while there are none).
  // A bounds filter already in force (a reload, a shared link) shows the view it was set in.
  const framed = useRef(false);
  useEffect(() => {
    if (framed.current || !view.boundsFilter) return;
    framed.current = true;
    map.send({ type: 'map.boundsRequested', coords: [...view.boundsFilter] });
  }, [map, view.boundsFilter]);
  useEffect(() => {
    if (framed.current || !loaded || markers.length === 0) return;
    framed.current = true;
    map.send({ type: 'map.boundsRequested', coords: markers.flatMap((m) => [m.lon, m.lat]) });
  }, [map, loaded, markers]);

  // Places among results are read against the land around them: never closer than a region.
  useEffect(() => controller?.fit(view.fit.extent, RESULTS_MAX_ZOOM), [controller, view.fit]);
  useEffect(() => controller?.setBase(view.base), [controller, view.base]);
  useEffect(() => controller?.setMarkers(named, view.selected), [controller, named, view.selected]);

  const layer = view.layers.find((l) => l.id === 'results');
  const withoutPlace = loaded ? ids.length - markers.length : 0;
  return (
    <div className="flex flex-col gap-2 @2xl:flex-row">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={searchId} className="sr-only">
            {t('map.featureSearch')}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={t('map.featureSearch')}
            value={view.featureText}
            onChange={(e) => map.send({ type: 'map.featureSearchTyped', text: e.target.value })}
            className="min-w-32 flex-1 rounded-md border border-line bg-surface px-3 py-1.5 text-ink placeholder:text-muted"
          />
          <label className="flex items-center gap-1.5 text-ink">
            <input type="checkbox" checked={box !== null} onChange={() => map.send({ type: 'map.boundsFilterToggled' })} />
            {t('map.boundsFilter')}
          </label>
          {view.tiles ? (
            <Button variant="plain" onClick={() => map.send({ type: 'map.baseChosen', base: view.base === 'tiles' ? 'outline' : 'tiles' })}>
              {t(view.base === 'tiles' ? 'map.base.outline' : 'map.base.tiles')}
            </Button>
          ) : null}
        </div>
        <div className="relative">
          <div
            ref={element}
            role="img"
            aria-label={t('map.label')}
            className="h-[55vh] min-h-72 w-full overflow-hidden rounded-lg border border-line bg-surface"
          />
          <MapViewControls controller={controller} onHome={() => map.send({ type: 'map.homeRequested' })} />
          <MapSpot map={map} markers={markers} />
          {layer && layer.status !== 'SUCCESS' ? (
            <p
              role="status"
              className={`absolute bottom-2 left-2 m-0 rounded bg-panel px-2 py-1 text-xs shadow ${layer.status === 'FAILURE' ? 'text-red-700 dark:text-red-300' : 'text-ink'}`}
            >
              {t('map.layer.results')}: {t(`map.layer.${layer.status}`)}
            </p>
          ) : null}
        </div>
        {withoutPlace > 0 ? <p className="m-0 text-xs text-muted">{t('map.withoutPlace', { count: withoutPlace })}</p> : null}
      </div>
      <nav aria-label={t('map.markers')} className="max-h-[55vh] overflow-auto @2xl:w-64">
        {!busy && loaded && markers.length === 0 ? (
          <p className="m-2 text-sm text-muted">{t(box && ids.length === 0 ? 'map.noneInView' : 'map.noMarkers')}</p>
        ) : null}
        <ul className="m-0 list-none p-0">
          {named.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                aria-current={m.id === view.selected ? 'true' : undefined}
                onClick={() => map.send({ type: 'map.featureClicked', id: m.id })}
                className={`flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-primary/10 ${m.id === view.selected ? 'font-semibold text-ink' : 'text-ink'}`}
              >
                <span
                  aria-hidden="true"
                  className="h-3 w-3 shrink-0 rounded-full border-2 border-white shadow"
                  style={{ background: m.id === view.selected ? selectedColour(dark) : (m.colour ?? MARKER_COLOURS.normal) }}
                />
                <span className="truncate" title={m.label}>
                  {m.label}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
