/**
 * Whether the signed-in user may take `action` on an open item, as `act/isAllowed` answered it (spec 000
 * §6: asked of the server, cached per action by the item actor): true, false, or undefined while the
 * answer is on its way. Administrators are granted locally, with no question (spec 000 §6).
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { isActionAllowed, type ItemActorRef, type ItemSnapshot } from '../../../machines/item/itemMachine';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import { useActors } from '../session/useActors';

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;
const selectUserId = (s: AuthSnapshot): string | null => selectUser(s)?.$id ?? null;

/** The answer for `action` on the item of `itemRef`, asked once it is needed and again after the caches were dropped. */
export function useItemAllowed(itemRef: ItemActorRef, action: string): boolean | undefined {
  const { auth } = useActors();
  const admin = useSelector(auth, selectAdmin);
  const userId = useSelector(auth, selectUserId);
  const select = useCallback((s: ItemSnapshot) => isActionAllowed(s, action), [action]);
  const answer = useSelector(itemRef, select);
  const unanswered = answer === undefined;
  // The item actor asks each action at most once while a question is on its way, so asking again is cheap.
  useEffect(() => {
    if (!admin && userId && unanswered) itemRef.send({ type: 'item.allowedAsked', actions: [action] });
  }, [itemRef, action, admin, userId, unanswered]);
  if (admin) return true;
  return userId ? answer : false;
}
