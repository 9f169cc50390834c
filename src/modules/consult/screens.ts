/** The consultation module's menu entries and views (spec 001 §2 "Consultation"). */
import type { NavItem } from '../../shared/modules/ModuleModel';
import type { ViewRegistry } from '../../shared/modules/ViewDef';

export const consultMenu: readonly NavItem[] = [];
export const consultViews: ViewRegistry = {};

/** The English labels of the entries above (shown by the core before the module's screens load). */
export const screenLabels: Readonly<Record<string, string>> = {};
