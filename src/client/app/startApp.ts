/** Creates and starts the root session actor in the browser and wires the browser's events into it. */
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { sessionMachine } from '../../../machines/session/sessionMachine';
import { getAlerts, getShell, SystemId, type SessionActorRef } from '../../../machines/systemIds';
import type { SiteConfig } from '../../shared/protocol';
import { clientVersion } from '../platform/clientVersion';
import { createBrowserEffects } from '../platform/browserEffects';
import { registerServiceWorker } from '../platform/registerServiceWorker';
import { sessionModules } from '../modules/moduleRegistry';

export interface StartOptions {
  siteConfig: SiteConfig;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}

/** The running session of this page. */
export function startApp(win: Window, { siteConfig, inspect }: StartOptions): SessionActorRef {
  let session: SessionActorRef | null = null;
  const debug = (): boolean => (session ? getShell(session.system)?.getSnapshot().context.prefs.debugLogging === true : false);
  const effects = createBrowserEffects(win, debug);
  session = createActor(sessionMachine, {
    input: { siteConfig, clientVersion: clientVersion(siteConfig.version), effects, modules: sessionModules() },
    systemId: SystemId.session,
    ...(inspect ? { inspect } : {}),
  });
  const running = session;
  running.start();
  // Another tab signing in or out shows up here (spec 000 §4 OTHER_TAB_SIGNOUT).
  win.addEventListener('storage', (event) => running.send({ type: 'session.storageChanged', key: event.key, newValue: event.newValue }));
  const shell = getShell(running.system);
  const alerts = getAlerts(running.system);
  if (shell && 'serviceWorker' in win.navigator) {
    void registerServiceWorker(win, shell, (error) => alerts?.send({ type: 'alerts.errorRaised', error }));
  }
  return running;
}
