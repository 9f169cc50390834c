/**
 * The OpenLayers side of a map (issue 17): base layers (the bundled world outline, the site's tiles),
 * clustered markers and drawn shapes. It only draws what it is given and reports what the person does;
 * the map actor (machines/map/mapMachine.ts) decides. Loaded with the map's chunk, never at start.
 */
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature, { type FeatureLike } from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import Point from 'ol/geom/Point';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { getSupportedExtensions } from 'ol/webgl';
import { fromLonLat, transformExtent } from 'ol/proj';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { feature as topoFeature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';
import type { BaseLayer } from '../../../machines/map/mapMachine';
import type { Extent } from '../../shared/geo/bounds';
import type { Geometry } from '../../shared/geo/geometry';
import { markerHash } from '../../shared/geo/markerHash';
import { clusterLook, inkOn, selectedColour } from './mapPalette';

/** Marker colours (spec 001 §9): the site's blue unless their type says; the selected marker's pink is the theme's (selectedColour). */
export const MARKER_COLOURS = { normal: '#1976D2', shape: '#1976D2', outline: '#9E9E9E' } as const;

/** One marker: an item's place. */
export interface MapMarker {
  id: string;
  label: string;
  lon: number;
  lat: number;
  /** Its CSS colour (its type's, mapPalette.ts); the site's blue without one. */
  colour?: string;
  /** Its radius in pixels when it stands alone. */
  radius?: number;
}

const geojson = new GeoJSON({ featureProjection: 'EPSG:3857', dataProjection: 'EPSG:4326' });

/** The land of the world at 1:110m (Natural Earth, public domain), as features in the map's projection. */
function outlineSource(): VectorSource {
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  return new VectorSource({ features: geojson.readFeatures(topoFeature(topology, topology.objects.land)) });
}

const outlineStyle = (dark: boolean) =>
  new Style({
    fill: new Fill({ color: dark ? '#3a3f44' : '#e8e4d8' }),
    stroke: new Stroke({ color: dark ? '#6b7278' : '#b7b09c', width: 1 }),
  });

const markerStyle = (colour: string, count: number, radius: number): Style =>
  new Style({
    image: new CircleStyle({
      radius: count > 1 ? 12 : radius,
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: '#ffffff', width: 2 }),
    }),
    ...(count > 1
      ? { text: new Text({ text: String(count), fill: new Fill({ color: inkOn(colour) }), font: 'bold 12px sans-serif' }) }
      : {}),
  });

/**
 * Above this many markers the map draws each one as a point with WebGL rather than clustering them on
 * a canvas: clustering 100,000 places takes seconds at every zoom, and WebGL draws them in a frame.
 * The list of places beside the map groups them instead (docs/decisions.md, "WebGL points").
 */
export const WEBGL_MARKERS = 5_000;

/**
 * WEBGL_MARKERS, or the number a page set for itself as `window.kkMapPointsAbove` before its map
 * was made: a test draws a few places as points, a person on a slow machine tries another from the console.
 */
const pointsAbove = (): number => {
  const set = (globalThis as { kkMapPointsAbove?: unknown }).kkMapPointsAbove;
  return typeof set === 'number' && set >= 0 ? set : WEBGL_MARKERS;
};

/** A point's radius in pixels when many are drawn with WebGL: small enough that they read as density. */
const DENSE_RADIUS = 4;

/** The closest a click on a cluster zooms; a cluster still there lists its items. */
const MAX_CLUSTER_ZOOM = 16;

/** The ids of the items a marker feature stands for (several on one spot). */
const spotIds = (f: FeatureLike): string[] => (f.get('ids') as string[] | undefined) ?? [String(f.getId())];

/** The marker features a clicked feature stands for: a cluster's members, or a WebGL point itself. */
const membersOf = (f: FeatureLike): Feature[] => (f.get('features') as Feature[] | undefined) ?? [f as Feature];

/** `#RRGGBB` at `alpha`, for an area's fill. */
const translucent = (hex: string, alpha: number): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
};

