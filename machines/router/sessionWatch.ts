/**
 * Brings the session actors' news to a router or item actor: the auth state (snapshot subscription),
 * server pushes (`connection.pushed`), items deleted by tasks (`tasks.itemDeleted`) and the order to
 * drop every item cache (`auth.cachesDropped`, spec 000 §4).
 */
import { fromCallback, type EventObject } from 'xstate';
import type { Frame } from '../../src/shared/protocol';
import { selectAuthSettled, selectTokenValid } from '../session/authSelectors';
import { getAuth, getConnection, getTasks } from '../systemIds';

export type SessionWatchEvent =
  /** null while the start-up question "signed in or not" is still open. */
  | { type: 'session.authChanged'; signedIn: boolean | null }
  | { type: 'session.pushed'; frame: Frame }
  | { type: 'session.itemDeleted'; id: string }
  /** Auth entered NONE, TOKEN_SIGN_IN, SIGNOUT or OTHER_TAB_SIGNOUT: forget every item of the previous user. */
  | { type: 'session.cachesDropped' };

export interface SessionWatchInput {
  auth?: boolean;
  pushes?: boolean;
  deletions?: boolean;
  caches?: boolean;
}

/** Subscribes to what the input asks for and sends it back; unsubscribes when its owner stops. */
export const sessionWatch = fromCallback<EventObject, SessionWatchInput>(({ input, system, sendBack }) => {
  const stops: Array<() => void> = [];
  const auth = input.auth ? getAuth(system) : undefined;
  if (auth) {
    let last: boolean | null | undefined;
    const report = (): void => {
      const snapshot = auth.getSnapshot();
      const signedIn = selectAuthSettled(snapshot) ? selectTokenValid(snapshot) : null;
      if (signedIn === last) return;
      last = signedIn;
      sendBack({ type: 'session.authChanged', signedIn } satisfies SessionWatchEvent);
    };
    report();
    const subscription = auth.subscribe(report);
    stops.push(() => subscription.unsubscribe());
  }
  const connection = input.pushes ? getConnection(system) : undefined;
  if (connection) {
    const subscription = connection.on('connection.pushed', (event) =>
      sendBack({ type: 'session.pushed', frame: event.frame } satisfies SessionWatchEvent),
    );
    stops.push(() => subscription.unsubscribe());
  }
  const tasks = input.deletions ? getTasks(system) : undefined;
  if (tasks) {
    const subscription = tasks.on('tasks.itemDeleted', (event) =>
      sendBack({ type: 'session.itemDeleted', id: event.id } satisfies SessionWatchEvent),
    );
    stops.push(() => subscription.unsubscribe());
  }
  // Auth is registered when the session creates it, so an actor the session starts earlier finds it too.
  const dropper = input.caches ? getAuth(system) : undefined;
  if (dropper) {
    const subscription = dropper.on('auth.cachesDropped', () => sendBack({ type: 'session.cachesDropped' } satisfies SessionWatchEvent));
    stops.push(() => subscription.unsubscribe());
  }
  return () => stops.forEach((stop) => stop());
});
