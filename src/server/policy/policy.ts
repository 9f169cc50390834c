import { ORG_WRITE, type ItemAction } from '../../shared/capabilities';
import type { ItemTypeDef } from '../../shared/items/types';
import type { ItemRecord } from '../store/ItemRecord';
import { granteesOf, type Caller, type Principal } from './Principal';
import { emptyRuleTable, ruleTable, type RuleSource, type RuleTable } from './TypeRule';

/**
 * The permission policy: one place decides reads, writes and creation, for single items and as a
 * SQL predicate for queries over many. The model is written down in docs/permissions.md.
 *
 * Each decision is the generic rule over access levels, organisations and grants, handed to the rule
 * a module registered for that type and action when there is one (`ModuleServer.permissions`). The
 * modules' rules are installed once at start-up (`installTypeRules`): the registry of server parts
 * cannot be imported here, since module server parts import this policy.
 */

let rules: RuleTable = emptyRuleTable();

/**
 * Installs every module's type rules (the app does, at start-up); throws, naming them, on a rule for
 * an unknown type or a type ruled twice for one action. Replaces what an earlier server of this
 * process installed: the registry, and so the table, is the same for every server of a process.
 */
export function installTypeRules(sources: readonly RuleSource[], isType: (name: string) => boolean): void {
  rules = ruleTable(sources, isType);
}

function granted(p: Principal, item: ItemRecord, action: ItemAction): boolean {
  if (item.grants.length === 0) return false;
  const who = new Set(granteesOf(p));
  return item.grants.some((g) => who.has(g.grantee) && g.actions.includes(action));
}

/**
 * The property naming the organisations a person belongs to, for the types that are people: their
 * members read such an item at PROTECTED as they read what their organisation owns (docs/permissions.md).
 */
const MEMBER_ORGS: Readonly<Record<string, string>> = { Contact: '_related' };

/** Whether `p` belongs to one of the organisations `item` names through its MEMBER_ORGS property. */
function memberOfItemsOrg(p: Principal, item: ItemRecord): boolean {
  const prop = Object.hasOwn(MEMBER_ORGS, item.type) ? MEMBER_ORGS[item.type]! : null;
  const related = prop && Object.hasOwn(item.data, prop) ? item.data[prop] : null;
  if (!Array.isArray(related)) return false;
  return related.some((r: unknown) => {
    const id = typeof r === 'object' && r !== null && Object.hasOwn(r, 'id') ? (r as { id: unknown }).id : null;
    return typeof id === 'string' && Object.hasOwn(p.orgs, id);
  });
}

const writesFor = (p: Principal, orgId: string | null): boolean =>
  orgId !== null && Object.hasOwn(p.orgs, orgId) && p.orgs[orgId]![ORG_WRITE] === true;

function genericRead(caller: Caller, item: ItemRecord): boolean {
  if (item.access === 'PUBLIC') return true;
  if (!caller) return false;
  if (caller.admin || item.access === 'COMMUNITY') return true;
  if (item.createdBy === caller.userId || item.id === caller.userId) return true;
  if (caller.contactId && item.id === caller.contactId) return true;
  if (item.access === 'PROTECTED' && item.ownerOrg !== null && Object.hasOwn(caller.orgs, item.ownerOrg)) return true;
  if (item.access === 'PROTECTED' && memberOfItemsOrg(caller, item)) return true;
  return granted(caller, item, 'read');
}

/** Whether `caller` may read `item`. */
export function canRead(caller: Caller, item: ItemRecord): boolean {
  const rule = rules.read.get(item.type);
  const generic = genericRead(caller, item);
  return rule ? rule.allow(caller, item, generic) : generic;
}

/**
 * The SQL form of `canRead` over the table alias `i`; pushes its parameters onto `params`.
 * It must accept exactly the rows `canRead` accepts (the permission matrix test holds them together).
 */
export function readPredicate(caller: Caller, params: unknown[]): string {
  const generic = genericReadPredicate(caller, params);
  if (rules.read.size === 0) return generic;
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // The generic condition for the types no rule names, each rule's own for its type. COALESCE: a
  // rule's NULL (a property missing, a NULL column) refuses the row, as its single form does.
  const parts = [`(i.type <> ALL(${param([...rules.read.keys()])}::text[]) AND ${generic})`];
  for (const [type, rule] of rules.read) parts.push(`(i.type = ${param(type)} AND COALESCE(${rule.sql(caller, generic, param)}, FALSE))`);
  return `(${parts.join(' OR ')})`;
}

/** Stands for the generic condition while finding out whether a rule's SQL uses it. */
const GENERIC_MARK = '/*generic*/';

/**
 * `readPredicate` for a query whose rows are all of `types` (its WHERE says so beside this): only
 * those types' conditions, so that a search of one type reads as that type's rule alone, which the
 * planner can match to an index (a community's responses by their owner). Only for a top-level
 * condition of a WHERE (AND-ed with the rest), where a NULL refuses the row as FALSE does.
 */
