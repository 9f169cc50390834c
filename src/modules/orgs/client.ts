/** The organisations module's browser part: its session actor, and its screens loaded as a chunk of their own. */
import { orgsAdminMachine } from '../../../machines/orgs/orgsAdminMachine';
import { OrgsSystemId } from '../../../machines/orgs/orgsSystemIds';
import type { ModuleClient } from '../../client/modules/ModuleClient';

export const orgsClient: ModuleClient = {
  name: 'orgs',
  // It follows the signed-in user: their sessions and rights, contacts' invitations, the listings.
  actors: [{ systemId: OrgsSystemId.orgsAdmin, logic: orgsAdminMachine, input: (site) => ({ dedicated: site.dedicated }) }],
  panelTypes: ['User', 'Contact'],
  screens: () => import('./ui').then((m) => m.orgsScreens),
};