const shapeStyles = new Map<string, Style>();
/** A shape's style in its colour (one Style per colour, as OpenLayers prefers). */
const shapeStyle = (colour: string): Style => {
  let style = shapeStyles.get(colour);
  if (!style) {
    style = new Style({
      fill: new Fill({ color: translucent(colour, 0.2) }),
      stroke: new Stroke({ color: colour, width: 2 }),
      image: new CircleStyle({ radius: 6, fill: new Fill({ color: colour }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    });
    shapeStyles.set(colour, style);
  }
  return style;
};

/** The markers on one spot (the same marker hash) and the feature drawing them, null until made. */
interface Spot {
  members: MapMarker[];
  feature: Feature | null;
}

const spotKeys = new WeakMap<MapMarker, string>();
/** A marker's spot (its marker hash), worked out once per marker object: a set of 100,000 is given again as it grows. */
const spotKey = (m: MapMarker): string => {
  let key = spotKeys.get(m);
  if (key === undefined) {
    key = markerHash(m.lon, m.lat);
    spotKeys.set(m, key);
  }
  return key;
};

/** Whether two markers are drawn alike. */
const alike = (a: MapMarker, b: MapMarker): boolean =>
  a === b || (a.id === b.id && a.lon === b.lon && a.lat === b.lat && a.label === b.label && a.colour === b.colour && a.radius === b.radius);
const sameMembers = (a: readonly MapMarker[], b: readonly MapMarker[]): boolean =>
  a.length === b.length && a.every((m, i) => alike(m, b[i]!));

/** The feature drawing the markers on a spot: one marker's own, or the spot's with their count. */
function spotFeature(key: string, at: readonly MapMarker[]): Feature {
  const m = at[0]!;
  const f = new Feature({
    geometry: new Point(fromLonLat([m.lon, m.lat])),
    label: m.label,
    colour: m.colour ?? MARKER_COLOURS.normal,
    radius: m.radius,
    ids: at.map((a) => a.id),
  });
  f.setId(at.length === 1 ? m.id : `spot:${key}`);
  return f;
}

export interface MapControllerOptions {
  tileUrl: string | null;
  dark: boolean;
  /** The map settled: its extent in WGS84. */
  onViewChanged?(extent: Extent): void;
  /** A marker was clicked (the first of a cluster of one; a larger cluster zooms in). */
  onMarkerClicked?(id: string): void;
  /** A marker standing for several items on one spot was clicked: their ids (without it, the first opens). */
  onSpotClicked?(ids: string[]): void;
  /** Pan and zoom with the mouse and fingers (a field's small map shows only). */
  interactive?: boolean;
}

/** An OpenLayers map in `target`, driven by the calls its owner makes from the actor's snapshot. */
export class MapController {
  readonly map: OlMap;
  readonly shapes = new VectorSource();
  private readonly markers = new VectorSource();
  /** The markers when there are more than WEBGL_MARKERS: each a point drawn with WebGL. */
  private readonly points = new VectorSource();
  /** Made when first needed, and only where the browser has WebGL (else the markers stay clustered). */
  private pointLayer: WebGLVectorLayer | null = null;
  private readonly markerLayer: VectorLayer;
  private readonly outline: VectorLayer;
  private readonly tiles: TileLayer | null;
  private selected: string | null = null;
  /** The markers last given, in their order. */
  private given: readonly MapMarker[] = [];
  /** The spots drawn, by their marker hash: the markers there and the feature that draws them. */
  private spots = new Map<string, Spot>();
  /** Whether the markers are WebGL points. */
  private dense = false;
  private drawn = 0;

  constructor(
    target: HTMLElement,
    private readonly options: MapControllerOptions,
  ) {
    // The sea is the outline layer's background, so land reads as land.
    this.outline = new VectorLayer({
      source: outlineSource(),
      style: outlineStyle(options.dark),
      background: options.dark ? '#1c2730' : '#d4e4f1',
    });
    this.tiles = options.tileUrl ? new TileLayer({ source: new XYZ({ url: options.tileUrl }), visible: false }) : null;
    const clusters = new Cluster({ distance: 36, source: this.markers });
    this.markerLayer = new VectorLayer({
      source: clusters,
      style: (cluster: FeatureLike) => {
        const members = (cluster.get('features') as Feature[] | undefined) ?? [];
        const pink = members.some((f) => spotIds(f).includes(this.selected ?? ''));
        const count = members.reduce((n, f) => n + spotIds(f).length, 0);
        const { colour, radius } = clusterLook(
          members.map((f) => ({ colour: f.get('colour') as string | undefined, radius: f.get('radius') as number | undefined })),
          options.dark,
        );
        return markerStyle(pink ? selectedColour(options.dark) : colour, count, radius);
      },
    });
    const interactive = options.interactive !== false;
    this.map = new OlMap({
      target,
      controls: [],
      interactions: interactive ? defaultInteractions() : [],
      layers: [
        this.outline,
        ...(this.tiles ? [this.tiles] : []),
        new VectorLayer({
          source: this.shapes,
          style: (f: FeatureLike) => shapeStyle((f.get('colour') as string | undefined) ?? MARKER_COLOURS.shape),
        }),
        this.markerLayer,
      ],
      view: new View({ center: fromLonLat([-97, 59]), zoom: 3 }),
    });
    this.reportDrawn(target);
    this.map.on('moveend', () => {
      const size = this.map.getSize();
      if (!size) return;
      const e = transformExtent(this.map.getView().calculateExtent(size), 'EPSG:3857', 'EPSG:4326');
      this.options.onViewChanged?.([e[0]!, e[1]!, e[2]!, e[3]!]);
    });
    this.map.on('singleclick', (event) => {
      // The markers on the canvas first (the selected one is there, above the points), then a point;
      // an area a marker stands in is not what was clicked (its marker is).
      const hit =
        this.map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: (layer) => layer === this.markerLayer }) ??
        this.pointAt(event.pixel);
      if (hit) this.clicked(hit);
    });
  }

  /** Opens what a clicked marker stands for: its item, the items of its spot, or zooms into a cluster. */
  private clicked(cluster: FeatureLike): void {
    const members = membersOf(cluster);
    const ids = members.flatMap(spotIds);
    const view = this.map.getView();
    if (ids.length === 1) this.options.onMarkerClicked?.(ids[0]!);
    // One spot, or as close as the map goes: the items there, to choose from.
    else if (members.length === 1 || (view.getZoom() ?? 0) >= MAX_CLUSTER_ZOOM) {
      if (this.options.onSpotClicked) this.options.onSpotClicked(ids);
      else if (ids[0]) this.options.onMarkerClicked?.(ids[0]);
    } else if (members.length > 1) {
      const extent = new VectorSource({ features: members }).getExtent();
      if (extent) view.fit(extent, { padding: [40, 40, 40, 40], duration: 250, maxZoom: MAX_CLUSTER_ZOOM });
    }
  }

  /**
   * The WebGL point under `pixel`, found in the source's spatial index: the layer draws no hit-detection
   * image, which would cost a second drawing of every point at each frame.
   */
  private pointAt(pixel: number[]): Feature | undefined {
    if (!this.pointLayer || !this.dense) return undefined;
    const closest = this.points.getClosestFeatureToCoordinate(this.map.getCoordinateFromPixel(pixel));
    const at = closest?.getGeometry()?.getClosestPoint(this.map.getCoordinateFromPixel(pixel));
    const where = at ? this.map.getPixelFromCoordinate(at) : null;
    return where && Math.hypot(where[0]! - pixel[0]!, where[1]! - pixel[1]!) <= DENSE_RADIUS + 3 ? closest! : undefined;
  }

  /** The WebGL layer of points, beneath the markers (the selected one stays in sight above them); null without WebGL. */
  private webglPoints(): WebGLVectorLayer | null {
    if (!this.pointLayer && getSupportedExtensions() !== null) {
      this.pointLayer = new WebGLVectorLayer({
        source: this.points,
        disableHitDetection: true,
        style: {
          'circle-radius': DENSE_RADIUS,
          'circle-fill-color': ['get', 'colour'],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      });
      const layers = this.map.getLayers();
      layers.insertAt(layers.getArray().indexOf(this.markerLayer), this.pointLayer);
    }
    return this.pointLayer;
  }

  /**
   * Says on the map's element, once the map has drawn, how many markers it drew (`data-drawn`) and
   * how (`data-markers`: `clusters` or WebGL `points`), for tests and the benchmark (scripts/bench/mapPoints.ts).
   */
  private reportDrawn(target: HTMLElement): void {
    this.map.on('rendercomplete', () => {
      target.dataset.drawn = String(this.drawn);
      target.dataset.markers = this.dense ? 'points' : 'clusters';
    });
  }

  /** Shows the outline or the tiles beneath everything else. */
  setBase(base: BaseLayer): void {
    this.tiles?.setVisible(base === 'tiles');
    this.outline.setVisible(base === 'outline' || !this.tiles);
  }

  /** Moves the map to a WGS84 extent, zoomed in no further than `maxZoom` (a point is not shown at street level). */
  fit(extent: Extent, maxZoom = 12): void {
    const projected = transformExtent([...extent], 'EPSG:4326', 'EPSG:3857');
    if (!this.map.getSize()) this.map.updateSize();
    // Room around the shapes so a marker is never on the edge, and a point is not shown at street level.
    this.map.getView().fit(projected, { padding: [48, 48, 48, 48], maxZoom, size: this.map.getSize() ?? [300, 200] });
  }

  /**
   * Replaces the markers; the selected one turns pink. Markers on the same spot (the same marker
   * hash, spec 001 §9) are one marker with their count, whose click lists them (`onSpotClicked`).
   * Up to WEBGL_MARKERS they are clustered; beyond, each is a WebGL point and only the selected one
   * is a (pink) marker above them. Markers given before (the same objects) keep their features: a set
   * streaming in, given as the markers before and more, costs only its new markers.
   */
  setMarkers(markers: readonly MapMarker[], selected: string | null): void {
    this.selected = selected;
    const before = this.given;
    let grows = before.length > 0 && before.length <= markers.length;
    for (let i = 0; grows && i < before.length; i++) grows = markers[i] === before[i];
    const changed = new Set<string>();
    const gone: Feature[] = [];
    if (!grows) {
      // Another set (or the feature search narrowed it): spots made anew, those that stand for the same markers kept.
      const old = this.spots;
      this.spots = new Map();
      for (const m of markers) this.addToSpot(m, changed);
      for (const [key, spot] of old) {
        const now = this.spots.get(key);
        if (now && sameMembers(now.members, spot.members)) {
          now.feature = spot.feature;
          changed.delete(key);
        } else if (spot.feature) gone.push(spot.feature);
      }
    } else for (let i = before.length; i < markers.length; i++) this.addToSpot(markers[i]!, changed, gone);
    this.given = markers;
    this.drawn = markers.length;
    const added: Feature[] = [];
    for (const key of changed) {
      const spot = this.spots.get(key)!;
      spot.feature = spotFeature(key, spot.members);
      added.push(spot.feature);
    }
    const dense = this.spots.size > pointsAbove() && this.webglPoints() !== null;
    const target = dense ? this.points : this.markers;
    if (dense !== this.dense) {
      this.markers.clear(true);
      this.points.clear(true);
      target.addFeatures([...this.spots.values()].map((spot) => spot.feature!));
    } else {
      if (gone.length > 0) target.removeFeatures(gone);
      if (added.length > 0) target.addFeatures(added);
    }
    this.dense = dense;
    if (dense) this.showSelected();
    else this.markers.changed();
  }

  /** Puts `m` on its spot; the spots whose features must be made anew go to `changed`, features replaced to `gone`. */
  private addToSpot(m: MapMarker, changed: Set<string>, gone?: Feature[]): void {
    const key = spotKey(m);
    const spot = this.spots.get(key);
    if (!spot) this.spots.set(key, { members: [m], feature: null });
    else {
      spot.members.push(m);
      if (spot.feature && gone) gone.push(spot.feature);
      spot.feature = null;
    }
    changed.add(key);
  }

  /** With WebGL points: the selected one's marker, alone in the marker layer. */
  private showSelected(): void {
    this.markers.clear(true);
    const m = this.selected ? this.given.find((g) => g.id === this.selected) : undefined;
    const spot = m ? this.spots.get(spotKey(m))?.feature : undefined;
    if (!spot) return;
    const marker = spot.clone();
    marker.setId(spot.getId());
    this.markers.addFeature(marker);
  }

  /** Moves the pink to another marker. */
  setSelected(selected: string | null): void {
    this.selected = selected;
    if (this.dense) this.showSelected();
    else this.markers.changed();
  }

  /** Replaces the drawn shapes with one geometry (or none). */
  setGeometry(geometry: Geometry | null): void {
    this.shapes.clear(true);
    if (geometry) this.shapes.addFeature(geojson.readFeature({ type: 'Feature', geometry, properties: {} }) as Feature);
  }

  /** Stops drawing into the element. */
  destroy(): void {
    this.map.setTarget(undefined);
  }
}

/** The WGS84 GeoJSON geometry of a drawn feature. */
export const geometryOfFeature = (f: Feature): Geometry | null => {
  const g = f.getGeometry();
  return g ? (geojson.writeGeometryObject(g) as unknown as Geometry) : null;
};
