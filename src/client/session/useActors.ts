/** The session's long-lived child actors, looked up once by system id. */
import { useMemo } from 'react';
import {
  getAlerts,
  getAuth,
  getAccount,
  getClock,
  getConnection,
  getHighlight,
  getRetry,
  getLov,
  getMasquerade,
  getNotifications,
  getRouter,
  getSavedSearches,
  getSearchBar,
  getShell,
  getSysAlerts,
  getTasks,
  getWhatsNew,
  type AlertsActorRef,
  type AuthActorRef,
  type AccountActorRef,
  type ClockActorRef,
  type ConnectionActorRef,
  type HighlightActorRef,
  type RetryActorRef,
  type LovActorRef,
  type MasqueradeActorRef,
  type NotificationsActorRef,
  type RouterActorRef,
  type SavedSearchesActorRef,
  type SearchBarActorRef,
  type ShellActorRef,
  type SysAlertsActorRef,
  type TasksActorRef,
  type WhatsNewActorRef,
} from '../../../machines/systemIds';
import { useSession } from './SessionContext';

export interface SessionActors {
  auth: AuthActorRef;
  connection: ConnectionActorRef;
  retry: RetryActorRef;
  alerts: AlertsActorRef;
  tasks: TasksActorRef;
  sysAlerts: SysAlertsActorRef;
  shell: ShellActorRef;
  whatsNew: WhatsNewActorRef;
  router: RouterActorRef;
  lov: LovActorRef;
  searchBar: SearchBarActorRef;
  savedSearches: SavedSearchesActorRef;
  highlight: HighlightActorRef;
  notifications: NotificationsActorRef;
  masquerade: MasqueradeActorRef;
  clock: ClockActorRef;
  account: AccountActorRef;
}

function need<T>(ref: T | undefined, name: string): T {
  if (!ref) throw new Error(`session actor ${name} is not running`);
  return ref;
}

/** Every child of the root session. */
export function useActors(): SessionActors {
  const session = useSession();
  return useMemo(() => {
    const { system } = session;
    return {
      auth: need(getAuth(system), 'auth'),
      connection: need(getConnection(system), 'connection'),
      retry: need(getRetry(system), 'retry'),
      alerts: need(getAlerts(system), 'alerts'),
      tasks: need(getTasks(system), 'tasks'),
      sysAlerts: need(getSysAlerts(system), 'sysAlerts'),
      shell: need(getShell(system), 'shell'),
      whatsNew: need(getWhatsNew(system), 'whatsNew'),
      searchBar: need(getSearchBar(system), 'searchBar'),
      savedSearches: need(getSavedSearches(system), 'savedSearches'),
      router: need(getRouter(system), 'router'),
      lov: need(getLov(system), 'lov'),
      highlight: need(getHighlight(system), 'highlight'),
      notifications: need(getNotifications(system), 'notifications'),
      masquerade: need(getMasquerade(system), 'masquerade'),
      clock: need(getClock(system), 'clock'),
      account: need(getAccount(system), 'account'),
    };
  }, [session]);
}
