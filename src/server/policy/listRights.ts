/**
 * Rights on lists of values (spec 001 §6): a module declares beside a list the right that lets a user
 * edit an organisation's values of it (`ListDef.editRight`). This file evaluates such a right and
 * composes every declaration into the LOVValue type rules the policy installs with the modules' own.
 * The meaning of "action A on type T for organisation O" is written down in docs/permissions.md.
 */
import { ownerOrgOf } from '../../shared/items/ownerOrgOf';
import type { ItemTypeDef } from '../../shared/items/types';
import type { ListRight, ModuleModel } from '../../shared/modules/ModuleModel';
import type { ItemRecord } from '../store/ItemRecord';
import { canCreate, canDelete, canRead, canUpdate } from './policy';
import type { Caller } from './Principal';
import type { RuleSource, TypeRule } from './TypeRule';

/** The item type whose values the rules govern. */
const LOV_TYPE = 'LOVValue';

/** The declared rights, by list name, and what they are evaluated with. */
export interface ListRights {
  rights: ReadonlyMap<string, ListRight>;
  typeOf: (name: string) => ItemTypeDef | undefined;
  dedicated: boolean;
}

let installed: ListRights = { rights: new Map(), typeOf: () => undefined, dedicated: false };

/**
 * Installs the declared rights of every module's lists (the app does, at start-up, before it installs
 * the type rules with `listRightRules` of the answer) and answers them. Replaces an earlier server's.
 */
export function installListRights(
  models: readonly Pick<ModuleModel, 'name' | 'lists'>[],
  typeOf: (name: string) => ItemTypeDef | undefined,
  dedicated: boolean,
): ListRights {
  installed = listRightsOf(models, typeOf, dedicated);
  return installed;
}

/** The rights installed last (none before a server started). */
export const installedListRights = (): ListRights => installed;

/**
 * The declared rights of every module's lists. A right naming an unregistered type, or one list
 * declared with two different rights, stops the start: which should win is not for the core to guess.
 */
export function listRightsOf(
  models: readonly Pick<ModuleModel, 'name' | 'lists'>[],
  typeOf: (name: string) => ItemTypeDef | undefined,
  dedicated: boolean,
): ListRights {
  const rights = new Map<string, ListRight>();
  const owners = new Map<string, string>();
  for (const model of models) {
    for (const list of model.lists) {
      if (!list.editRight) continue;
      const right = list.editRight;
      if (!typeOf(right.type))
        throw new Error(
          `Module ${model.name} declares list ${list.name} editable by a right on ${right.type}, which is not a registered item type`,
        );
      const first = owners.get(list.name);
      if (first !== undefined && JSON.stringify(rights.get(list.name)) !== JSON.stringify(right))
        throw new Error(`List ${list.name} is given two rights: by module ${first} and by module ${model.name}`);
      owners.set(list.name, model.name);
      rights.set(list.name, right);
    }
  }
  return { rights, typeOf, dedicated };
}

/**
 * A stand-in for "an item of `type` that belongs to `ownerOrg`": at the right's visibility, created by
 * no one, granted to no one, with no data. What the caller may do to it they may do because of the
 * organisation alone, not because an item is theirs.
 */
function standIn(type: string, ownerOrg: string, access: 'PROTECTED' | 'PRIVATE'): ItemRecord {
  const at = new Date(0).toISOString();
  return {
    id: `${type}-0`,
    type,
    idx: 0,
    u: 0,
    data: {},
    label: '',
    access,
    ownerOrg,
    createdAt: at,
    createdBy: null,
    updatedAt: at,
    deletedAt: null,
    grants: [],
  };
}

/** Whether `caller` holds `right` in `ownerOrg`: the site's own values (no owner) and the cases the right does not reach are administrators' only. */
export function holdsListRight(lr: ListRights, caller: Caller, right: ListRight, ownerOrg: string | null): boolean {
  if (!caller) return false;
  if (ownerOrg === null || (right.dedicatedOnly === true && !lr.dedicated)) return caller.admin;
  const type = lr.typeOf(right.type);
  if (!type) return false;
  if (right.action === 'create') return canCreate(caller, type, ownerOrg);
  const item = standIn(type.name, ownerOrg, right.access ?? 'PROTECTED');
  if (right.action === 'read') return canRead(caller, item);
  return right.action === 'update' ? canUpdate(caller, item) : canDelete(caller, item);
}

const listOf = (data: Readonly<Record<string, unknown>> | undefined): string | undefined =>
  data && typeof data.list === 'string' ? data.list : undefined;

/**
 * Whether `caller` may have a value of `list` owned by `ownerOrg`: the declared right when the list has
 * one, else the generic answer the policy gave.
 */
function mayHave(lr: ListRights, caller: Caller, list: string | undefined, ownerOrg: string | null, generic: boolean): boolean {
  const right = list === undefined ? undefined : lr.rights.get(list);
  return right ? holdsListRight(lr, caller, right, ownerOrg) : generic;
}

/**
 * The LOVValue rules composed from the declarations: creating a value needs its list's right in its
 * owner; changing or deleting one needs the right of the list it is in, and a change that moves it
 * to another list or owner needs the right there too. Lists without a right keep the generic answer.
 */
export function listRightRules(lr: ListRights): RuleSource {
  const permissions: TypeRule[] = [
    {
      type: LOV_TYPE,
      action: 'create',
      allow: (caller, ownerOrg, generic, data) => mayHave(lr, caller, listOf(data), ownerOrg, generic),
    },
    {
      type: LOV_TYPE,
      action: 'update',
      allow: (caller, item, generic, change) => {
        if (!mayHave(lr, caller, listOf(item.data), item.ownerOrg, generic)) return false;
        if (!change) return true;
        const list = Object.hasOwn(change, 'list') ? listOf(change) : listOf(item.data);
        const owner = Object.hasOwn(change, 'owner') ? ownerOrgOf(change) : item.ownerOrg;
        const moved = list !== listOf(item.data) || owner !== item.ownerOrg;
        // The generic part of a move is the policy's own (itemOps asks create in the new owner).
        return !moved || mayHave(lr, caller, list, owner, true);
      },
    },
    {
      type: LOV_TYPE,
      action: 'delete',
      allow: (caller, item, generic) => mayHave(lr, caller, listOf(item.data), item.ownerOrg, generic),
    },
  ];
  return { name: 'lists of values (ListDef.editRight)', permissions };
}

/**
 * Which lists `caller` may edit the values of for `ownerOrg` (null: the site's own), as the browser
 * is told: each declared list, and `others` for every list without a right (the generic answer).
 */
export function editableLists(
  lr: ListRights,
  caller: Caller,
  ownerOrg: string | null,
): { lists: Record<string, boolean>; others: boolean } {
  const type = lr.typeOf(LOV_TYPE);
  const others = !!type && canCreate(caller, type, ownerOrg);
  const lists: Record<string, boolean> = {};
  for (const [name, right] of lr.rights) lists[name] = holdsListRight(lr, caller, right, ownerOrg);
  return { lists, others };
}
