/**
 * The organisations module's browser side (docs/modules.md): its views and the panels of its item
 * types' read screens. Importing this module registers the panels; the views are merged by `CELL_VIEWS`.
 */
import { createElement, type ComponentType } from 'react';
import { ITEM_PANELS } from '../../../client/items/itemPanels';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { ContactPanel } from './ContactPanel';
import { OrgsListView } from './OrgsListView';
import { UserPanel } from './UserPanel';

const MyOrganizationsView = (props: CellViewProps) => createElement(OrgsListView, { ...props, kind: 'organizations' });
const MyContactsView = (props: CellViewProps) => createElement(OrgsListView, { ...props, kind: 'contacts' });

/** The module's views by view key. */
export const ORGS_VIEWS: Record<string, ComponentType<CellViewProps>> = {
  'v-my-organizations': MyOrganizationsView,
  'v-my-contacts': MyContactsView,
};

// Once per type, however often this module is imported.
for (const [type, panel] of [
  ['User', UserPanel],
  ['Contact', ContactPanel],
] as const) {
  const panels = (ITEM_PANELS[type] ??= []);
  if (!panels.includes(panel)) panels.push(panel);
}
