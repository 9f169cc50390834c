/** The spatial module's menu entries and views (spec 001 §2 "Spatial"). */
import type { NavItem } from '../../shared/modules/ModuleModel';
import type { ViewRegistry } from '../../shared/modules/ViewDef';
import { holdsSpatial } from './spatialRules';

// Shown to holders of Spatial on the site or in one of their organisations (and administrators).
const spatial = { show: holdsSpatial } as const;

export const spatialMenu: readonly NavItem[] = [
  { path: 'data', title: 'views.v-data', icon: 'spatial_data', ...spatial },
  { path: 'spatial', title: 'views.v-spatial', icon: 'spatial_map', ...spatial },
  { path: 'spatial.map', title: 'views.v-spatial.map', icon: 'spatial_map', ...spatial },
  { path: 'spatial.features', title: 'views.v-spatial.features', icon: 'spatial_place', ...spatial },
  { path: 'spatial.collections', title: 'views.v-spatial.collections', icon: 'spatial_layers', ...spatial },
];

export const spatialViews: ViewRegistry = {
  'v-data': {},
  'v-spatial': {},
  'v-spatial.map': {},
  'v-spatial.features': {},
  'v-spatial.collections': {},
};
