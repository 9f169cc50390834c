import * as yup from 'yup';
import type { ServerState } from '../admin/ServerState';
import type { MemberCandidate, OrgMembersReply, SiteOwnerReply } from '../admin/SiteOwner';
import { ITEM_ACTIONS } from '../capabilities';
import { SEARCH_MIN_TEXT } from '../constants';
import { LOV_LIST_NAME, LOV_LOCALE, LOV_OWNER, type LovLists } from '../items/LovEntry';
import type { LovRights } from '../items/LovRights';
import type { TimelineEvent } from '../items/TimelineEvent';
import { NOTIFY_PREFERENCES, type Item, type NotifyPreference } from '../items/types';
import { menuSettingsBody, type MenuSettings } from '../modules/menuSettings';
import type { UserSessionInfo } from '../modules/userAdmin';
import type { SearchQuery, SearchReply } from '../search/SearchQuery';
import { searchQuerySchema } from '../search/searchQuerySchema';
import { lazy } from '../lazy';
import { defineOperation } from './defineOperation';
import type { LocaleOverridePush, TypeWatchReply } from './frame';
import {
  activeTaskBody,
  capabilityMap,
  closedObject,
  createBody,
  deleteBody,
  idList,
  itemIdString,
  matchFilterBody,
  noBody,
  optionalClosedObject,
  readManyBody,
  typedIdString,
  updateBody,
} from './requestSchemas';
import type { TaskInfo } from './session';

/** Message keys of the catalogue: dotted words. */
export const MESSAGE_KEY = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

const required = 'errors.required';
const str = () => yup.string().typeError('errors.invalidValue');
const bool = () => yup.boolean().typeError('errors.invalidValue');
const indexList = () =>
  yup
    .array(
      yup.number().typeError('errors.number.integer').integer('errors.number.integer').positive('errors.number.natural').required(required),
    )
    .max(1000, 'errors.array.max');

const isObject = (v: unknown): v is SearchQuery => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The query of `search/ids`, checked by the search module's own schema (its messages kept). */
const searchBody = lazy(() =>
  yup
    .mixed<SearchQuery>(isObject)
    .required('search/ids needs a query object')
    .typeError('search/ids needs a query object')
    .test('query', 'errors.invalidValue', (v, ctx) => {
      try {
        searchQuerySchema().validateSync(v);
        return true;
      } catch (e) {
        return e instanceof yup.ValidationError ? ctx.createError({ message: e.message }) : false;
      }
    }),
);

/** Answered `null`: a change with nothing to report. */
type Done = null;

/**
 * Every operation of the core, keyed by a stable name: its pattern, parameters, body and reply.
 * The server's dispatcher validates against it before any handler runs; the browser's request
 * helper takes its types from it. A module adds its own from its folder (ModuleModel.operations).
 */
