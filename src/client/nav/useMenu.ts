/** The signed-in user's menu (spec 000 §2), rebuilt when the user, their rights or the menu setting change. */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectTokenValid, selectUser } from '../../../machines/session/authSelectors';
import { modules } from '../../modules';
import { buildMenu, type MenuTree } from '../../shared/modules/buildMenu';
import { CORE_MENU } from '../../shared/modules/coreMenu';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useActors } from '../session/useActors';

/** Where the menu's entries come from: the core and every module. */
export const MENU_SOURCES = [{ menu: CORE_MENU }, ...modules];

/** The main and admin menus for whoever is signed in (both empty when no one is). */
export function useMenu(): MenuTree {
  const { auth } = useActors();
  const valid = useSelector(auth, selectTokenValid);
  const user = useSelector(auth, selectUser);
  const { dedicated, ownerOrg, menu } = useSiteConfig();
  // The owner organisation's show rule needs to know which organisation that is.
  const navUser = useMemo(() => (valid && user ? { ...user, siteOwner: ownerOrg ?? null } : null), [valid, user, ownerOrg]);
  return useMemo(() => buildMenu(MENU_SOURCES, navUser, dedicated, menu), [navUser, dedicated, menu]);
}
