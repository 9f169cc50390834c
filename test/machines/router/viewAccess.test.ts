import { mayUseView, type ViewSource } from '../../../machines/router/viewAccess';
import { CORE_MENU } from '../../../src/shared/modules/coreMenu';
import type { NavUser } from '../../../src/shared/modules/ModuleModel';

const member: NavUser = { admin: false, capabilities: { Core: true }, organizations: {} };
const admin: NavUser = { ...member, admin: true };
const writer: NavUser = { ...member, organizations: { 'Organization-1': { write: true } } };
const sources: ViewSource[] = [
  { menu: CORE_MENU },
  {
    capability: 'Research',
    menu: [{ path: 'research', title: 'x' }],
    views: { 'v-research': {}, 'v-research.hidden': {} },
  },
];

describe('who may use a view', () => {
  it.each(['v-admin.sysalerts', 'v-admin.state', 'v-admin.all-items', 'v-admin.systext', 'v-admin.menu-items'])(
    '%s is for administrators only, whatever the deployment',
    (key) => {
      expect(mayUseView(key, sources, member)).toBe(false);
      expect(mayUseView(key, sources, admin)).toBe(true);
    },
  );

  it('admin.lovs follows its menu rule: writers of an organisation and administrators', () => {
    expect(mayUseView('v-admin.lovs', sources, member)).toBe(false);
    expect(mayUseView('v-admin.lovs', sources, writer)).toBe(true);
    expect(mayUseView('v-admin.lovs', sources, admin)).toBe(true);
  });

  it('an admin view without a menu entry is for administrators (admin.collections)', () => {
    expect(mayUseView('v-admin.collections', sources, member)).toBe(false);
    expect(mayUseView('v-admin.collections', sources, admin)).toBe(true);
  });

  it("a module's views need its capability, with a menu entry or without one", () => {
    for (const key of ['v-research', 'v-research.hidden']) {
      expect(mayUseView(key, sources, member)).toBe(false);
      expect(mayUseView(key, sources, { ...member, capabilities: { Research: true } })).toBe(true);
      expect(mayUseView(key, sources, admin)).toBe(true);
    }
  });

  it('views with no rule stay open to every signed-in user', () => {
    for (const key of ['v-home', 'v-search', 'v-notifications', 'v-imprint', 'v-not-found'])
      expect(mayUseView(key, sources, member)).toBe(true);
  });
});
