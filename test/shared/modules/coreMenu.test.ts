import { buildMenu, type MenuEntry } from '../../../src/shared/modules/buildMenu';
import { CORE_MENU, managesSiteOwner } from '../../../src/shared/modules/coreMenu';
import type { NavUser } from '../../../src/shared/modules/ModuleModel';

const user = (over: Partial<NavUser> = {}): NavUser => ({ admin: false, capabilities: {}, organizations: {}, ...over });
const adminPaths = (u: NavUser, dedicated = true): string[] =>
  buildMenu([{ menu: CORE_MENU }], u, dedicated).admin.map((e: MenuEntry) => e.path);

describe('the admin.owner entry (admin-org users)', () => {
  it("shows to the owner organisation's members who hold write there", () => {
    const writer = user({ organizations: { 'Organization-1': { write: true } }, siteOwner: 'Organization-1' });
    expect(managesSiteOwner(writer)).toBe(true);
    expect(adminPaths(writer)).toContain('admin.owner');
  });

  it('hides from members without write, writers of other organisations, and everyone while no owner is chosen', () => {
    const reader = user({ organizations: { 'Organization-1': { Research: true, write: false } }, siteOwner: 'Organization-1' });
    const otherWriter = user({ organizations: { 'Organization-2': { write: true } }, siteOwner: 'Organization-1' });
    const noOwner = user({ organizations: { 'Organization-1': { write: true } }, siteOwner: null });
    const unknownOwner = user({ organizations: { 'Organization-1': { write: true } } });
    for (const u of [reader, otherWriter, noOwner, unknownOwner]) {
      expect(managesSiteOwner(u)).toBe(false);
      expect(adminPaths(u)).not.toContain('admin.owner');
    }
  });

  it('shows to administrators even before an owner is chosen, and to nobody on a site that is not dedicated', () => {
    expect(adminPaths(user({ admin: true }))).toContain('admin.owner');
    expect(adminPaths(user({ admin: true }), false)).not.toContain('admin.owner');
    expect(adminPaths(user({ organizations: { 'Organization-1': { write: true } }, siteOwner: 'Organization-1' }), false)).not.toContain(
      'admin.owner',
    );
  });
});
