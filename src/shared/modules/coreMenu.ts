/** The core platform's nav items (spec 000 §2 Known paths); modules add theirs in `ModuleModel.menu`. */
import { ORG_WRITE } from '../capabilities';
import type { NavItem, NavUser } from './ModuleModel';

/** admin-org users: members of the dedicated site's owner organisation who hold its `write` (administrators see every entry). */
export const managesSiteOwner = (user: NavUser): boolean => !!user.siteOwner && user.organizations[user.siteOwner]?.[ORG_WRITE] === true;
/** Those who may change an organisation's items keep its lists of values. */
const writesAnOrganization = (user: NavUser): boolean => Object.values(user.organizations).some((rights) => rights[ORG_WRITE] === true);

/** Home, search, notifications and the admin menu's entries. */
export const CORE_MENU: readonly NavItem[] = [
  { path: 'home', title: 'views.v-home', icon: 'home' },
  { path: 'search', title: 'views.v-search', icon: 'search' },
  { path: 'notifications', title: 'views.v-notifications', icon: 'notifications' },
  { path: 'admin.all-items', title: 'views.v-admin.all-items', icon: 'list', adminOnly: true },
  { path: 'admin.sysalerts', title: 'views.v-admin.sysalerts', icon: 'campaign', adminOnly: true },
  { path: 'admin.state', title: 'views.v-admin.state', icon: 'dns', adminOnly: true },
  { path: 'admin.lovs', title: 'views.v-admin.lovs', icon: 'list', show: writesAnOrganization },
  { path: 'admin.systext', title: 'views.v-admin.systext', icon: 'article', adminOnly: true, dedicatedOnly: true },
  { path: 'admin.menu-items', title: 'views.v-admin.menu-items', icon: 'menu', adminOnly: true, dedicatedOnly: true },
  { path: 'admin.owner', title: 'views.v-admin.owner', icon: 'organization', dedicatedOnly: true, show: managesSiteOwner },
];
