/** The dashboard cards the signed-in user sees: every registered module's, by the rule of a menu entry. */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { selectUser, type AuthSnapshot } from '../../../machines/session/authSelectors';
import { modules } from '../../modules';
import type { CardDef } from '../../shared/dashboard/CardDef';
import { cardsFor } from '../../shared/dashboard/cardTable';
import { dashboardCards } from '../../shared/dashboard/dashboardCards';
import { useSiteConfig } from '../hooks/useSiteConfig';
import { useActors } from '../session/useActors';

const selectAdmin = (s: AuthSnapshot): boolean => selectUser(s)?.admin === true;
const selectCapabilities = (s: AuthSnapshot): Record<string, boolean> | null => selectUser(s)?.capabilities ?? null;
const selectOrganizations = (s: AuthSnapshot): Record<string, Record<string, boolean>> | null => selectUser(s)?.organizations ?? null;

/** The user's cards in the modules' order; null while their rights are on their way. */
export function useDashboardCards(): CardDef[] | null {
  const { auth } = useActors();
  const { ownerOrg, dedicated } = useSiteConfig();
  const admin = useSelector(auth, selectAdmin);
  const capabilities = useSelector(auth, selectCapabilities);
  const organizations = useSelector(auth, selectOrganizations);
  return useMemo(() => {
    if (!capabilities || !organizations) return null;
    // The table is checked once (a key defined twice throws here as it stops the server).
    dashboardCards();
    return cardsFor(modules, { admin, capabilities, organizations, siteOwner: ownerOrg ?? null, dedicated });
  }, [admin, capabilities, organizations, ownerOrg, dedicated]);
}
