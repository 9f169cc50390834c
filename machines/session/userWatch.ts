/**
 * The one watcher of the signed-in user that session actors invoke: it reports the user (once the
 * server has confirmed the token; null otherwise) whenever what the watcher cares about changes.
 */
import { fromCallback, type EventObject } from 'xstate';
import type { UserSession } from '../../src/shared/protocol';
import { getAuth } from '../systemIds';
import { selectTokenValid, selectUser } from './authSelectors';

export type UserWatchEvent = { type: 'session.userChanged'; user: UserSession | null };

export interface UserWatchInput {
  /** Also report when the user's rights change (administrator, organisations and what they may do there), not only who they are. */
  rights?: boolean;
}

/** What tells one report from the next. */
const keyOf = (user: UserSession | null, rights: boolean): string => {
  if (!user) return '';
  if (!rights) return user.$id;
  const orgs = Object.keys(user.organizations ?? {})
    .sort()
    .map((id) => `${id}:${JSON.stringify(user.organizations[id])}`);
  return `${user.$id}|${user.admin}|${orgs.join(',')}`;
};

/** Sends `session.userChanged` now and on every change; unsubscribes when its owner stops. */
export const userWatch = fromCallback<EventObject, UserWatchInput | undefined>(({ system, sendBack, input }) => {
  const auth = getAuth(system);
  if (!auth) return undefined;
  const rights = input?.rights === true;
  let last: string | undefined;
  const report = (): void => {
    const snapshot = auth.getSnapshot();
    const user = selectTokenValid(snapshot) ? selectUser(snapshot) : null;
    const key = keyOf(user, rights);
    if (key === last) return;
    last = key;
    sendBack({ type: 'session.userChanged', user } satisfies UserWatchEvent);
  };
  report();
  const subscription = auth.subscribe(report);
  return () => subscription.unsubscribe();
});
