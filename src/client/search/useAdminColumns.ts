/** Whether the signed-in user sees the properties search shows administrators alone (PropertyDef.adminOnly). */
import { useSelector } from '@xstate/react';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useActors } from '../session/useActors';

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;

/** An administrator of a site that is not dedicated (the server counts such facets for administrators only). */
export function useAdminColumns(): boolean {
  const { auth } = useActors();
  const admin = useSelector(auth, selectAdmin);
  return admin && !useSiteConfig().dedicated;
}
