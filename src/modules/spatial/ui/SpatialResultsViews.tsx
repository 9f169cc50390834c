/**
 * The spatial module's search views (spec 001 §2 "Spatial"): its collections and its places, each the
 * core's results pre-filtered to ACTIVE (the state facet shows the others on demand), with a "New …"
 * button (a new one starts ACTIVE); and the GIS files brought in (the data group), with their
 * feature-count facet.
 */
import { useEffect, type ComponentType } from 'react';
import type { ResultsSettings } from '../../../../machines/search/searchResultsQuery';
import { useT } from '../../../client/i18n/useT';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { SearchResultsOf } from '../../../client/search/SearchResultsView';
import { ToolbarButton } from '../../../client/search/ToolbarButton';
import { useActors } from '../../../client/session/useActors';
import { ACTIVE } from '../spatialRules';

interface ResultsViewDef {
  icon: string;
  settings: Partial<ResultsSettings>;
  /** Message key of what the empty results say. */
  empty: string;
  /** The type a "New …" button creates, and its label's message key. */
  create?: { type: string; label: string };
}

/** The criteria that keep ACTIVE items only (spec 001 §2: the lists are pre-filtered to ACTIVE). */
export const ONLY_ACTIVE: ResultsSettings['criteria'] = { filters: [{ prop: 'state', kind: 'ft', value: [ACTIVE] }] };

/** A results view over `def`'s criteria. */
function resultsView(def: ResultsViewDef): ComponentType<CellViewProps> {
  return function SpatialResultsView({ cell, spec }: CellViewProps) {
    const t = useT();
    const { router } = useActors();
    const title = t(`views.${spec.key}`);
    useEffect(() => cell.send({ type: 'cell.described', title, icon: def.icon }), [cell, title]);
    const create = def.create;
    const actions = create ? (
      <ToolbarButton
        icon="add"
        label={t(create.label)}
        named
        onClick={() => router.send({ type: 'router.opened', fromKey: spec.key, segment: `i-${create.type}-0` })}
      />
    ) : undefined;
    return <SearchResultsOf cell={cell} settings={def.settings} actions={actions} empty={t(def.empty)} />;
  };
}

export const SpatialCollectionsView = resultsView({
  icon: 'spatial_layers',
  settings: { itemTypeName: 'SpatialCollection', displayAs: 'TABLE', sortBy: [{ key: 'label', order: 'asc' }], criteria: ONLY_ACTIVE },
  empty: 'spatial.collections.empty',
  create: { type: 'SpatialCollection', label: 'spatial.collections.new' },
});

export const SpatialFeaturesView = resultsView({
  icon: 'spatial_place',
  settings: { itemTypeName: 'SpatialFeature', displayAs: 'TABLE', sortBy: [{ key: 'label', order: 'asc' }], criteria: ONLY_ACTIVE },
  empty: 'spatial.features.empty',
  create: { type: 'SpatialFeature', label: 'spatial.features.new' },
});

export const GisFilesView = resultsView({
  icon: 'spatial_file',
  settings: { itemTypeName: 'GISCollection', displayAs: 'TABLE', sortBy: [{ key: 'name', order: 'asc' }] },
  empty: 'spatial.data.empty',
});
