/** The signed-in user's menu (spec 000 §2), rebuilt when the user or their rights change. */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectTokenValid, selectUser } from '../../../machines/session/authSelectors';
import { modules } from '../../modules';
import { buildMenu, type MenuTree } from '../../shared/modules/buildMenu';
import { CORE_MENU } from '../../shared/modules/coreMenu';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useActors } from '../session/useActors';

const SOURCES = [{ menu: CORE_MENU }, ...modules];

/** The main and admin menus for whoever is signed in (both empty when no one is). */
export function useMenu(): MenuTree {
  const { auth } = useActors();
  const valid = useSelector(auth, selectTokenValid);
  const user = useSelector(auth, selectUser);
  const { dedicated } = useSiteConfig();
  return useMemo(() => buildMenu(SOURCES, valid ? user : null, dedicated), [valid, user, dedicated]);
}
