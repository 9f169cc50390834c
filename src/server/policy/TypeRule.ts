import type { ItemRecord } from '../store/ItemRecord';
import type { Caller } from './Principal';

/** The actions a type rule decides (docs/permissions.md, "Rules of a module's types"). */
export type RuleAction = 'read' | 'create' | 'update' | 'delete';

/** Adds `value` to the statement's parameters and answers its placeholder (`$n`). */
export type SqlParam = (value: unknown) => string;

/**
 * Who reads the items of `type`. `allow` decides one item and `sql` says the same as a condition over
 * the table alias `i`, for searches and every other query over many items: the two must agree on
 * every row (the permission matrix test holds them together). Each is given the generic policy's
 * answer, so a rule may narrow it or widen it.
 */
export interface ReadRule {
  type: string;
  action: 'read';
  allow: (caller: Caller, item: ItemRecord, generic: boolean) => boolean;
  /** A NULL answer counts as false. */
  sql: (caller: Caller, generic: string, param: SqlParam) => string;
}

/**
 * Who creates items of `type` (owned by `ownerOrg` when the body names one), given the generic answer.
 * `data` is the body when the question is about one (create, a move to another owner), else absent.
 */
export interface CreateRule {
  type: string;
  action: 'create';
  allow: (caller: Caller, ownerOrg: string | null, generic: boolean, data?: Readonly<Record<string, unknown>>) => boolean;
}

/**
 * Who updates or deletes an item of `type`, given the generic answer; never asked about an item the
 * caller may not read. An update asked about a change (the update body) gets it as `change`.
 */
export interface ChangeRule {
  type: string;
  action: 'update' | 'delete';
  allow: (caller: Caller, item: ItemRecord, generic: boolean, change?: Readonly<Record<string, unknown>>) => boolean;
}

/** One rule per type and action, registered by a module's server part (`ModuleServer.permissions`). */
export type TypeRule = ReadRule | CreateRule | ChangeRule;

/** The installed rules, by action and type name. */
export interface RuleTable {
  read: ReadonlyMap<string, ReadRule>;
  create: ReadonlyMap<string, CreateRule>;
  update: ReadonlyMap<string, ChangeRule>;
  delete: ReadonlyMap<string, ChangeRule>;
}

/** What the table is built from: each module's name and its rules (a `ModuleServer` fits). */
export interface RuleSource {
  name: string;
  permissions?: readonly TypeRule[];
}

/**
 * Builds the table from every module's rules. A rule naming a type no one registered, or a type and
 * action ruled twice, stops the server at start-up: which of two rules should win is not for the
 * core to guess.
 */
export function ruleTable(sources: readonly RuleSource[], isType: (name: string) => boolean): RuleTable {
  const by = {
    read: new Map<string, ReadRule>(),
    create: new Map<string, CreateRule>(),
    update: new Map<string, ChangeRule>(),
    delete: new Map<string, ChangeRule>(),
  };
  const owners = new Map<string, string>();
  for (const source of sources) {
    for (const rule of source.permissions ?? []) {
      if (!isType(rule.type))
        throw new Error(`Module ${source.name} has a ${rule.action} rule for ${rule.type}, which is not a registered item type`);
      const key = `${rule.action} ${rule.type}`;
      const first = owners.get(key);
      if (first !== undefined)
        throw new Error(`${rule.type} is ruled twice for ${rule.action}: by module ${first} and by module ${source.name}`);
      owners.set(key, source.name);
      if (rule.action === 'read') by.read.set(rule.type, rule);
      else if (rule.action === 'create') by.create.set(rule.type, rule);
      else by[rule.action].set(rule.type, rule);
    }
  }
  return by;
}

/** The table with no rules: the generic policy decides everything. */
export const emptyRuleTable = (): RuleTable => ruleTable([], () => true);
