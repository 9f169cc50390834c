/**
 * Who may use a view (spec 000 §2 Known paths, "admin only", "need read-org right"): the rule that
 * decides whether its menu entry shows decides whether the screen opens, so the menu and the
 * address bar never disagree. The browser draws a view the user may not use as a not-allowed notice.
 */
import { buildMenu, type NavSource } from '../../src/shared/modules/buildMenu';
import type { NavUser } from '../../src/shared/modules/ModuleModel';
import type { ViewRegistry } from '../../src/shared/modules/ViewDef';

/** Where views and their menu entries come from: the core, or a module with the views it registers. */
export type ViewSource = NavSource & { views?: ViewRegistry };

const ADMIN_PREFIX = 'v-admin.';

/**
 * Whether `user` may use the view `viewKey` (`v-...`). A view with a menu entry follows that entry's
 * rule (administrators, holders of its capability, its own show rule), whether or not the entry is
 * listed (route-only, dedicated-only, hidden by the menu setting: those decide listing, not access).
 * Without an entry, an admin view is for administrators, a module's view for holders of the module's
 * capability (and administrators), and any other view is open.
 */
export function mayUseView(viewKey: string, sources: readonly ViewSource[], user: NavUser): boolean {
  const path = viewKey.slice(2);
  for (const source of sources) {
    const item = source.menu.find((entry) => entry.path === path);
    if (!item) continue;
    // The menu's own rule, asked about this entry alone, as a top-level entry that is always listed.
    const alone = { ...item, path: 'entry', routeOnly: false, dedicatedOnly: false };
    return buildMenu([{ ...source, menu: [alone] }], user, true).main.length > 0;
  }
  if (user.admin) return true;
  if (viewKey.startsWith(ADMIN_PREFIX)) return false;
  const owner = sources.find((source) => source.views && Object.hasOwn(source.views, viewKey));
  return !owner?.capability || user.capabilities[owner.capability] === true;
}
