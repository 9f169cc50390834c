/** The consultation module's browser part: its types, states and files show on the core's screens; its own screens come with the wizard and dashboard. */
import type { ModuleClient } from '../../client/modules/ModuleClient';

export const consultClient: ModuleClient = { name: 'consult' };
