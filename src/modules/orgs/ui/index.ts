/**
 * The organisations module's screens (docs/modules.md): its two listings and the panels of the User
 * and Contact read screens, with their messages. Loaded as one chunk, the first time one is shown.
 */
import { createElement } from 'react';
import type { ModuleScreens } from '../../../client/modules/ModuleClient';
import type { CellViewProps } from '../../../client/layout/CellViewProps';
import { ContactPanel } from './ContactPanel';
import { orgsMessages } from './messages';
import { OrgsListView } from './OrgsListView';
import { UserPanel } from './UserPanel';

const MyOrganizationsView = (props: CellViewProps) => createElement(OrgsListView, { ...props, kind: 'organizations' });
const MyContactsView = (props: CellViewProps) => createElement(OrgsListView, { ...props, kind: 'contacts' });

/** The module's views, panels and messages. */
export const orgsScreens: ModuleScreens = {
  views: { 'v-my-organizations': MyOrganizationsView, 'v-my-contacts': MyContactsView },
  panels: { User: [UserPanel], Contact: [ContactPanel] },
  messages: orgsMessages,
};
