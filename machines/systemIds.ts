/**
 * System ids of the long-lived actors of the browser session, and typed getters for them.
 * Every actor finds its peers through `system.get(...)` with these constants, never a string literal.
 * A module's actors take the ids the module declares in its own folder (`machines/<module>/`).
 *
 * This file imports no machine, so every machine may import it: the type of each actor comes from
 * `SystemActors`, which `systemActors.ts` fills in from the machines (a module augmentation).
 */

/** System id to the type of the actor registered under it (filled in by `systemActors.ts`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members come from the module augmentation in systemActors.ts
export interface SystemActors {}

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

export type SessionActorRef = SystemActors['session'];
export type AuthActorRef = SystemActors['auth'];
export type ConnectionActorRef = SystemActors['connection'];
export type RetryActorRef = SystemActors['retry'];
export type AlertsActorRef = SystemActors['alerts'];
export type TasksActorRef = SystemActors['tasks'];
export type SysAlertsActorRef = SystemActors['sysAlerts'];
export type ShellActorRef = SystemActors['shell'];
export type RouterActorRef = SystemActors['router'];
export type LovActorRef = SystemActors['lov'];
export type HighlightActorRef = SystemActors['highlight'];
export type SearchBarActorRef = SystemActors['searchBar'];
export type SavedSearchesActorRef = SystemActors['savedSearches'];
export type WhatsNewActorRef = SystemActors['whatsNew'];
export type NotificationsActorRef = SystemActors['notifications'];
export type MasqueradeActorRef = SystemActors['masquerade'];
export type ClockActorRef = SystemActors['clock'];
export type AccountActorRef = SystemActors['account'];

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
