/**
 * What "action A on type T for organisation O" means (docs/permissions.md, "Rights on lists of values"),
 * decided by the policy without a server: update on a type, PRIVATE read (widened by a module's read
 * rule), dedicated-only rights, the site's own values, and the declarations that stop the start.
 */
import { itemTypes } from '../../src/shared/itemTypes';
import type { ListRight } from '../../src/shared/modules/ModuleModel';
import { holdsListRight, listRightRules, listRightsOf } from '../../src/server/policy/listRights';
import { canCreate, installTypeRules } from '../../src/server/policy/policy';
import type { Principal } from '../../src/server/policy/Principal';
import type { RuleSource } from '../../src/server/policy/TypeRule';

const ORG = 'Organization-7';
const typeOf = (name: string) => itemTypes.get(name);
const isType = (name: string): boolean => itemTypes.has(name);
const principal = (p: Partial<Principal>): Principal => ({
  userId: 'User-9',
  admin: false,
  capabilities: {},
  orgs: {},
  tokenHash: null,
  masquerader: null,
  ...p,
});
const admin = principal({ admin: true, userId: 'User-1' });
const writer = principal({ orgs: { [ORG]: { write: true } } });
const member = principal({ orgs: { [ORG]: {} } });
const researcher = principal({ orgs: { [ORG]: {} }, capabilities: { Research: true } });
const elsewhere = principal({ orgs: { 'Organization-8': { write: true } } });

const DISPOSITIONS: ListRight = { action: 'update', type: 'Organization' };
const RESEARCH: ListRight = { action: 'read', type: 'Contact', access: 'PRIVATE', dedicatedOnly: true };
const models = [
  {
    name: 'fake',
    lists: [
      { name: 'DISPOSITIONS', editRight: DISPOSITIONS },
      { name: 'RESEARCH_LISTS', editRight: RESEARCH },
    ],
  },
];

// A module's read rule that lets Research holders read the PRIVATE contacts of their organisations.
const researchReads: RuleSource = {
  name: 'research',
  permissions: [
    {
      type: 'Contact',
      action: 'read',
      allow: (caller, item, generic) =>
        generic || (!!caller && caller.capabilities.Research === true && !!item.ownerOrg && Object.hasOwn(caller.orgs, item.ownerOrg)),
      sql: (_caller, generic) => generic,
    },
  ],
};

afterEach(() => installTypeRules([], isType));

test('update on a type for O: administrators and the members of O holding write, no one else', () => {
  const lr = listRightsOf(models, typeOf, false);
  expect([admin, writer, member, elsewhere, null].map((c) => holdsListRight(lr, c, DISPOSITIONS, ORG))).toEqual([
    true,
    true,
    false,
    false,
    false,
  ]);
});

test("the site's own values of a list with a right are administrators' only", () => {
  const lr = listRightsOf(models, typeOf, true);
  expect([admin, writer].map((c) => holdsListRight(lr, c, DISPOSITIONS, null))).toEqual([true, false]);
});

test("PRIVATE read on a type: administrators only by the generic policy, widened by the type's read rule, in dedicated deployments only", () => {
  const dedicated = listRightsOf(models, typeOf, true);
  expect([admin, writer, researcher].map((c) => holdsListRight(dedicated, c, RESEARCH, ORG))).toEqual([true, false, false]);
  installTypeRules([researchReads], isType);
  expect([admin, writer, researcher].map((c) => holdsListRight(dedicated, c, RESEARCH, ORG))).toEqual([true, false, true]);
  const shared = listRightsOf(models, typeOf, false);
  expect([admin, researcher].map((c) => holdsListRight(shared, c, RESEARCH, ORG))).toEqual([true, false]);
});

test('the LOVValue create rule asks the right of the list the body names, and the generic rule for other lists', () => {
  const lr = listRightsOf(models, typeOf, true);
  installTypeRules([researchReads, listRightRules(lr)], isType);
  const lov = itemTypes.get('LOVValue')!;
  expect(canCreate(researcher, lov, ORG, { list: 'RESEARCH_LISTS' })).toBe(true);
  expect(canCreate(writer, lov, ORG, { list: 'RESEARCH_LISTS' })).toBe(false);
  expect(canCreate(writer, lov, ORG, { list: 'ANYTHING_ELSE' })).toBe(true);
  expect(canCreate(researcher, lov, ORG, { list: 'ANYTHING_ELSE' })).toBe(false);
});

test('a right on an unregistered type, or one list given two rights, stops the start; the same right twice does not', () => {
  expect(() => listRightsOf([{ name: 'm', lists: [{ name: 'L', editRight: { action: 'update', type: 'Nope' } }] }], typeOf, false)).toThrow(
    'Module m declares list L editable by a right on Nope, which is not a registered item type',
  );
  const twice = [
    { name: 'a', lists: [{ name: 'L', editRight: DISPOSITIONS }] },
    { name: 'b', lists: [{ name: 'L', editRight: RESEARCH }] },
  ];
  expect(() => listRightsOf(twice, typeOf, false)).toThrow('List L is given two rights: by module a and by module b');
  expect(() =>
    listRightsOf([twice[0]!, { name: 'c', lists: [{ name: 'L', editRight: { ...DISPOSITIONS } }] }], typeOf, false),
  ).not.toThrow();
});
