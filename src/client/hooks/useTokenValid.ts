/** Whether the session token counts as valid, and whether start-up has settled that question. */
import { useSelector } from '@xstate/react';
import { selectAuthSettled, selectTokenValid } from '../../../machines/session/authSelectors';
import { useActors } from '../session/useActors';

/** `{ valid, settled }` of the auth actor. */
export function useTokenValid(): { valid: boolean; settled: boolean } {
  const { auth } = useActors();
  return { valid: useSelector(auth, selectTokenValid), settled: useSelector(auth, selectAuthSettled) };
}
