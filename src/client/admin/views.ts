/** Every admin screen, in one module so that they load as one chunk with the first admin column. */
export { AllItemsView } from './AllItemsView';
export { LovsView } from './LovsView';
export { MenuItemsView } from './MenuItemsView';
export { OwnerView } from './OwnerView';
export { ServerStateView } from './ServerStateView';
export { SiteTextsView } from './SiteTextsView';
export { SysAlertsView } from './SysAlertsView';
