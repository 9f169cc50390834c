/**
 * System ids of the long-lived actors of the browser session, and typed getters for them.
 * Every actor finds its peers through `system.get(...)` with these constants, never a string literal.
 * A module's actors take the ids the module declares in its own folder (`machines/<module>/`).
 */
import type { ActorRefFrom } from 'xstate';
import type { accountMachine } from './account/accountMachine';
import type { alertsMachine } from './session/alertsMachine';
import type { clockMachine } from './session/clockMachine';
import type { lovMachine } from './item/lovMachine';
import type { authMachine } from './session/authMachine';
import type { connectionMachine } from './session/connectionMachine';
import type { highlightMachine } from './session/highlightMachine';
import type { masqueradeMachine } from './session/masqueradeMachine';
import type { notificationsMachine } from './session/notificationsMachine';
import type { retryMachine } from './session/retryMachine';
import type { routerMachine } from './router/routerMachine';
import type { savedSearchesMachine } from './search/savedSearchesMachine';
import type { searchBarMachine } from './search/searchBarMachine';
import type { sessionMachine } from './session/sessionMachine';
import type { shellMachine } from './session/shellMachine';
import type { sysAlertsMachine } from './session/sysAlertsMachine';
import type { tasksMachine } from './session/tasksMachine';
import type { whatsNewMachine } from './session/whatsNewMachine';

/** The system ids, one per long-lived actor. */
export const SystemId = {
  session: 'session',
  auth: 'auth',
  connection: 'connection',
  retry: 'retry',
  alerts: 'alerts',
  tasks: 'tasks',
  sysAlerts: 'sysAlerts',
  shell: 'shell',
  router: 'router',
  lov: 'lov',
  highlight: 'highlight',
  searchBar: 'searchBar',
  savedSearches: 'savedSearches',
  whatsNew: 'whatsNew',
  notifications: 'notifications',
  masquerade: 'masquerade',
  clock: 'clock',
  account: 'account',
} as const;
export type SystemId = (typeof SystemId)[keyof typeof SystemId];

/** What the getters need of an actor system: `actor.system` and the `system` of action arguments both fit. */
export interface SystemLike {
  get(key: string): unknown;
}

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type AuthActorRef = ActorRefFrom<typeof authMachine>;
export type ConnectionActorRef = ActorRefFrom<typeof connectionMachine>;
export type RetryActorRef = ActorRefFrom<typeof retryMachine>;
export type AlertsActorRef = ActorRefFrom<typeof alertsMachine>;
export type TasksActorRef = ActorRefFrom<typeof tasksMachine>;
export type SysAlertsActorRef = ActorRefFrom<typeof sysAlertsMachine>;
export type ShellActorRef = ActorRefFrom<typeof shellMachine>;
export type RouterActorRef = ActorRefFrom<typeof routerMachine>;
export type LovActorRef = ActorRefFrom<typeof lovMachine>;
export type HighlightActorRef = ActorRefFrom<typeof highlightMachine>;
export type SearchBarActorRef = ActorRefFrom<typeof searchBarMachine>;
export type SavedSearchesActorRef = ActorRefFrom<typeof savedSearchesMachine>;
export type WhatsNewActorRef = ActorRefFrom<typeof whatsNewMachine>;
export type NotificationsActorRef = ActorRefFrom<typeof notificationsMachine>;
export type MasqueradeActorRef = ActorRefFrom<typeof masqueradeMachine>;
export type ClockActorRef = ActorRefFrom<typeof clockMachine>;
export type AccountActorRef = ActorRefFrom<typeof accountMachine>;

// The registry holds untyped refs; this cast is the one place that ties a system id to its machine.
function lookUp<T>(system: SystemLike, id: SystemId): T | undefined {
  return system.get(id) as T | undefined;
}

/** The root session actor, when the root was created with `systemId: SystemId.session`. */
export const getSession = (system: SystemLike): SessionActorRef | undefined => lookUp(system, SystemId.session);
/** The auth actor (token and user). */
export const getAuth = (system: SystemLike): AuthActorRef | undefined => lookUp(system, SystemId.auth);
/** The connection actor (socket, requests, health). */
export const getConnection = (system: SystemLike): ConnectionActorRef | undefined => lookUp(system, SystemId.connection);
/** The retry actor (reconnect countdown). */
export const getRetry = (system: SystemLike): RetryActorRef | undefined => lookUp(system, SystemId.retry);
/** The alerts actor (snackbar queue). */
export const getAlerts = (system: SystemLike): AlertsActorRef | undefined => lookUp(system, SystemId.alerts);
/** The tasks actor (background tasks). */
export const getTasks = (system: SystemLike): TasksActorRef | undefined => lookUp(system, SystemId.tasks);
/** The system alerts actor. */
export const getSysAlerts = (system: SystemLike): SysAlertsActorRef | undefined => lookUp(system, SystemId.sysAlerts);
/** The shell actor (display preferences, cookie banner, search toggle, new-version prompt). */
export const getShell = (system: SystemLike): ShellActorRef | undefined => lookUp(system, SystemId.shell);
/** The router (columns and cells). */
export const getRouter = (system: SystemLike): RouterActorRef | undefined => lookUp(system, SystemId.router);
/** The hovered item, highlighted in every display of it. */
export const getHighlight = (system: SystemLike): HighlightActorRef | undefined => lookUp(system, SystemId.highlight);
/** The top search bar (open flag, text, suggestions). */
export const getSearchBar = (system: SystemLike): SearchBarActorRef | undefined => lookUp(system, SystemId.searchBar);
/** The what's-new actor (entries and unseen count). */
export const getWhatsNew = (system: SystemLike): WhatsNewActorRef | undefined => lookUp(system, SystemId.whatsNew);
/** The session's cache of lists of values. */
export const getLov = (system: SystemLike): LovActorRef | undefined => lookUp(system, SystemId.lov);
/** The signed-in user's notifications (unread pairs, the list, marks). */
export const getNotifications = (system: SystemLike): NotificationsActorRef | undefined => lookUp(system, SystemId.notifications);
/** Masquerading: the picker dialog and the switch of tokens. */
export const getMasquerade = (system: SystemLike): MasqueradeActorRef | undefined => lookUp(system, SystemId.masquerade);
/** The signed-in user's saved searches. */
export const getSavedSearches = (system: SystemLike): SavedSearchesActorRef | undefined => lookUp(system, SystemId.savedSearches);
/** The clock actor (the time relative times are shown against). */
export const getClock = (system: SystemLike): ClockActorRef | undefined => lookUp(system, SystemId.clock);
/** The account forms (register, forgot password, set password, confirm e-mail). */
export const getAccount = (system: SystemLike): AccountActorRef | undefined => lookUp(system, SystemId.account);
