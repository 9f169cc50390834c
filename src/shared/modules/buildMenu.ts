/**
 * The navigation menu of spec 000 §2 "Header and menus", built from the core's and every module's
 * nav items for one user: a dotted path makes a child of its parent, paths starting with `admin` go
 * to the admin menu, and an entry shows for administrators, holders of its capability, or when its
 * own show rule allows. In a dedicated deployment the administrators' menu setting hides entries
 * (with their children) and orders siblings.
 */
import { asMenuSettings, isAdminEntry, MAIN_MENU_PARENT, NO_MENU_SETTINGS, orderedSiblings, type MenuSettings } from './menuSettings';
import type { NavItem, NavUser } from './ModuleModel';

/** One entry of the built menu. */
export interface MenuEntry {
  path: string;
  /** Message key of its title. */
  title: string;
  icon?: string;
  /** Where it leads: `/{path}`, the home view at `/`. */
  href: string;
  children: MenuEntry[];
}

/** The main menu and the admin menu. */
export interface MenuTree {
  main: MenuEntry[];
  admin: MenuEntry[];
}

/** Where nav items come from: the core, or a module with the capability that switches it on. */
export interface NavSource {
  capability?: string;
  menu: readonly NavItem[];
}

/** A nav item that breaks the rules of spec 000 §2 (a programming error of its module). */
export class NavPathError extends Error {
  constructor(readonly path: string) {
    super(`menu path "${path}": a child path must not contain a slash unless the item is route-only`);
    this.name = 'NavPathError';
  }
}

/** The admin menu's own root: `admin.x` is an entry of the admin menu, not a child of an `admin` entry. */
const ADMIN = 'admin';

/** Throws NavPathError when a listed child's own segment holds a slash. */
export function checkNavItem(item: NavItem): void {
  const dot = item.path.lastIndexOf('.');
  if (dot >= 0 && item.path.slice(dot + 1).includes('/') && !item.routeOnly) throw new NavPathError(item.path);
}

function visible(item: NavItem, moduleCapability: string | undefined, user: NavUser | null, dedicated: boolean): boolean {
  if (item.routeOnly) return false;
  if (item.dedicatedOnly && !dedicated) return false;
  if (!user) return false;
  if (user.admin) return true;
  if (item.adminOnly) return false;
  if (item.show?.(user.dedicated === undefined ? { ...user, dedicated } : user)) return true;
  // A module switched off by its capability takes its entries with it, unless their show rule allows.
  if (moduleCapability && !user.capabilities[moduleCapability]) return false;
  if (item.capability) return user.capabilities[item.capability] === true;
  return !item.show;
}

const hrefOf = (path: string): string => (path === 'home' ? '/' : `/${path}`);

/** Orders every sibling list of `entries`, depth first. */
function ordered(entries: MenuEntry[], parent: string, order: MenuSettings['order']): MenuEntry[] {
  return orderedSiblings(entries, order[parent]).map((e) =>
    e.children.length ? { ...e, children: ordered(e.children, e.path, order) } : e,
  );
}

/**
 * The menu for `user` (null: signed out, no menu) in a dedicated deployment or not; `settings` (the
 * site's menu setting) counts in dedicated deployments only, and never hides an admin entry.
 */
export function buildMenu(
  sources: readonly NavSource[],
  user: NavUser | null,
  dedicated: boolean,
  settings: MenuSettings = NO_MENU_SETTINGS,
): MenuTree {
  const { hidden, order } = dedicated ? asMenuSettings(settings) : NO_MENU_SETTINGS;
  const hiddenPaths = new Set(hidden.filter((p) => !isAdminEntry(p)));
  const byPath = new Map<string, MenuEntry>();
  const shown: MenuEntry[] = [];
  for (const source of sources) {
    for (const item of source.menu) {
      checkNavItem(item);
      if (!visible(item, source.capability, user, dedicated) || byPath.has(item.path) || hiddenPaths.has(item.path)) continue;
      const entry: MenuEntry = {
        path: item.path,
        title: item.title,
        href: hrefOf(item.path),
        children: [],
        ...(item.icon ? { icon: item.icon } : {}),
      };
      byPath.set(item.path, entry);
      shown.push(entry);
    }
  }
  const tree: MenuTree = { main: [], admin: [] };
  for (const entry of shown) {
    const dot = entry.path.lastIndexOf('.');
    const parentPath = dot < 0 ? null : entry.path.slice(0, dot);
    if (parentPath === ADMIN) tree.admin.push(entry);
    // An `admin` entry of its own would only repeat the admin menu's heading.
    else if (parentPath === null) {
      if (entry.path !== ADMIN) tree.main.push(entry);
    }
    // A child whose parent is hidden is hidden with it: the parent is what gives it its place.
    else byPath.get(parentPath)?.children.push(entry);
  }
  return { main: ordered(tree.main, MAIN_MENU_PARENT, order), admin: ordered(tree.admin, ADMIN, order) };
}
