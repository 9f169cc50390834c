/**
 * Ties each system id of machines/systemIds.ts to its machine's actor type. Nothing imports this file:
 * it augments `SystemActors`, so systemIds.ts names no machine and every machine may import it.
 */
import type { ActorRefFrom } from 'xstate';
import type { accountMachine } from './account/accountMachine';
import type { alertsMachine } from './session/alertsMachine';
import type { authMachine } from './session/authMachine';
import type { clockMachine } from './session/clockMachine';
import type { connectionMachine } from './session/connectionMachine';
import type { highlightMachine } from './session/highlightMachine';
import type { lovMachine } from './item/lovMachine';
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

declare module './systemIds' {
  interface SystemActors {
    session: ActorRefFrom<typeof sessionMachine>;
    auth: ActorRefFrom<typeof authMachine>;
    connection: ActorRefFrom<typeof connectionMachine>;
    retry: ActorRefFrom<typeof retryMachine>;
    alerts: ActorRefFrom<typeof alertsMachine>;
    tasks: ActorRefFrom<typeof tasksMachine>;
    sysAlerts: ActorRefFrom<typeof sysAlertsMachine>;
    shell: ActorRefFrom<typeof shellMachine>;
    router: ActorRefFrom<typeof routerMachine>;
    lov: ActorRefFrom<typeof lovMachine>;
    highlight: ActorRefFrom<typeof highlightMachine>;
    searchBar: ActorRefFrom<typeof searchBarMachine>;
    savedSearches: ActorRefFrom<typeof savedSearchesMachine>;
    whatsNew: ActorRefFrom<typeof whatsNewMachine>;
    notifications: ActorRefFrom<typeof notificationsMachine>;
    masquerade: ActorRefFrom<typeof masqueradeMachine>;
    clock: ActorRefFrom<typeof clockMachine>;
    account: ActorRefFrom<typeof accountMachine>;
  }
}