export function scopedReadPredicate(caller: Caller, params: unknown[], types: readonly string[]): string {
  const ruled = types.filter((t) => rules.read.has(t));
  if (types.length === 0 || ruled.length === 0)
    return types.length === 0 ? readPredicate(caller, params) : genericReadPredicate(caller, params);
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // A rule's SQL with the generic condition in it only when the rule uses it (an unused parameter
  // is one whose type the database cannot tell, which fails the statement).
  const ruleOf = (type: string): string => {
    const rule = rules.read.get(type)!;
    const probe = [...params];
    const usesGeneric = rule
      .sql(caller, GENERIC_MARK, (value) => {
        probe.push(value);
        return `$${probe.length}`;
      })
      .includes(GENERIC_MARK);
    return rule.sql(caller, usesGeneric ? genericReadPredicate(caller, params) : 'FALSE', param);
  };
  if (types.length === 1) return `(${ruleOf(types[0]!)})`;
  const parts: string[] = [];
  if (ruled.length < types.length) parts.push(`(i.type <> ALL(${param(ruled)}::text[]) AND ${genericReadPredicate(caller, params)})`);
  for (const type of ruled) parts.push(`(i.type = ${param(type)} AND COALESCE(${ruleOf(type)}, FALSE))`);
  return `(${parts.join(' OR ')})`;
}

function genericReadPredicate(caller: Caller, params: unknown[]): string {
  if (!caller) return `i.access = 'PUBLIC'`;
  if (caller.admin) return 'TRUE';
  params.push(caller.userId);
  const user = `$${params.length}`;
  params.push(Object.keys(caller.orgs));
  const orgs = `$${params.length}`;
  params.push(granteesOf(caller));
  const grantees = `$${params.length}`;
  // The user's own person record (Principal.contactId), when their User item names one.
  let own = '';
  if (caller.contactId) {
    params.push(caller.contactId);
    own = `OR i.id = $${params.length}`;
  }
  // A person's organisations (MEMBER_ORGS): one of the caller's organisations in the array of {id} the property holds.
  const members = Object.entries(MEMBER_ORGS).map(([type, prop]) => {
    params.push(type, prop);
    const [t, p] = [`$${params.length - 1}`, `$${params.length}`];
    return `OR (i.access = 'PROTECTED' AND i.type = ${t} AND EXISTS (SELECT 1 FROM unnest(${orgs}::text[]) AS o(id)
      WHERE i.data->(${p}::text) @> jsonb_build_array(jsonb_build_object('id', o.id))))`;
  });
  return `(i.access IN ('PUBLIC', 'COMMUNITY') OR i.created_by = ${user} OR i.id = ${user} ${own}
    OR (i.access = 'PROTECTED' AND i.owner_org = ANY(${orgs}::text[])) ${members.join(' ')}
    OR EXISTS (SELECT 1 FROM grants g WHERE g.item_id = i.id AND 'read' = ANY(g.actions) AND g.grantee = ANY(${grantees}::text[])))`;
}

function genericCreate(caller: Caller, type: ItemTypeDef, ownerOrg: string | null): boolean {
  if (!caller) return false;
  if (caller.admin) return true;
  if (type.adminCreateOnly) return false;
  return ownerOrg === null || writesFor(caller, ownerOrg);
}

/** Whether `caller` may create an item of `type`, owned by `ownerOrg` when it names one; `data` is the body, when there is one. */
export function canCreate(
  caller: Caller,
  type: ItemTypeDef,
  ownerOrg: string | null = null,
  data?: Readonly<Record<string, unknown>>,
): boolean {
  const rule = rules.create.get(type.name);
  const generic = genericCreate(caller, type, ownerOrg);
  return rule ? rule.allow(caller, ownerOrg, generic, data) : generic;
}

function genericUpdate(caller: Principal, item: ItemRecord): boolean {
  if (caller.admin) return true;
  if (item.type === 'User') return item.id === caller.userId;
  return item.createdBy === caller.userId || writesFor(caller, item.ownerOrg) || granted(caller, item, 'update');
}

/**
 * Whether `caller` may change `item` (never one they may not read, whatever a rule says); with
 * `change`, whether they may make that change (a rule may look at what it sets).
 */
export function canUpdate(caller: Caller, item: ItemRecord, change?: Readonly<Record<string, unknown>>): boolean {
  if (!canRead(caller, item)) return false;
  const rule = rules.update.get(item.type);
  const generic = caller !== null && genericUpdate(caller, item);
  return rule ? rule.allow(caller, item, generic, change) : generic;
}

function genericDelete(caller: Principal, item: ItemRecord): boolean {
  if (item.type === 'User') return caller.admin;
  return caller.admin || item.createdBy === caller.userId || writesFor(caller, item.ownerOrg) || granted(caller, item, 'delete');
}

/** Whether `caller` may delete `item` (never one they may not read, whatever a rule says). */
export function canDelete(caller: Caller, item: ItemRecord): boolean {
  if (!canRead(caller, item)) return false;
  const rule = rules.delete.get(item.type);
  const generic = caller !== null && genericDelete(caller, item);
  return rule ? rule.allow(caller, item, generic) : generic;
}

/** Whether `caller` may see and change the grants of `item`. */
export const canGrant = (caller: Caller, item: ItemRecord): boolean => canUpdate(caller, item);

/** Answers each action of `actions` for `item`. */
export function allowedActions(caller: Caller, item: ItemRecord, actions: readonly string[]): Record<string, boolean> {
  // Inviting a contact to become a user needs the right to change the contact (act/invite).
  const invite = (c: Caller, i: ItemRecord): boolean => i.type === 'Contact' && canUpdate(c, i);
  const check: Record<string, (c: Caller, i: ItemRecord) => boolean> = {
    read: canRead,
    update: canUpdate,
    delete: canDelete,
    grant: canGrant,
    invite,
  };
  // Own keys only: `check.constructor` is Object, which answered the caller's principal (token hash included).
  return Object.fromEntries(actions.map((a) => [a, Object.hasOwn(check, a) ? check[a]!(caller, item) : false]));
}
