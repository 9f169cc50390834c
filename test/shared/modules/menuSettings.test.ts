import { buildMenu, type MenuEntry } from '../../../src/shared/modules/buildMenu';
import {
  asMenuSettings,
  menuSettingsBody,
  menuSettingsProblems,
  normalisedMenuSettings,
  orderedSiblings,
  parentOf,
  type MenuSettings,
} from '../../../src/shared/modules/menuSettings';
import type { NavItem, NavUser } from '../../../src/shared/modules/ModuleModel';

const user = (over: Partial<NavUser> = {}): NavUser => ({ admin: false, capabilities: {}, organizations: {}, ...over });
const paths = (entries: MenuEntry[]): string[] => entries.map((e) => e.path);
const tree = (entries: MenuEntry[]): unknown[] => entries.map((e) => (e.children.length ? [e.path, tree(e.children)] : e.path));

const MENU: NavItem[] = [
  { path: 'home', title: 't' },
  { path: 'search', title: 't' },
  { path: 'places', title: 't' },
  { path: 'places.maps', title: 't' },
  { path: 'places.layers', title: 't' },
  { path: 'places.layers.old', title: 't' },
  { path: 'research', title: 't', capability: 'Research' },
  { path: 'admin.state', title: 't', adminOnly: true },
  { path: 'admin.menu-items', title: 't', adminOnly: true, dedicatedOnly: true },
  { path: 'admin.lovs', title: 't' },
  { path: 'docs.topic/intro', title: 't', routeOnly: true },
];
const sources = [{ menu: MENU }];
const settings = (over: Partial<MenuSettings>): MenuSettings => ({ hidden: [], order: {}, ...over });

describe('buildMenu with the menu setting', () => {
  it('hides an entry and its children for everyone, administrators too', () => {
    const s = settings({ hidden: ['search', 'places.layers'] });
    expect(tree(buildMenu(sources, user(), true, s).main)).toEqual(['home', ['places', ['places.maps']]]);
    expect(tree(buildMenu(sources, user({ admin: true }), true, s).main)).toEqual(['home', ['places', ['places.maps']], 'research']);
    expect(paths(buildMenu(sources, user(), true, settings({ hidden: ['places'] })).main)).toEqual(['home', 'search']);
  });

  it('never hides an entry of the admin menu', () => {
    const admin = buildMenu(sources, user({ admin: true }), true, settings({ hidden: ['admin.menu-items', 'admin.lovs'] }));
    expect(paths(admin.admin)).toEqual(['admin.state', 'admin.menu-items', 'admin.lovs']);
  });

  it('orders siblings by the setting at every level; entries it does not name follow in their registered order', () => {
    const s = settings({ order: { '': ['places', 'home'], places: ['places.layers'], admin: ['admin.lovs', 'admin.state'] } });
    const menu = buildMenu(sources, user({ admin: true }), true, s);
    expect(tree(menu.main)).toEqual([['places', [['places.layers', ['places.layers.old']], 'places.maps']], 'home', 'search', 'research']);
    expect(paths(menu.admin)).toEqual(['admin.lovs', 'admin.state', 'admin.menu-items']);
  });

  it('skips paths it names that the user does not see or that no longer exist', () => {
    const s = settings({ hidden: ['gone'], order: { '': ['research', 'gone', 'search'] } });
    expect(paths(buildMenu(sources, user(), true, s).main)).toEqual(['search', 'home', 'places']);
  });

  it('counts only in dedicated deployments', () => {
    const s = settings({ hidden: ['home'], order: { '': ['search'] } });
    expect(paths(buildMenu(sources, user(), false, s).main)).toEqual(['home', 'search', 'places']);
  });

  it('treats a malformed setting as none', () => {
    const bad = { hidden: 'home', order: { '': 'search', places: [1] } } as unknown as MenuSettings;
    expect(paths(buildMenu(sources, user(), true, bad).main)).toEqual(['home', 'search', 'places']);
    expect(asMenuSettings(null)).toEqual({ hidden: [], order: {} });
    expect(asMenuSettings({ hidden: ['a', 2], order: { x: ['y'], z: 'w' } })).toEqual({ hidden: [], order: { x: ['y'] } });
  });
});

describe('the menu setting rules', () => {
  it('knows the parent of a path', () => {
    expect(parentOf('home')).toBe('');
    expect(parentOf('places.layers.old')).toBe('places.layers');
    expect(parentOf('admin.state')).toBe('admin');
  });

  it('orders named entries first', () => {
    const e = (path: string) => ({ path });
    expect(orderedSiblings([e('a'), e('b'), e('c'), e('d')], ['c', 'x', 'a'])).toEqual([e('c'), e('a'), e('b'), e('d')]);
    expect(orderedSiblings([e('a'), e('b')], undefined)).toEqual([e('a'), e('b')]);
  });

  it('accepts listed entries in their places and names what is wrong otherwise', () => {
    expect(
      menuSettingsProblems(
        settings({ hidden: ['places.maps'], order: { '': ['search', 'home'], 'places.layers': ['places.layers.old'] } }),
        MENU,
      ),
    ).toBeNull();
    expect(menuSettingsProblems(settings({ hidden: ['admin.state'] }), MENU)).toEqual({ hidden: 'errors.menu.adminEntryHidden' });
    expect(menuSettingsProblems(settings({ hidden: ['nowhere'] }), MENU)).toEqual({ hidden: 'errors.menu.unknownEntry' });
    expect(menuSettingsProblems(settings({ hidden: ['docs.topic/intro'] }), MENU)).toEqual({ hidden: 'errors.menu.unknownEntry' });
    expect(menuSettingsProblems(settings({ order: { '': ['places.maps'] } }), MENU)).toEqual({ order: 'errors.menu.unknownEntry' });
    expect(menuSettingsProblems(settings({ order: { places: ['places.maps', 'places.maps'] } }), MENU)).toEqual({
      order: 'errors.menu.repeatedEntry',
    });
  });

  it('stores hidden paths once each, sorted, and drops empty order lists', () => {
    expect(normalisedMenuSettings({ hidden: ['search', 'home', 'search'], order: { '': [], places: ['places.maps'] } })).toEqual({
      hidden: ['home', 'search'],
      order: { places: ['places.maps'] },
    });
  });

  it('takes bodies of its shape only', () => {
    expect(menuSettingsBody().isValidSync({ hidden: ['a.b-c'], order: { '': ['a'], 'a.b': ['a.b.c'] } })).toBe(true);
    for (const body of [
      undefined,
      null,
      [],
      { hidden: [] },
      { hidden: ['A'], order: {} },
      { hidden: [], order: { 'x y': [] } },
      { hidden: [], order: {}, more: true },
    ]) {
      expect(menuSettingsBody().isValidSync(body)).toBe(false);
    }
  });
});
