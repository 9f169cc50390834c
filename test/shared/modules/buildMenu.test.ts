import { buildMenu, NavPathError, type MenuEntry } from '../../../src/shared/modules/buildMenu';
import { CORE_MENU } from '../../../src/shared/modules/coreMenu';
import type { NavItem, NavUser } from '../../../src/shared/modules/ModuleModel';
import { modules } from '../../../src/modules';

const user = (over: Partial<NavUser> = {}): NavUser => ({ admin: false, capabilities: { Core: true }, organizations: {}, ...over });
const paths = (entries: MenuEntry[]): string[] => entries.map((e) => e.path);
const core = (menu: readonly NavItem[]) => [{ menu }];

describe('buildMenu', () => {
  it('lists an entry without capability for every signed-in user, and nothing when signed out', () => {
    const menu = [{ path: 'home', title: 'views.v-home' }];
    expect(paths(buildMenu(core(menu), user(), false).main)).toEqual(['home']);
    expect(buildMenu(core(menu), null, false)).toEqual({ main: [], admin: [] });
  });

  it('shows an entry with a capability to its holders and administrators only', () => {
    const menu = [{ path: 'research', title: 't', capability: 'Research' }];
    expect(paths(buildMenu(core(menu), user(), false).main)).toEqual([]);
    expect(paths(buildMenu(core(menu), user({ capabilities: { Research: true } }), false).main)).toEqual(['research']);
    expect(paths(buildMenu(core(menu), user({ capabilities: { Research: false } }), false).main)).toEqual([]);
    expect(paths(buildMenu(core(menu), user({ admin: true }), false).main)).toEqual(['research']);
  });

  it('shows an entry whose own show rule allows it, even without the capability', () => {
    const menu: NavItem[] = [{ path: 'mine', title: 't', capability: 'Research', show: (u) => Object.keys(u.organizations).length > 0 }];
    expect(paths(buildMenu(core(menu), user(), false).main)).toEqual([]);
    expect(paths(buildMenu(core(menu), user({ organizations: { 'Organization-1': {} } }), false).main)).toEqual(['mine']);
  });

  it('hides the entries of a module whose capability the user lacks', () => {
    const sources = [{ capability: 'Spatial', menu: [{ path: 'maps', title: 't' }] }];
    expect(paths(buildMenu(sources, user(), false).main)).toEqual([]);
    expect(paths(buildMenu(sources, user({ capabilities: { Spatial: true } }), false).main)).toEqual(['maps']);
  });

  it('keeps admin-only entries for administrators', () => {
    const menu = [{ path: 'admin.state', title: 't', adminOnly: true, show: () => true }];
    expect(buildMenu(core(menu), user(), false).admin).toEqual([]);
    expect(paths(buildMenu(core(menu), user({ admin: true }), false).admin)).toEqual(['admin.state']);
  });

  it('lists dedicated-only entries in dedicated deployments only', () => {
    const menu = [{ path: 'admin.systext', title: 't', dedicatedOnly: true }];
    expect(buildMenu(core(menu), user({ admin: true }), false).admin).toEqual([]);
    expect(paths(buildMenu(core(menu), user({ admin: true }), true).admin)).toEqual(['admin.systext']);
  });

  it('makes a dotted path a child of its parent, and hides it with its parent', () => {
    const menu = [
      { path: 'vocab', title: 't', capability: 'Vocab' },
      { path: 'vocab.terms', title: 't' },
      { path: 'vocab.terms.old', title: 't' },
    ];
    const tree = buildMenu(core(menu), user({ capabilities: { Vocab: true } }), false);
    expect(paths(tree.main)).toEqual(['vocab']);
    expect(paths(tree.main[0].children)).toEqual(['vocab.terms']);
    expect(paths(tree.main[0].children[0].children)).toEqual(['vocab.terms.old']);
    expect(buildMenu(core(menu), user(), false).main).toEqual([]);
  });

  it('sends paths starting with admin to the admin menu', () => {
    const tree = buildMenu(
      core([
        { path: 'admin', title: 't' },
        { path: 'admin.lovs', title: 't' },
        { path: 'admin.lovs.x', title: 't' },
      ]),
      user(),
      false,
    );
    expect(tree.main).toEqual([]);
    expect(paths(tree.admin)).toEqual(['admin.lovs']);
    expect(paths(tree.admin[0].children)).toEqual(['admin.lovs.x']);
  });

  it('refuses a child path with a slash unless the entry is route-only, and never lists route-only entries', () => {
    expect(() => buildMenu(core([{ path: 'docs.topic/intro', title: 't' }]), user(), false)).toThrow(NavPathError);
    const tree = buildMenu(
      core([
        { path: 'docs.topic/intro', title: 't', routeOnly: true },
        { path: 'notifications/i', title: 't' },
      ]),
      user(),
      false,
    );
    expect(paths(tree.main)).toEqual(['notifications/i']);
  });

  it('leads each entry to its view, home to /', () => {
    const tree = buildMenu(core(CORE_MENU), user({ admin: true }), false);
    expect(tree.main.map((e) => e.href)).toEqual(['/', '/search', '/notifications']);
    expect(tree.admin.map((e) => e.href)).toEqual(['/admin.all-items', '/admin.sysalerts', '/admin.state', '/admin.lovs']);
  });

  it('gives the core and the modules their places for each kind of user', () => {
    const sources = [{ menu: CORE_MENU }, ...modules];
    const plain = buildMenu(sources, user(), true);
    expect(paths(plain.main)).toEqual(['home', 'search', 'notifications', 'my-organizations', 'my-contacts', 'conversations']);
    expect(plain.admin).toEqual([]);
    const member = buildMenu(sources, user({ organizations: { 'Organization-1': { write: true } }, siteOwner: 'Organization-1' }), true);
    expect(paths(member.admin)).toEqual(['admin.lovs', 'admin.owner']);
    expect(paths(buildMenu(sources, user({ organizations: { 'Organization-1': { write: true } } }), false).admin)).toEqual(['admin.lovs']);
    const admin = buildMenu(sources, user({ admin: true }), true);
    expect(paths(admin.admin)).toEqual([
      'admin.all-items',
      'admin.sysalerts',
      'admin.state',
      'admin.lovs',
      'admin.systext',
      'admin.menu-items',
      'admin.owner',
      'admin.workflows',
    ]);
    // admin.workflows: workflow admins and those whose capability has workflow-capable types (spec 001 §2).
    for (const rights of [{ capabilities: { WorkflowAdmin: true } }, { organizations: { 'Organization-1': { ResponderWorkflow: true } } }])
      expect(paths(buildMenu(sources, user(rights), false).admin)).toContain('admin.workflows');
    expect(paths(buildMenu(sources, user({ capabilities: { ConsultRespond: true } }), false).admin)).not.toContain('admin.workflows');
  });
});
