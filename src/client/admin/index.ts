/** The administration screens by view key (spec 000 §2 Known paths: admin items). */
import type { ComponentType } from 'react';
import type { CellViewProps } from '../layout/CellViewProps';
import { AllItemsView } from './AllItemsView';
import { LovsView } from './LovsView';
import { ServerStateView } from './ServerStateView';
import { SiteTextsView } from './SiteTextsView';
import { SysAlertsView } from './SysAlertsView';

/** View key to the admin screen that draws it. */
export const ADMIN_VIEWS: Record<string, ComponentType<CellViewProps>> = {
  'v-admin.all-items': AllItemsView,
  'v-admin.sysalerts': SysAlertsView,
  'v-admin.state': ServerStateView,
  'v-admin.lovs': LovsView,
  'v-admin.systext': SiteTextsView,
};
