/**
 * How the administrators of a dedicated deployment shape the menu their community sees: entries
 * hidden (with their children) and the order of entries among their siblings. Entries of the admin
 * menu cannot be hidden, so an administrator always reaches the screen that shows them again.
 */
import * as yup from 'yup';
import { lazy } from '../lazy';
import type { NavItem } from './ModuleModel';

/** The menu setting: hidden paths, and per parent path the order of its children's paths. */
export interface MenuSettings {
  hidden: string[];
  /** Parent path to child paths, first first; `''` is the main menu's top level, `admin` the admin menu. */
  order: Record<string, string[]>;
}

/** The site setting (site_settings key) that holds the menu setting. */
export const MENU_SETTING = 'menu';

/** The setting that changes nothing. */
export const NO_MENU_SETTINGS: MenuSettings = { hidden: [], order: {} };

/** The parent key of the main menu's top level. */
export const MAIN_MENU_PARENT = '';
/** The admin menu's own root (`admin.x` is an entry of the admin menu). */
export const ADMIN_MENU_PARENT = 'admin';

/** A nav path as a menu lists it: dotted words of lower-case letters, digits and dashes. */
export const NAV_PATH = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*$/;

/** Most paths one list of the setting may name. */
export const MENU_SETTINGS_MAX = 500;

const pathList = lazy(() =>
  yup.array(yup.string().matches(NAV_PATH, 'menu paths are dotted words').required()).max(MENU_SETTINGS_MAX).required(),
);

/** The shape of the setting as `act/setMenuSettings` takes it. */
export const menuSettingsBody = lazy(() =>
  yup
    .object({
      hidden: pathList(),
      order: yup
        .mixed<Record<string, string[]>>()
        .required()
        .test('order', 'order maps parent paths to lists of menu paths', (v) => {
          if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
          const entries = Object.entries(v);
          return (
            entries.length <= MENU_SETTINGS_MAX &&
            entries.every(([parent, list]) => (parent === MAIN_MENU_PARENT || NAV_PATH.test(parent)) && pathList().isValidSync(list))
          );
        }),
    })
    .noUnknown()
    .strict()
    .required('the menu setting is an object of hidden and order'),
);

/** The parent key of `path`: `''` at the main menu's top level. */
export function parentOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? MAIN_MENU_PARENT : path.slice(0, dot);
}

/** Whether `path` is an entry of the admin menu (or below one), which cannot be hidden. */
export const isAdminEntry = (path: string): boolean => path === ADMIN_MENU_PARENT || path.startsWith(`${ADMIN_MENU_PARENT}.`);

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Reads a stored or pushed setting leniently: anything malformed counts as not set. */
export function asMenuSettings(value: unknown): MenuSettings {
  if (typeof value !== 'object' || value === null) return NO_MENU_SETTINGS;
  const { hidden, order } = value as { hidden?: unknown; order?: unknown };
  const orderOk = typeof order === 'object' && order !== null && !Array.isArray(order);
  return {
    hidden: isStringList(hidden) ? hidden : [],
    order: orderOk ? Object.fromEntries(Object.entries(order).filter((e): e is [string, string[]] => isStringList(e[1]))) : {},
  };
}

/** `entries` with those named in `order` first, in that order, then the others in their own order. */
export function orderedSiblings<T extends { path: string }>(entries: readonly T[], order: readonly string[] | undefined): T[] {
  if (!order?.length) return [...entries];
  const rank = new Map(order.map((path, i) => [path, i]));
  const named = entries.filter((e) => rank.has(e.path)).sort((a, b) => rank.get(a.path)! - rank.get(b.path)!);
  return [...named, ...entries.filter((e) => !rank.has(e.path))];
}

/**
 * Why `settings` cannot be stored, as form-rule message keys by field (`hidden`, `order`), given the
 * entries the menu lists (`items`); null when it can. Every named path must be a listed entry, an
 * order list may name only children of its parent and each once, and no admin entry may be hidden.
 */
export function menuSettingsProblems(settings: MenuSettings, items: readonly NavItem[]): Record<string, string> | null {
  const listed = new Set(items.filter((i) => !i.routeOnly).map((i) => i.path));
  const problems: Record<string, string> = {};
  if (settings.hidden.some((p) => !listed.has(p))) problems.hidden = 'errors.menu.unknownEntry';
  else if (settings.hidden.some(isAdminEntry)) problems.hidden = 'errors.menu.adminEntryHidden';
  for (const [parent, list] of Object.entries(settings.order)) {
    if (list.some((p) => !listed.has(p) || parentOf(p) !== parent)) problems.order = 'errors.menu.unknownEntry';
    else if (new Set(list).size !== list.length) problems.order = 'errors.menu.repeatedEntry';
    if (problems.order) break;
  }
  return Object.keys(problems).length ? problems : null;
}

/** The setting as stored: hidden paths once each and sorted, order lists without empty ones. */
export function normalisedMenuSettings(settings: MenuSettings): MenuSettings {
  return {
    hidden: [...new Set(settings.hidden)].sort(),
    order: Object.fromEntries(Object.entries(settings.order).filter(([, list]) => list.length > 0)),
  };
}
