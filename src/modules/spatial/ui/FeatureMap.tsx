/**
 * Map features on a map (issue 17): each place a marker (a line's halfway point, an area's centroid),
 * clustered, with lines and areas drawn as shapes; beside it the places as a tree by kind of place. A click on a
 * marker or a list entry opens the item in the next column and its marker turns pink. The map actor
 * (machines/map/mapMachine.ts) keeps the view, the base layer, the feature search and the selection;
 * this draws its snapshot. Loaded with OpenLayers, as a chunk of its own.
 */
import { useActorRef, useSelector } from '@xstate/react';
import GeoJSON from 'ol/format/GeoJSON';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from '../../../client/i18n/IntlContext';
import type { SnapshotFrom } from 'xstate';
import { mapMachine } from '../../../../machines/map/mapMachine';
import { useDarkTheme } from '../../../client/hooks/useDarkTheme';
import { useSiteConfig } from '../../../client/hooks/useSiteConfig';
import { addModuleMessages } from '../../../client/i18n/moduleCatalogue';
import { useT } from '../../../client/i18n/useT';
import { useTypeLabel } from '../../../client/items/display/useTypeLabel';
import { MapLegend, type LegendLayer } from '../../../client/map/MapLegend';
import { mapStyleOf } from '../../../client/map/mapPalette';
import { MapViewControls } from '../../../client/map/MapViewControls';
import { MapSpot } from '../../../client/map/SpotList';
import { mapMessages } from '../../../client/map/mapMessages';
import { MapController, type MapMarker } from '../../../client/map/olMap';
import { Button } from '../../../client/shell/Button';
import { markerPosition } from '../../../shared/geo/markerPosition';
import { itemTypes } from '../../../shared/itemTypes';
import type { MapFeature } from '../mapFeatures';
import { layerKind, PlacesTree } from './PlacesTree';

addModuleMessages(mapMessages);

const geojson = new GeoJSON({ featureProjection: 'EPSG:3857', dataProjection: 'EPSG:4326' });
const selectContext = (s: SnapshotFrom<typeof mapMachine>) => s.context;

/** A feature's marker, and its entry in the tree of places. */
type PlaceMarker = MapMarker & { rel: string; kind: string | undefined };

export interface FeatureMapProps {
  /**
   * The features to draw. While a set streams in, give the same array until there is enough new to
   * draw (the feature set actor's `drawn`, machines/spatial/featureSetMachine.ts): each new array is
   * drawn whole.
   */
  features: readonly MapFeature[];
  /** How the feature set is loading (spec 001 §4). */
  status: 'LOADING' | 'SUCCESS' | 'FAILURE';
  /** Why it failed, a message key. */
  errorKey: string | null;
  /** Opens the item a feature stands for, next to the map. */
  onOpen: (rel: string) => void;
  /** What the list says when there are no places. */
  empty: string;
  /** The feature opened last (pink), and where the map tells a new one. */
  selected: string | null;
  onSelected: (id: string) => void;
}

/**
 * The layers the features make, in the order they first come, one entry per label and colour: a
 * type's features under the type's label when the item is its shape (a place, a territory: its GEO
 * property required), else under the property's label (a consultation's "Project area"); and the
 * layer of a feature, by its label.
 */
function useLayers(features: readonly MapFeature[], dark: boolean): { layers: LegendLayer[]; layerOf: (f: MapFeature) => string } {
  const t = useT();
  const intl = useIntl();
  const typeLabel = useTypeLabel();
  // Each type and property's layer worked out once: a map may hold 100,000 features of a few types.
  const layerOf = useMemo(() => {
    const known = new Map<string, LegendLayer>();
    return (f: MapFeature): LegendLayer => {
      const type = f.properties.type;
      const prop = f.proxy ? f.$id.slice(f.$id.lastIndexOf(':') + 1) : '';
      const key = prop ? `${type}|${prop}` : type;
      let layer = known.get(key);
      if (!layer) {
        const propKey = `types.${type}.${prop}`;
        const isShape = !prop || itemTypes.get(type)?.properties[prop]?.required === true;
        const label = !isShape && propKey in intl.messages ? t(propKey) : typeLabel(type);
        layer = { label, colour: mapStyleOf(type, dark).colour };
        known.set(key, layer);
      }
      return layer;
    };
  }, [dark, t, intl.messages, typeLabel]);
  const layers = useMemo(() => {
    const all = new Map<string, LegendLayer>();
    for (const f of features) {
      const layer = layerOf(f);
      all.set(`${layer.label}|${layer.colour}`, layer);
    }
    return [...all.values()];
  }, [features, layerOf]);
  return { layers, layerOf: useCallback((f: MapFeature) => layerOf(f).label, [layerOf]) };
}

