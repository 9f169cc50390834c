/**
 * Puts the view access rule (machines/router/viewAccess.ts) in front of a view: the signed-in user sees
 * the view when the rule lets them, the not-allowed column when it does not, and a status line while
 * their rights are still on their way (a stored token is valid before the server has said who it is).
 */
import { useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { mayUseView } from '../../../machines/router/viewAccess';
import { selectTokenValid, selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import type { NavUser } from '../../shared/modules/ModuleModel';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useT } from '../i18n/useT';
import type { CellViewProps } from '../layout/CellViewProps';
import { MENU_SOURCES } from '../nav/useMenu';
import { useActors } from '../session/useActors';
import { NotAllowedView } from './NotAllowedView';

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;
const selectCapabilities = (s: AuthSnapshot): Record<string, boolean> | null => selectUser(s)?.capabilities ?? null;
const selectOrganizations = (s: AuthSnapshot): Record<string, Record<string, boolean>> | null => selectUser(s)?.organizations ?? null;

/** `View` behind the access rule of the view `key`. */
export function withViewAccess(key: string, View: ComponentType<CellViewProps>): ComponentType<CellViewProps> {
  function Gated(props: CellViewProps) {
    const t = useT();
    const { auth } = useActors();
    const { ownerOrg, dedicated } = useSiteConfig();
    const tokenValid = useSelector(auth, selectTokenValid);
    const admin = useSelector(auth, selectAdmin);
    const capabilities = useSelector(auth, selectCapabilities);
    const organizations = useSelector(auth, selectOrganizations);
    // No token: a public view, or one the router is sending to sign-in; nothing to decide here.
    if (!tokenValid) return <View {...props} />;
    if (!capabilities || !organizations)
      return (
        <p role="status" className="px-4 py-6 text-muted">
          {t('app.loading')}
        </p>
      );
    const user: NavUser = { admin, capabilities, organizations, siteOwner: ownerOrg ?? null, dedicated };
    return mayUseView(key, MENU_SOURCES, user) ? <View {...props} /> : <NotAllowedView {...props} />;
  }
  Gated.displayName = `withViewAccess(${key})`;
  return Gated;
}
