/**
 * The administration screens by view key (spec 000 §2 Known paths: admin items). They load together
 * (one chunk) with the first column that shows one, so the first download of the app does not carry them.
 */
import type { ComponentType } from 'react';
import { lazyScreen } from '../shell/lazyScreen';
import type { CellViewProps } from '../layout/CellViewProps';

type View = ComponentType<CellViewProps>;
const load = (get: () => Promise<View>) => lazyScreen(get);

/** View key to the admin screen that draws it. */
export const ADMIN_VIEWS: Record<string, View> = {
  'v-admin.all-items': load(() => import('./views').then((m) => m.AllItemsView)),
  'v-admin.sysalerts': load(() => import('./views').then((m) => m.SysAlertsView)),
  'v-admin.state': load(() => import('./views').then((m) => m.ServerStateView)),
  'v-admin.lovs': load(() => import('./views').then((m) => m.LovsView)),
  'v-admin.owner': load(() => import('./views').then((m) => m.OwnerView)),
  'v-admin.systext': load(() => import('./views').then((m) => m.SiteTextsView)),
  'v-admin.menu-items': load(() => import('./views').then((m) => m.MenuItemsView)),
};