export const operations = {
  // Session (spec 000 §7).
  ping: defineOperation<'pong'>()({ pattern: 'ping', params: {}, body: noBody }),
  signout: defineOperation<Done>()({ pattern: 'signout', params: {}, body: noBody, socketOnly: true, signedIn: true }),
  nextToken: defineOperation<Done>()({ pattern: 'nextToken', params: {}, body: noBody, socketOnly: true, signedIn: true }),

  // Items.
  create: defineOperation<Item>()({ pattern: 'create/:type', params: { type: 'typeName' }, body: createBody, signedIn: true }),
  read: defineOperation<Item>()({ pattern: 'read/:id', params: { id: 'id' }, body: noBody }),
  readAllowed: defineOperation<Item | null>()({ pattern: 'readAllowed/:id', params: { id: 'id' }, body: noBody }),
  update: defineOperation<Item>()({ pattern: 'update', params: {}, body: updateBody, signedIn: true }),
  delete: defineOperation<Item>()({ pattern: 'delete/:id', params: { id: 'id' }, body: deleteBody, signedIn: true }),
  readMany: defineOperation<Record<string, Item>>()({ pattern: 'readMany/object', params: {}, body: readManyBody }),
  label: defineOperation<string>()({ pattern: 'label/:id', params: { id: 'id' }, body: noBody }),
  timeline: defineOperation<TimelineEvent[]>()({ pattern: 'timeline/:id', params: { id: 'id' }, body: noBody, signedIn: true }),
  // A state only the server changes (src/shared/items/stateCharts.ts): the item's chart decides.
  transition: defineOperation<Item>()({
    pattern: 'transition/:id',
    params: { id: 'id' },
    signedIn: true,
    body: () =>
      closedObject({
        event: str().matches(MESSAGE_KEY, 'errors.invalidValue').max(100, 'errors.maxLength').required(required),
        _u: yup.number().typeError('errors.number.integer').integer('errors.number.integer').min(1).required(required),
      }),
  }),

  // Watches.
  addWatch: defineOperation<Item | TypeWatchReply>()({
    pattern: 'addWatch/:id',
    params: { id: 'id' },
    body: matchFilterBody,
    socketOnly: true,
  }),
  addWatchAt: defineOperation<Item | null>()({
    pattern: 'addWatch/:id/:u',
    params: { id: 'id', u: 'whole' },
    body: noBody,
    socketOnly: true,
  }),
  removeWatch: defineOperation<Done>()({ pattern: 'removeWatch/:id', params: { id: 'id' }, body: noBody, socketOnly: true }),
  removeTypeWatch: defineOperation<Done>()({
    pattern: 'removeWatch/:id/:count',
    params: { id: 'id', count: 'whole' },
    body: noBody,
    socketOnly: true,
  }),

  // Permissions, memberships and grants (spec 000 §6).
  isAllowed: defineOperation<{ allowed: Record<string, boolean>; applyGrants: boolean }>()({
    pattern: 'act/isAllowed',
    params: {},
    body: () =>
      closedObject({
        id: str().max(200, 'errors.invalidId').required(required),
        actions: yup.array(str().max(40).required(required)).min(1, 'errors.array.min').max(20, 'errors.array.max').required(required),
      }),
  }),
  getGrantedBy: defineOperation<{ result: Record<string, Record<string, { grantee: string; actions: string[] }[]>> }>()({
    pattern: 'act/getGrantedBy',
    params: {},
    signedIn: true,
    body: () => closedObject({ grantsFor: closedObject({ type: str().max(64).required(required), ids: idList(1000).required(required) }) }),
  }),
  grant: defineOperation<Item>()({
    pattern: 'act/grant',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        id: itemIdString().required(required),
        grantee: typedIdString('User', 'Organization').required(required),
        actions: yup
          .array(
            str()
              .oneOf([...ITEM_ACTIONS], 'errors.invalidValue')
              .required(required),
          )
          .max(10, 'errors.array.max')
          .required(required),
        grantedBy: itemIdString(),
      }),
  }),
  filterByPerm: defineOperation<{ results: string[] }>()({
    pattern: 'act/filterByPerm',
    params: {},
    signedIn: true,
    body: () => closedObject({ subject: typedIdString('User'), chain: idList(1000).required(required), grantedBy: itemIdString() }),
  }),
  rolesAvailable: defineOperation<string[]>()({ pattern: 'act/rolesAvailable', params: {}, body: noBody, signedIn: true }),
  setMembership: defineOperation<Done>()({
    pattern: 'act/setMembership',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        userId: typedIdString('User').required(required),
        orgId: typedIdString('Organization').required(required),
        capabilities: capabilityMap().required(required),
      }),
  }),
  removeMembership: defineOperation<Done>()({
    pattern: 'act/removeMembership',
    params: {},
    signedIn: true,
    body: () => closedObject({ userId: typedIdString('User').required(required), orgId: typedIdString('Organization').required(required) }),
  }),
  setCapabilities: defineOperation<Done>()({
    pattern: 'act/setCapabilities',
    params: {},
    signedIn: true,
    body: () => closedObject({ userId: typedIdString('User').required(required), capabilities: capabilityMap().required(required) }),
  }),
  masquerade: defineOperation<{ newToken: string; expires: string }>()({
    pattern: 'act/masquerade',
    params: {},
    signedIn: true,
    socketOnly: true,
    body: () => closedObject({ targetUserID: typedIdString('User'), stop: bool() }),
  }),

  // Notifications.
  getNotify: defineOperation<{ notify: NotifyPreference }>()({
    pattern: 'act/getNotify',
    params: {},
    signedIn: true,
    body: () => closedObject({ id: itemIdString().required(required) }),
  }),
  setNotify: defineOperation<{ notify: NotifyPreference }>()({
    pattern: 'act/setNotify',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        id: itemIdString().required(required),
        notify: yup
          .mixed<NotifyPreference>()
          .oneOf([...NOTIFY_PREFERENCES], 'errors.invalidValue')
          .required(required),
      }),
  }),
  markNotifications: defineOperation<{ notifyPairs: [number, string][] }>()({
    pattern: 'act/markNotifications',
    params: {},
    signedIn: true,
    body: () => closedObject({ indexes: indexList().required(required), asUnread: bool() }),
  }),
  fetchNotifications: defineOperation<Item[]>()({
    pattern: 'act/fetchNotifications',
    params: {},
    signedIn: true,
    body: () =>
      optionalClosedObject({
        ids: indexList(),
        max: yup.number().typeError('errors.number.integer').integer('errors.number.integer').min(1).max(500),
      }),
  }),

  // What's new, old paths, the switch action.
  whatsNew: defineOperation<Item[]>()({
    pattern: 'act/whatsNew',
    params: {},
    signedIn: true,
    body: () => closedObject({ locale: str().matches(LOV_LOCALE, 'errors.invalidValue').required(required) }),
  }),
  getLegacyPath: defineOperation<{ itemId: string }>()({
    pattern: 'act/getLegacyPath',
    params: {},
    body: () => closedObject({ alias: str().max(2000, 'errors.maxLength').required(required) }),
  }),
  setLegacyPath: defineOperation<{ itemId: string }>()({
    pattern: 'act/setLegacyPath',
    params: {},
    signedIn: true,
    body: () => closedObject({ alias: str().max(2000, 'errors.maxLength').required(required), itemId: itemIdString().required(required) }),
  }),
  switch: defineOperation<Item>()({
    pattern: 'switch/:id',
    params: { id: 'id' },
    signedIn: true,
    // The value's kind depends on the property: the item store checks it against the type.
    body: () =>
      closedObject({
        prop: str().max(100).required(required),
        value: yup.mixed<string | number | boolean | string[]>().nullable().defined(required),
      }),
  }),

  // Sessions and blocking.
  blockUser: defineOperation<{ blocked: boolean }>()({
    pattern: 'act/blockUser',
    params: {},
    signedIn: true,
    body: () => closedObject({ userId: typedIdString('User').required(required), blocked: bool().required(required) }),
  }),
  endSessions: defineOperation<{ ended: number }>()({
    pattern: 'act/endSessions',
    params: {},
    signedIn: true,
    body: () => optionalClosedObject({ userId: typedIdString('User'), keepCurrent: bool() }),
  }),
  mySessions: defineOperation<UserSessionInfo[]>()({ pattern: 'act/mySessions', params: {}, body: noBody, signedIn: true }),
  endMySession: defineOperation<Done>()({
    pattern: 'act/endMySession',
    params: {},
    signedIn: true,
    body: () => closedObject({ id: str().max(200).required(required) }),
  }),

  // Long-running tasks (spec 000 §7). A task kind checks its own body (src/server/tasks).
  startTask: defineOperation<TaskInfo>()({
    pattern: 'act/:name/async',
    params: { name: 'actName' },
    signedIn: true,
    body: () => yup.mixed<object | string | number | boolean>().nullable(),
  }),
  taskStatus: defineOperation<TaskInfo>()({
    pattern: 'act/:name/async/:key',
    params: { name: 'actName', key: 'taskKey' },
    body: noBody,
    signedIn: true,
  }),
  cancelTask: defineOperation<TaskInfo>()({
    pattern: 'act/:name/asyncCancel/:key',
    params: { name: 'actName', key: 'taskKey' },
    body: noBody,
    signedIn: true,
  }),
  activeTask: defineOperation<TaskInfo>()({ pattern: 'activeTask/:key', params: { key: 'taskKey' }, body: activeTaskBody, signedIn: true }),
  activeTaskN: defineOperation<TaskInfo>()({
    pattern: 'activeTask/:key/:n',
    params: { key: 'taskKey', n: 'whole' },
    body: activeTaskBody,
    signedIn: true,
  }),

  // Search (spec 000 §3): a query the search bar sends while the user types is not a form, so a
  // refusal stays parseRequestFailed, which the browser passes over quietly (spec 000 §8).
  search: defineOperation<SearchReply>()({ pattern: 'search/ids', params: {}, body: searchBody, refusal: 'parseRequestFailed' }),

  // What the edit fields ask besides search.
  lov: defineOperation<LovLists>()({
    pattern: 'act/lov',
    params: {},
    body: () =>
      closedObject({
        list: str().matches(LOV_LIST_NAME, 'errors.invalidValue').required(required),
        locale: str().matches(LOV_LOCALE, 'errors.invalidValue').required(required),
        owner: str().matches(LOV_OWNER, 'errors.invalidId'),
        includeArchived: bool(),
      }),
  }),
  // Which lists of values the caller may edit for an owner (none: the site's own), for admin.lovs.
  lovRights: defineOperation<LovRights>()({
    pattern: 'act/lovRights',
    params: {},
    signedIn: true,
    body: () => closedObject({ owner: str().matches(LOV_OWNER, 'errors.invalidId') }),
  }),
  blockedContacts: defineOperation<{ blocked: string[] }>()({
    pattern: 'act/blockedContacts',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({ ids: yup.array(typedIdString('Contact').required(required)).max(200, 'errors.array.max').required(required) }),
  }),

  // Administration: the server's state and the site texts.
  serverState: defineOperation<ServerState>()({ pattern: 'act/serverState', params: {}, body: noBody, signedIn: true }),
  localeOverrides: defineOperation<Record<string, string>>()({
    pattern: 'act/localeOverrides',
    params: {},
    signedIn: true,
    body: () => closedObject({ lang: str().matches(LOV_LOCALE, 'errors.invalidValue').required(required) }),
  }),
  setLocaleOverride: defineOperation<LocaleOverridePush>()({
    pattern: 'act/setLocaleOverride',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        lang: str().matches(LOV_LOCALE, 'errors.invalidValue').required(required),
        key: str().matches(MESSAGE_KEY, 'errors.invalidValue').max(200, 'errors.maxLength').required(required),
        message: str().max(5000, 'errors.maxLength').nullable().defined(required),
      }),
  }),

  // The owner organisation of a dedicated deployment, and its members.
  siteOwner: defineOperation<SiteOwnerReply>()({ pattern: 'act/siteOwner', params: {}, body: noBody, signedIn: true }),
  setSiteOwner: defineOperation<{ orgId: string | null }>()({
    pattern: 'act/setSiteOwner',
    params: {},
    signedIn: true,
    body: () => closedObject({ orgId: typedIdString('Organization').nullable().defined(required) }),
  }),
  orgMembers: defineOperation<OrgMembersReply>()({
    pattern: 'act/orgMembers',
    params: {},
    signedIn: true,
    body: () => closedObject({ orgId: typedIdString('Organization').required(required) }),
  }),
  orgMemberCandidates: defineOperation<MemberCandidate[]>()({
    pattern: 'act/orgMemberCandidates',
    params: {},
    signedIn: true,
    body: () =>
      closedObject({
        orgId: typedIdString('Organization').required(required),
        text: str()
          .test('min', 'errors.minLength', (v) => v === undefined || v.trim().length >= SEARCH_MIN_TEXT)
          .max(200, 'errors.maxLength')
          .required(required),
      }),
  }),

  // The menu setting of a dedicated deployment.
  menuSettings: defineOperation<MenuSettings>()({ pattern: 'act/menuSettings', params: {}, body: noBody, signedIn: true }),
  setMenuSettings: defineOperation<MenuSettings>()({
    pattern: 'act/setMenuSettings',
    params: {},
    signedIn: true,
    body: () => menuSettingsBody().noUnknown('errors.unknownProperty').required(required),
  }),
} as const;
