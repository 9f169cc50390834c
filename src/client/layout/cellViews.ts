/** Which React view draws a cell: item cells the generic item screens, views by their key. */
import { lazy, type ComponentType } from 'react';
import type { CellSpec } from '../../../machines/router/parseLocation';
import { ORGS_VIEWS } from '../../modules/orgs/ui';
import { ADMIN_VIEWS } from '../admin';
import { ImprintView, PrivacyView, TermsView } from '../docs/LegalViews';
import { NotificationsView } from '../notifications/NotificationsView';
import { HomeView } from '../views/HomeView';
import { RouteOnlyView } from '../views/RouteOnlyView';
import { TimelineView } from '../views/TimelineView';
import type { CellViewProps } from './CellViewProps';

// The item screens (every property kind, the rich-text editor, uploads) load with the first item cell.
const ItemCellView = lazy(() => import('../items/ItemCellView').then((m) => ({ default: m.ItemCellView })));
// So do the search results (their cards show every property kind).
const SearchResultsView = lazy(() => import('../search/SearchResultsView').then((m) => ({ default: m.SearchResultsView })));

/** View key to its component; modules add theirs. */
export const CELL_VIEWS: Record<string, ComponentType<CellViewProps>> = {
  'v-home': HomeView,
  'v-timeline': TimelineView,
  'v-search': SearchResultsView,
  'v-terms': TermsView,
  'v-privacy-policy': PrivacyView,
  'v-imprint': ImprintView,
  'v-notifications': NotificationsView,
  ...ORGS_VIEWS,
  ...ADMIN_VIEWS,
};

/** The component for `spec`. */
export function viewFor(spec: CellSpec): ComponentType<CellViewProps> {
  if (spec.kind === 'item') return ItemCellView;
  return CELL_VIEWS[spec.key] ?? RouteOnlyView;
}