/** The features on a map, with the list of their places beside it. */
export function FeatureMap({ features: given, status, errorKey, onOpen, empty, selected, onSelected }: FeatureMapProps) {
  const t = useT();
  // While pieces keep coming, the map and the list draw the latest set they have time for, and typing
  // in the search stays quick while a large set is drawn (docs/decisions.md, "WebGL points").
  const features = useDeferredValue(given);
  const searchId = useId();
  const { defaultBounds, mapTileUrl } = useSiteConfig();
  const dark = useDarkTheme();
  const map = useActorRef(mapMachine, { input: { defaultBounds, tiles: !!mapTileUrl, selected } });
  const view = useSelector(map, selectContext);
  const element = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<MapController | null>(null);

  const { layers, layerOf } = useLayers(features, dark);
  const styleOf = useMemo(() => {
    const styles = new Map<string, { colour: string; radius: number }>();
    return (type: string) => styles.get(type) ?? styles.set(type, mapStyleOf(type, dark)).get(type)!;
  }, [dark]);
  // Each feature's marker made once (the same object while the set grows, which the map draws only once).
  const markerOf = useMemo(() => {
    const made = new WeakMap<MapFeature, PlaceMarker>();
    return (f: MapFeature): PlaceMarker => {
      let marker = made.get(f);
      if (!marker) {
        const [lon, lat] = markerPosition(f.geometry);
        const { colour, radius } = styleOf(f.properties.type);
        // A place is listed under its kind of place; any other item's shape under its layer's name.
        const kind = f.properties.type === 'SpatialFeature' ? f.properties.spatialType : layerKind(layerOf(f));
        marker = { id: f.$id, rel: f.rel, label: f.properties.label, kind, lon, lat, colour, radius };
        made.set(f, marker);
      }
      return marker;
    };
  }, [styleOf, layerOf]);
  const markers = useMemo(() => features.map(markerOf), [features, markerOf]);
  const text = view.featureFilter.toLocaleLowerCase();
  const named = useMemo(() => (text ? markers.filter((m) => m.label.toLocaleLowerCase().includes(text)) : markers), [markers, text]);

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

  // A click on a marker (or its entry in the list) opens its item in the next column.
  useEffect(() => {
    const sub = map.on('map.itemOpened', (e) => {
      const rel = markers.find((m) => m.id === e.id)?.rel;
      onSelected(e.id);
      if (rel) onOpen(rel);
    });
    return () => sub.unsubscribe();
  }, [map, markers, onOpen, onSelected]);

  // Once the features are in, the map shows them all (the site's region while there are none).
  const framed = useRef(false);
  useEffect(() => {
    if (framed.current || status !== 'SUCCESS' || given.length === 0) return;
    framed.current = true;
    map.send({ type: 'map.boundsRequested', coords: given.flatMap((f) => f.bbox) });
  }, [map, status, given]);

  useEffect(() => controller?.fit(view.fit.extent, 13), [controller, view.fit]);
  useEffect(() => controller?.setBase(view.base), [controller, view.base]);
  useEffect(() => controller?.setMarkers(named, view.selected), [controller, named, view.selected]);
  // Lines and areas are drawn as what they are, beneath the markers.
  useEffect(() => {
    if (!controller) return;
    controller.shapes.clear(true);
    const shaped = features.filter((f) => f.geometry.type !== 'Point' && f.geometry.type !== 'MultiPoint');
    // Each shape in its type's colour (olMap.ts styles a shape by its `colour`).
    controller.shapes.addFeatures(
      geojson.readFeatures({
        type: 'FeatureCollection',
        features: shaped.map((f) => ({
          type: 'Feature',
          geometry: f.geometry,
          properties: { colour: mapStyleOf(f.properties.type, dark).colour },
        })),
      }),
    );
  }, [controller, features, dark]);

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
            aria-label={t('spatial.map.label', { count: features.length })}
            data-testid="spatial-map"
            className="h-[55vh] min-h-72 w-full overflow-hidden rounded-lg border border-line bg-surface"
          />
          <MapLegend layers={layers} />
          <MapViewControls controller={controller} onHome={() => map.send({ type: 'map.homeRequested' })} />
          <MapSpot map={map} markers={markers} />
          {status !== 'SUCCESS' ? (
            <p
              role="status"
              className={`absolute bottom-2 left-2 m-0 rounded bg-panel px-2 py-1 text-xs shadow ${status === 'FAILURE' ? 'text-red-700 dark:text-red-300' : 'text-ink'}`}
            >
              {t('spatial.map.layer')}: {status === 'FAILURE' && errorKey ? t(errorKey) : t(`map.layer.${status}`)}
            </p>
          ) : null}
        </div>
      </div>
      <nav aria-label={t('map.markers')} className="max-h-[55vh] overflow-auto @2xl:w-64">
        {status === 'SUCCESS' && markers.length === 0 ? <p className="m-2 text-sm text-muted">{empty}</p> : null}
        <PlacesTree
          places={named}
          selected={view.selected}
          filtering={text !== ''}
          onClick={(id) => map.send({ type: 'map.featureClicked', id })}
        />
      </nav>
    </div>
  );
}
