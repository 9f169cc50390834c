/** The consultation module's menu entries and views (spec 001 §2 "Consultation"). */
import type { NavItem, NavUser } from '../../shared/modules/ModuleModel';
import type { ViewRegistry } from '../../shared/modules/ViewDef';
import { CONSULT_RESPOND, CONSULT_SUBMIT } from './consultRules';

/** Whether `user` holds `capability` on the whole site or in any of their organisations. */
export const holds = (user: NavUser, capability: string): boolean =>
  user.capabilities[capability] === true || Object.values(user.organizations).some((rights) => rights[capability] === true);

/** A responder: ConsultRespond on the site or for a community (administrators pass every rule anyway). */
export const isResponder = (user: NavUser): boolean => holds(user, CONSULT_RESPOND);

/**
 * The group's rule (spec 001 §2): shown on a shared site; on a dedicated one only to those the
 * consultation capabilities are given to, submitting or responding (and administrators).
 */
export const seesConsultation = (user: NavUser): boolean => !user.dedicated || holds(user, CONSULT_SUBMIT) || isResponder(user);

const group = { show: seesConsultation } as const;
const responder = { show: (user: NavUser) => seesConsultation(user) && isResponder(user) } as const;

export const consultMenu: readonly NavItem[] = [
  { path: 'consult', title: 'menu.consult', icon: 'assignment', ...group },
  { path: 'consult.dashboard', title: 'views.v-consult.dashboard', icon: 'dashboard', ...group },
  { path: 'consult.projects', title: 'views.v-consult.projects', icon: 'assignment', ...group },
  { path: 'consult.organizations', title: 'views.v-consult.organizations', icon: 'organization', ...group },
  { path: 'consult.contacts', title: 'views.v-consult.contacts', icon: 'contact', ...group },
  { path: 'consult.audit', title: 'views.v-consult.audit', icon: 'history', ...group },
  { path: 'consult.attachments', title: 'views.v-consult.attachments', icon: 'attachment', ...group },
  { path: 'consult.communications', title: 'views.v-consult.communications', icon: 'forum', ...responder },
  { path: 'consult.meetings', title: 'views.v-consult.meetings', icon: 'event', ...responder },
];

export const consultViews: ViewRegistry = {
  'v-consult': {},
  'v-consult.dashboard': { width: 'FULL' },
  'v-consult.projects': {},
  'v-consult.organizations': {},
  'v-consult.contacts': {},
  'v-consult.audit': {},
  'v-consult.attachments': {},
  'v-consult.communications': {},
  'v-consult.meetings': {},
};

/** The English labels of the entries above (shown by the core before the module's screens load). */
export const screenLabels: Readonly<Record<string, string>> = {
  'menu.consult': 'Consultation',
  'views.v-consult': 'Consultation',
  'views.v-consult.dashboard': 'Consultation dashboard',
  'views.v-consult.projects': 'Projects',
  'views.v-consult.organizations': 'Organisations',
  'views.v-consult.contacts': 'Contacts',
  'views.v-consult.audit': 'State changes',
  'views.v-consult.attachments': 'Files',
  'views.v-consult.communications': 'Communications',
  'views.v-consult.meetings': 'Meetings',
};
