/** Which React view draws a cell: item cells the generic item screens, views by their key. */
import type { ComponentType } from 'react';
import type { CellSpec } from '../../../machines/router/parseLocation';
import { NOT_FOUND_VIEW } from '../../../machines/router/views';
import { modules } from '../../modules';
import { loadScreens } from '../modules/moduleRegistry';
import { ADMIN_VIEWS } from '../admin';
import { ImprintView, PrivacyView, TermsView } from '../docs/LegalViews';
import { NotificationsView } from '../notifications/NotificationsView';
import { HomeView } from '../views/HomeView';
import { NotFoundView } from '../views/NotFoundView';
import { RouteOnlyView } from '../views/RouteOnlyView';
import { TimelineView } from '../views/TimelineView';
import { withViewAccess } from '../views/withViewAccess';
import type { CellViewProps } from './CellViewProps';
import { lazyScreen } from '../shell/lazyScreen';

// The item screens (every property kind, the rich-text editor, uploads) load with the first item cell.
const ItemCellView = lazyScreen(() => import('../items/ItemCellView').then((m) => m.ItemCellView));
// So do the search results (their cards show every property kind).
const SearchResultsView = lazyScreen(() => import('../search/SearchResultsView').then((m) => m.SearchResultsView));

/** A module's view: its screens' chunk loads (with their messages) the first time one of them opens. */
const moduleView = (name: string, key: string): ComponentType<CellViewProps> =>
  lazyScreen(() => loadScreens(name).then((screens) => screens.views?.[key] ?? RouteOnlyView));

const MODULE_VIEWS = Object.fromEntries(
  modules.flatMap((m) => Object.keys(m.views ?? {}).map((key) => [key, moduleView(m.name, key)] as const)),
);

/** View key to its component: the core's, then every registered module's. */
export const CELL_VIEWS: Record<string, ComponentType<CellViewProps>> = {
  'v-home': HomeView,
  'v-timeline': TimelineView,
  'v-search': SearchResultsView,
  'v-terms': TermsView,
  'v-privacy-policy': PrivacyView,
  'v-imprint': ImprintView,
  'v-notifications': NotificationsView,
  [NOT_FOUND_VIEW]: NotFoundView,
  ...MODULE_VIEWS,
  ...ADMIN_VIEWS,
};

// One gated component per view key, made once: a new component on every render would remount the view.
const GATED = new Map<string, ComponentType<CellViewProps>>();

/** The component for `spec`; a view is behind its access rule (who may use it: machines/router/viewAccess.ts). */
export function viewFor(spec: CellSpec): ComponentType<CellViewProps> {
  if (spec.kind === 'item') return ItemCellView;
  let view = GATED.get(spec.key);
  if (!view) {
    view = withViewAccess(spec.key, CELL_VIEWS[spec.key] ?? RouteOnlyView);
    GATED.set(spec.key, view);
  }
  return view;
}
