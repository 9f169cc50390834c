/**
 * The spatial module's maps: spatial.map (every active place the reader may read on one map) and the
 * maps of a collection's and a GIS file's places on their read screens. Each asks its column for a
 * feature set actor (machines/spatial/featureSetMachine.ts), which streams the features in and says
 * which of them to draw as they come (its `drawn` set); the map itself, with OpenLayers, loads as a
 * chunk of its own.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import {
  featureSetMachine,
  featureSetStatus,
  selectDrawnFeatures,
  selectFeatureError,
  selectSelectedFeature,
  type FeatureSetQuery,
  type FeatureSetSnapshot,
} from '../../../../machines/spatial/featureSetMachine';
import type { CellActorRef, CellSnapshot } from '../../../../machines/router/cellMachine';
import { useT } from '../../../client/i18n/useT';
import type { ItemPanelProps } from '../../../client/items/itemPanels';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { useCellViewActor } from '../../../client/layout/useCellViewActor';
import { useActors } from '../../../client/session/useActors';
import { itemTypes } from '../../../shared/itemTypes';
import type { MapFeature } from '../mapFeatures';
import { ACTIVE } from '../spatialRules';

const FeatureMap = lazy(() => import('./FeatureMap').then((m) => ({ default: m.FeatureMap })));
const NO_FEATURES: MapFeature[] = [];
const selectKey = (s: CellSnapshot): string => s.context.spec.key;

/** The features of `query` on a map in `cell`; `only` keeps some of them; a click opens the item next to the cell. */
function FeatureSetMap({
  cell,
  actorId,
  query,
  only,
  empty,
}: {
  cell: CellActorRef;
  actorId: string;
  query: FeatureSetQuery;
  only?: (f: MapFeature) => boolean;
  empty: string;
}) {
  const { router } = useActors();
  const key = useSelector(cell, selectKey);
  const set = useCellViewActor(cell, actorId, featureSetMachine, { query });
  const drawn = useSelector(set ?? undefined, (s: FeatureSetSnapshot | undefined) => (s ? selectDrawnFeatures(s) : NO_FEATURES));
  const status = useSelector(set ?? undefined, (s: FeatureSetSnapshot | undefined) => (s ? featureSetStatus(s) : 'LOADING'));
  const errorKey = useSelector(set ?? undefined, (s: FeatureSetSnapshot | undefined) => (s ? selectFeatureError(s) : null));
  const selected = useSelector(set ?? undefined, (s: FeatureSetSnapshot | undefined) => (s ? selectSelectedFeature(s) : null));
  const features = useMemo(() => (only ? drawn.filter(only) : drawn), [drawn, only]);
  const onSelected = useCallback((id: string) => set?.send({ type: 'features.selected', id }), [set]);
  const onOpen = useCallback((rel: string) => router.send({ type: 'router.opened', fromKey: key, segment: `i-${rel}` }), [router, key]);
  return (
    <Suspense
      fallback={<div aria-busy="true" className="h-[55vh] min-h-72 w-full animate-pulse rounded-lg border border-line bg-surface" />}
    >
      <FeatureMap
        features={features}
        status={status}
        errorKey={errorKey}
        onOpen={onOpen}
        empty={empty}
        selected={selected}
        onSelected={onSelected}
      />
    </Suspense>
  );
}

const EVERYTHING: FeatureSetQuery = { relatedIDs: [], all: true };
const isActive = (f: MapFeature): boolean => f.properties.state === ACTIVE;

/** spatial.map: every active place the reader may read. */
export function SpatialMapView({ cell, spec }: CellViewProps) {
  const t = useT();
  const title = t(`views.${spec.key}`);
  useEffect(() => cell.send({ type: 'cell.described', title, icon: 'spatial_map' }), [cell, title]);
  return (
    <div className="@container p-4">
      <FeatureSetMap cell={cell} actorId="spatial-map" query={EVERYTHING} only={isActive} empty={t('spatial.map.empty')} />
    </div>
  );
}

/** The ids a relation value names: one `{id}` or a list of them. */
const idsOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).flatMap((r) =>
    typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string' ? [(r as { id: string }).id] : [],
  );

/**
 * The shapes around an item of a type declaring `mapLayers` (a consultation, a response): the item and
 * the items its relations `via` name are the proxies, the types its layers (spec 001 §7); each layer
 * in its type's colour, named in the legend. The server sends only what the reader may read.
 */
export function LayersMapPanel({ item, cell }: ItemPanelProps) {
  const t = useT();
  const layers = itemTypes.get(item._t)?.mapLayers;
  const proxies = [item.$id, ...(layers?.via ?? []).flatMap((prop) => idsOf(item[prop]))].join(' ');
  const query = useMemo(
    () => ({ relatedIDs: [], proxyIDs: proxies.split(' '), onlyProxyTypes: [...(layers?.types ?? [])] }),
    [proxies, layers],
  );
  if (!layers) return null;
  return (
    <section aria-label={t('spatial.places.title')} className="@container mx-4 mt-4 flex flex-col gap-2">
      <h3 className="m-0 text-base font-semibold">{t('spatial.places.title')}</h3>
      <FeatureSetMap cell={cell} actorId={`layers-${item.$id}`} query={query} empty={t('spatial.layers.empty')} />
    </section>
  );
}

/** A collection's places (or a GIS file's) on a map, below its properties. */
export function PlacesMapPanel({ item, cell }: ItemPanelProps) {
  const t = useT();
  const query = useMemo(() => ({ relatedIDs: [item.$id] }), [item.$id]);
  return (
    <section aria-label={t('spatial.places.title')} className="@container mx-4 mt-4 flex flex-col gap-2">
      <h3 className="m-0 text-base font-semibold">{t('spatial.places.title')}</h3>
      <FeatureSetMap cell={cell} actorId={`places-${item.$id}`} query={query} empty={t('spatial.places.empty')} />
    </section>
  );
}
