/** The organisations module's session actor, for the module's screens. */
import { getOrgsAdmin, type OrgsAdminActorRef } from '../../../../machines/orgs/orgsSystemIds';
import { useSession } from '../../../client/session/SessionContext';

/** The running `orgsAdmin` actor of the session. */
export function useOrgsAdmin(): OrgsAdminActorRef {
  const ref = getOrgsAdmin(useSession().system);
  if (!ref) throw new Error('session actor orgsAdmin is not running');
  return ref;
}
