/**
 * The consultation group of the menu (spec 001 §2): shown on a shared site, hidden on a dedicated one
 * unless the user holds a consultation capability (submitting or responding, on the site or in an
 * organisation); the communications and meetings are the responders'.
 */
import { consultModule } from '../../../src/modules/consult/model';
import { buildMenu } from '../../../src/shared/modules/buildMenu';
import type { NavUser } from '../../../src/shared/modules/ModuleModel';

const user = (over: Partial<NavUser> = {}): NavUser => ({ admin: false, capabilities: {}, organizations: {}, ...over });
const entries = (u: NavUser, dedicated: boolean): string[] => {
  const consult = buildMenu([consultModule], u, dedicated).main.find((e) => e.path === 'consult');
  return consult ? ['consult', ...consult.children.map((c) => c.path)] : [];
};
const GROUP = [
  'consult',
  'consult.dashboard',
  'consult.projects',
  'consult.organizations',
  'consult.contacts',
  'consult.audit',
  'consult.attachments',
];
const EXTRAS = ['consult.communications', 'consult.meetings'];

describe('the consultation menu', () => {
  it('is shown to everyone on a shared site, the responder extras to responders', () => {
    expect(entries(user(), false)).toEqual(GROUP);
    expect(entries(user({ capabilities: { ConsultRespond: true } }), false)).toEqual([...GROUP, ...EXTRAS]);
    expect(entries(user({ organizations: { 'Organization-1': { ConsultRespond: true } } }), false)).toEqual([...GROUP, ...EXTRAS]);
  });

  it('is hidden on a dedicated site unless the user holds a consultation capability', () => {
    expect(entries(user(), true)).toEqual([]);
    expect(entries(user({ organizations: { 'Organization-1': { write: true } } }), true)).toEqual([]);
    expect(entries(user({ organizations: { 'Organization-1': { ConsultSubmit: true } } }), true)).toEqual(GROUP);
    expect(entries(user({ capabilities: { ConsultRespond: true } }), true)).toEqual([...GROUP, ...EXTRAS]);
    expect(entries(user({ admin: true }), true)).toEqual([...GROUP, ...EXTRAS]);
  });
});
