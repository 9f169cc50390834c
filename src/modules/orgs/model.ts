import type { CardUser } from '../../shared/dashboard/CardDef';
import type { ItemData, ItemTypeDef } from '../../shared/items/types';
import type { ModuleModel } from '../../shared/modules/ModuleModel';
import { orgsLabels } from './labels';
import type { MeetingStatus } from './meetingStatus';
import { orgsOperations } from './operations';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Lists of values the module's forms draw from (an organisation's own values). */
export const ORG_LISTS = {
  commLogTypes: 'ORG_COMMLOG_TYPES',
  commLogDirections: 'ORG_COMMLOG_DIRECTIONS',
  meetingTypes: 'ORG_MEETING_TYPES',
} as const;

/** A record of one communication with an organisation: a call, a letter, an e-mail. */
export const CommLogType: ItemTypeDef = {
  name: 'CommLog',
  defaultIcon: 'forum',
  defaultAccess: 'PROTECTED',
  properties: {
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    context: { kind: 'REL' },
    subject: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    date: { kind: 'DT', required: true, sortable: true, facet: { kind: 'dateRanges' } },
    type: { kind: 'LOV', list: ORG_LISTS.commLogTypes, required: true, facet: { kind: 'terms' } },
    direction: { kind: 'LOV', list: ORG_LISTS.commLogDirections, required: true, facet: { kind: 'terms' } },
    /** The people of the organisation who took part. */
    contacts: { kind: 'REL', relTypes: ['Contact'], multiple: true },
    notes: { kind: 'HTM', maxLength: 50_000 },
    /** The letter, e-mail or recording itself. */
    attachments: { kind: 'ATT' },
  },
  orgContacts: [{ org: 'owner', contacts: 'contacts' }],
  label: (item: ItemData) => text(item.subject),
  listItem: { title: 'subject', subtitle: 'date', icon: 'forum' },
  defaultHeaders: ['date', 'subject', 'type', 'direction'],
  layout: {
    sections: [{ key: 'communication', properties: ['subject', 'type', 'direction'] }],
    side: ['date', 'owner', 'contacts', 'context'],
  },
};

/** The statuses a meeting passes through (spec 001 §4), in order. */
const MEETING_STATUSES: readonly MeetingStatus[] = ['PENDING', 'ONGOING', 'PAST'];

/** A meeting of an organisation with others; its status (PENDING, ONGOING, PAST) follows from its times. */
export const MeetingType: ItemTypeDef = {
  name: 'Meeting',
  defaultIcon: 'event',
  defaultAccess: 'PROTECTED',
  dateRanges: [['start', 'end']],
  properties: {
    owner: { kind: 'REL', relTypes: ['Organization'], required: true },
    summary: { kind: 'textField', required: true, notBlank: true, maxLength: 300, sortable: true },
    date: { kind: 'DT', required: true, sortable: true, facet: { kind: 'dateRanges' } },
    start: { kind: 'textField', maxLength: 5, sortable: true },
    end: { kind: 'textField', maxLength: 5 },
    meetingTypes: { kind: 'LOV', list: ORG_LISTS.meetingTypes, multiple: true, required: true, facet: { kind: 'terms' } },
    context: { kind: 'REL' },
    otherOrgs: { kind: 'REL', relTypes: ['Organization'], multiple: true },
    otherContacts: { kind: 'REL', relTypes: ['Contact'], multiple: true },
    /** The agenda, minutes, slides and recordings of the meeting. */
    attachments: { kind: 'ATT' },
    /** Derived by the server from date, start and end whenever it presents a meeting (orgs server part); never stored. */
    $status: { kind: 'SEL', options: MEETING_STATUSES, readOnly: true },
  },
  label: (item: ItemData) => text(item.summary),
  listItem: { title: 'summary', subtitle: 'date', icon: 'event' },
  defaultHeaders: ['date', 'start', 'summary', '$status'],
  layout: {
    sections: [{ key: 'meeting', properties: ['summary', '$status', 'meetingTypes'] }],
    side: ['date', 'start', 'end', 'owner', 'otherOrgs', 'otherContacts', 'context'],
  },
};

/** A member of at least one organisation: whose meetings and communications the dashboard shows. */
const isMember = (user: CardUser): boolean => Object.keys(user.organizations).length > 0;

/** Organisations, contacts and users: the first domain module, and the example for all others. */
export const orgsModule: ModuleModel = {
  name: 'orgs',
  itemTypes: [CommLogType, MeetingType],
  // Whoever may record an organisation's communications or meetings decides what kinds it keeps
  // (spec 001 §6 names none for these lists: docs/decisions.md, "Rights on lists of values").
  lists: [
    { name: ORG_LISTS.commLogTypes, required: true, editRight: { action: 'create', type: 'CommLog' } },
    { name: ORG_LISTS.commLogDirections, required: true, editRight: { action: 'create', type: 'CommLog' } },
    { name: ORG_LISTS.meetingTypes, required: true, editRight: { action: 'create', type: 'Meeting' } },
  ],
  menu: [
    { path: 'my-organizations', title: 'menu.myOrganizations', icon: 'organization' },
    { path: 'my-contacts', title: 'menu.myContacts', icon: 'contact' },
  ],
  operations: orgsOperations,
  // The home screen of members (and administrators): their organisations' meetings by date, and the latest communications.
  cards: [
    {
      key: 'orgs.meetings',
      title: 'dashboard.orgs.meetings',
      size: 'TWO_THIRDS',
      kind: 'calendar',
      type: 'Meeting',
      dateProperty: 'date',
      show: isMember,
    },
    {
      key: 'orgs.commLogs',
      title: 'dashboard.orgs.commLogs',
      size: 'THIRD',
      kind: 'list',
      type: 'CommLog',
      sort: [{ key: 'date', order: 'desc' }],
      empty: 'dashboard.orgs.noCommLogs',
      show: isMember,
    },
  ],
  views: { 'v-my-organizations': {}, 'v-my-contacts': {} },
  labels: orgsLabels,
  // Material Design's "forum": two speech bubbles, a conversation on record.
  icons: {
    forum: 'M21 6h-2v9H6v2c0 .55.45 1 1 1h11l4 4V7c0-.55-.45-1-1-1m-4 6V3c0-.55-.45-1-1-1H3c-.55 0-1 .45-1 1v14l4-4h10c.55 0 1-.45 1-1',
  },
};
